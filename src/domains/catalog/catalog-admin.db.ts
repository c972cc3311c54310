import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { badges, brands, offers, orderLines, productBadges, products, productSections, productSlugs, sections } from '@/db/schema'
import { EDITOR_BADGES, type EditorBadge } from './catalog-admin'

/** The product editor's queries (issue 20, ADR 178); the storefront's reads stay in catalog.db.ts. */
type Q = Db | Tx

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function selectProductRows(q: Q, filter: { q?: string; section?: string; brand?: string; state?: 'published' | 'hidden' }, limit: number, offset: number) {
  const where: SQL[] = []
  if (filter.q) {
    const pattern = like(filter.q)
    where.push(or(ilike(products.name, pattern), ilike(products.code, pattern), sql`exists (select 1 from offers o where o.product_id = ${products.id} and o.sku ilike ${pattern})`)!)
  }
  if (filter.section)
    where.push(
      sql`(${sections.code} = ${filter.section} or exists (select 1 from product_sections ps join sections s on s.id = ps.section_id where ps.product_id = ${products.id} and s.code = ${filter.section}))`,
    )
  if (filter.brand) where.push(eq(brands.code, filter.brand))
  if (filter.state) where.push(eq(products.active, filter.state === 'published'))
  const [rows, [total]] = await Promise.all([
    q
      .select({
        id: products.id,
        code: products.code,
        name: products.name,
        sectionCode: sections.code,
        sectionName: sections.name,
        brandName: brands.name,
        published: products.active,
        offers: sql<number>`(select count(*)::int from offers o where o.product_id = ${products.id})`,
        minPrice: sql<number | null>`(select min(o.price)::int from offers o where o.product_id = ${products.id} and o.active)`,
        stock: sql<number | null>`(select sum(o.stock)::int from offers o where o.product_id = ${products.id} and o.active)`,
      })
      .from(products)
      .innerJoin(sections, eq(sections.id, products.sectionId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(...where))
      .orderBy(desc(products.id))
      .limit(limit)
      .offset(offset),
    q
      .select({ n: count() })
      .from(products)
      .innerJoin(sections, eq(sections.id, products.sectionId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(...where)),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function selectProduct(q: Q, id: number, lock = false) {
  const query = q.select().from(products).where(eq(products.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}
export type ProductRecord = NonNullable<Awaited<ReturnType<typeof selectProduct>>>

export async function selectProductExtras(q: Q, productId: number) {
  const [extraSections, badgeRows, slugRows, offerRows, sectionRow] = await Promise.all([
    q.select({ id: productSections.sectionId }).from(productSections).where(eq(productSections.productId, productId)).orderBy(asc(productSections.sectionId)),
    q
      .select({ code: badges.code })
      .from(productBadges)
      .innerJoin(badges, eq(badges.id, productBadges.badgeId))
      .where(and(eq(productBadges.productId, productId), inArray(badges.code, [...EDITOR_BADGES]))),
    q.select({ slug: productSlugs.slug }).from(productSlugs).where(eq(productSlugs.productId, productId)).orderBy(desc(productSlugs.createdAt), asc(productSlugs.slug)),
    q
      .select({
        offer: offers,
        ordered: sql<boolean>`exists (select 1 from order_lines l where l.offer_id = ${offers.id})`,
      })
      .from(offers)
      .where(eq(offers.productId, productId))
      .orderBy(asc(offers.sort), asc(offers.id)),
    q.select({ code: sections.code }).from(sections).innerJoin(products, eq(products.sectionId, sections.id)).where(eq(products.id, productId)),
  ])
  return {
    extraSectionIds: extraSections.map((s) => s.id),
    badges: badgeRows.map((b) => b.code as EditorBadge),
    oldCodes: slugRows.map((s) => s.slug),
    offers: offerRows.map((r) => ({ ...r.offer, ordered: Boolean(r.ordered) })),
    sectionCode: sectionRow[0]?.code ?? '',
  }
}

export async function codeTaken(q: Q, code: string, exceptId = 0): Promise<boolean> {
  const [row] = await q.select({ id: products.id }).from(products).where(and(eq(products.code, code), ne(products.id, exceptId))).limit(1)
  return row !== undefined
}

export async function skuTaken(q: Q, sku: string, exceptId = 0): Promise<boolean> {
  const [row] = await q.select({ id: offers.id }).from(offers).where(and(eq(offers.sku, sku), ne(offers.id, exceptId))).limit(1)
  return row !== undefined
}

export async function existingSectionIds(q: Q, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await q.select({ id: sections.id }).from(sections).where(inArray(sections.id, [...ids]))
  return new Set(rows.map((r) => r.id))
}

export async function brandExists(q: Q, id: number): Promise<boolean> {
  const [row] = await q.select({ id: brands.id }).from(brands).where(eq(brands.id, id))
  return row !== undefined
}

/** The extra sections: all of `sectionIds` but the main one. */
export async function setExtraSections(tx: Tx, productId: number, mainId: number, sectionIds: readonly number[]): Promise<void> {
  await tx.delete(productSections).where(eq(productSections.productId, productId))
  const extra = sectionIds.filter((id) => id !== mainId)
  if (extra.length) await tx.insert(productSections).values(extra.map((sectionId) => ({ productId, sectionId })))
}

/** Sets the editor's badges; a product's other badges (vegan, GMP…) stay. */
export async function setEditorBadges(tx: Tx, productId: number, wanted: readonly EditorBadge[]): Promise<void> {
  const rows = await tx.select({ id: badges.id, code: badges.code }).from(badges).where(inArray(badges.code, [...EDITOR_BADGES]))
  const ids = rows.map((r) => r.id)
  if (ids.length) await tx.delete(productBadges).where(and(eq(productBadges.productId, productId), inArray(productBadges.badgeId, ids)))
  const add = rows.filter((r) => (wanted as readonly string[]).includes(r.code))
  if (add.length) await tx.insert(productBadges).values(add.map((r) => ({ productId, badgeId: r.id })))
}

/** The old code keeps answering with a 301; the new one, if it was an old address, is one no more. */
export async function moveSlug(tx: Tx, productId: number, oldCode: string, newCode: string): Promise<void> {
  await tx.delete(productSlugs).where(eq(productSlugs.slug, newCode))
  await tx
    .insert(productSlugs)
    .values({ slug: oldCode, productId })
    .onConflictDoUpdate({ target: productSlugs.slug, set: { productId, createdAt: sql`now()` } })
}

/** A new product's code may have been another product's old address: the live product wins. */
export async function releaseSlug(tx: Tx, code: string): Promise<void> {
  await tx.delete(productSlugs).where(eq(productSlugs.slug, code))
}

export async function selectOffer(q: Q, id: number, lock = false) {
  const query = q.select().from(offers).where(eq(offers.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}
export type OfferRecord = NonNullable<Awaited<ReturnType<typeof selectOffer>>>

export async function offerOrdered(q: Q, offerId: number): Promise<boolean> {
  const [row] = await q.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.offerId, offerId)).limit(1)
  return row !== undefined
}

export async function activeOfferCount(q: Q, productId: number, exceptOfferId = 0): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(offers)
    .where(and(eq(offers.productId, productId), eq(offers.active, true), ne(offers.id, exceptOfferId)))
  return row?.n ?? 0
}

export async function nextOfferSort(q: Q, productId: number): Promise<number> {
  const [row] = await q.select({ max: sql<number | null>`max(${offers.sort})::int` }).from(offers).where(eq(offers.productId, productId))
  return (row?.max ?? 0) + 10
}

/** The editor's pick lists: every section and brand, in the storefront's order. */
export async function selectCatalogOptions(q: Q) {
  const [sectionRows, brandRows] = await Promise.all([
    q.select({ id: sections.id, code: sections.code, name: sections.name }).from(sections).orderBy(asc(sections.sort), asc(sections.name)),
    q.select({ id: brands.id, code: brands.code, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ])
  return { sections: sectionRows, brands: brandRows }
}
