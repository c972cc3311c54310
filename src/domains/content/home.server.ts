import 'server-only'
import { asc, eq } from 'drizzle-orm'
import { db } from '@/db/client'
import { sections } from '@/db/schema'
import { cached } from '@/lib/cache'

export function homePurposes() {
  return cached('home:purposes', { tags: ['catalog'] }, () =>
    db()
      .select({ code: sections.code, name: sections.name, description: sections.description })
      .from(sections)
      .where(eq(sections.active, true))
      .orderBy(asc(sections.sort)),
  )
}
