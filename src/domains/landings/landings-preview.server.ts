import 'server-only'
import { db } from '@/db/client'
import { landingDraftByCode } from './landings-admin.server'
import type { ProductLanding } from './landings'
import { resolveProductLanding } from './landings.server'

/**
 * A product landing's draft as the storefront will show it (ADR 203): read fresh, never cached, hidden
 * landings too. Only the landing page calls it, and only in the staff's draft mode.
 */
export async function loadProductLandingPreview(
  code: string,
): Promise<(ProductLanding & { published: boolean }) | null> {
  const row = await landingDraftByCode(db(), code)
  const landing = row ? await resolveProductLanding(row.code, row.title, row.data) : null
  // Published: what the editor sees is what buyers see (no draft, and the landing is shown).
  return landing && row ? { ...landing, published: row.published } : null
}
