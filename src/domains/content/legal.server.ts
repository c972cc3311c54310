import 'server-only'
import { and, eq } from 'drizzle-orm'
import { db } from '@/db/client'
import { legalPages } from '@/db/schema'
import { cached } from '@/lib/cache'
import type { LegalPage } from './legal'

/**
 * A legal page as the storefront shows it: the edited row (ADR 200), cached under 'content'; in an
 * editor's preview (ADR 201) read past the cache with hidden pages included.
 */
export function legalPage(
  slug: string,
  drafts = false,
): Promise<(LegalPage & { published: boolean }) | null> {
  const load = async () => {
    const [row] = await db()
      .select({
        slug: legalPages.slug,
        title: legalPages.title,
        sections: legalPages.sections,
        published: legalPages.active,
      })
      .from(legalPages)
      .where(and(eq(legalPages.slug, slug), drafts ? undefined : eq(legalPages.active, true)))
    return row ?? null
  }
  return drafts ? load() : cached(`content:legal:${slug}`, { tags: ['content'] }, load)
}
