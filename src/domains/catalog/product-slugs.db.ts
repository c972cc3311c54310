import { and, eq } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { products, productSlugs, sections } from '@/db/schema'
import { productUrl } from './catalog'

/** The current address of a published product that once had `code` as its code (ADR 178), or null. */
export async function selectMovedProductUrl(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ code: products.code, sectionCode: sections.code })
    .from(productSlugs)
    .innerJoin(products, eq(products.id, productSlugs.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(and(eq(productSlugs.slug, code), eq(products.active, true)))
  return row ? productUrl(row.sectionCode, row.code) : null
}
