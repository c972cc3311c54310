import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { encElementProducts, encElements, encSections, products } from '@/db/schema'

type Conn = Db | Tx

export async function selectEncSections(db: Conn) {
  return db
    .select({ ID: encSections.id, NAME: encSections.name, CODE: encSections.code })
    .from(encSections)
    .orderBy(asc(encSections.sort), asc(encSections.id))
}

/** Elements of one section, or of all sections when sectionId is 0; drafts: hidden ones too (ADR 208). */
export async function selectEncElementLinks(db: Conn, sectionId: number, drafts = false) {
  return db
    .select({ NAME: encElements.name, CODE: encElements.code, published: encElements.active })
    .from(encElements)
    .where(and(drafts ? undefined : eq(encElements.active, true), sectionId > 0 ? eq(encElements.sectionId, sectionId) : undefined))
}

/** drafts: an editor's preview (ADR 201) also sees hidden elements. */
export async function selectEncElement(db: Conn, code: string, drafts = false) {
  const [row] = await db
    .select({
      id: encElements.id,
      code: encElements.code,
      name: encElements.name,
      previewText: encElements.previewText,
      text: encElements.text,
      matchTerms: encElements.matchTerms,
      sectionName: encSections.name,
      sectionCode: encSections.code,
      published: encElements.active,
    })
    .from(encElements)
    .innerJoin(encSections, eq(encSections.id, encElements.sectionId))
    .where(and(eq(encElements.code, code), drafts ? undefined : eq(encElements.active, true)))
  return row ?? null
}

/** Every active element with its match terms: the composition matcher's dictionary. */
export async function selectEncDictionary(db: Conn) {
  return db
    .select({ id: encElements.id, code: encElements.code, name: encElements.name, matchTerms: encElements.matchTerms })
    .from(encElements)
    .where(eq(encElements.active, true))
    .orderBy(asc(encElements.name))
}

export async function selectExplicitElementProducts(db: Conn, elementId: number): Promise<number[]> {
  const rows = await db.select({ id: encElementProducts.productId }).from(encElementProducts).where(eq(encElementProducts.elementId, elementId))
  return rows.map((r) => r.id)
}

export async function selectExplicitProductElements(db: Conn, productId: number): Promise<number[]> {
  const rows = await db.select({ id: encElementProducts.elementId }).from(encElementProducts).where(eq(encElementProducts.productId, productId))
  return rows.map((r) => r.id)
}

/** Compositions of buyable products, for matching ingredient terms. */
export async function selectCompositions(db: Conn, productIds?: readonly number[]) {
  return db
    .select({ id: products.id, composition: products.composition, rating: products.rating })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        productIds ? inArray(products.id, [...productIds]) : undefined,
        sql`${products.composition} <> ''`,
      ),
    )
    .orderBy(desc(products.rating), asc(products.id))
}
