import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import {
  brands,
  exchangeGroups,
  exchangeImports,
  exchangeLog,
  exchangeOffers,
  exchangeOrders,
  exchangePriceTypes,
  exchangeProducts,
  exchangePropertyValues,
  exchangeSessions,
  offers,
  orderLines,
  orders,
  productProperties,
  products,
  sections,
  staff,
} from '@/db/schema'

type Q = Db | Tx

export async function insertExchangeSession(q: Q, staffId: number, tokenHash: string, at: Date): Promise<number> {
  const [row] = await q.insert(exchangeSessions).values({ staffId, tokenHash, createdAt: at, lastSeenAt: at }).returning({ id: exchangeSessions.id })
  return row!.id
}

export async function exchangeSessionByHash(q: Q, tokenHash: string) {
  const [row] = await q
    .select({ session: exchangeSessions, member: { id: staff.id, name: staff.name, email: staff.email, role: staff.role, active: staff.active } })
    .from(exchangeSessions)
    .innerJoin(staff, eq(staff.id, exchangeSessions.staffId))
    .where(eq(exchangeSessions.tokenHash, tokenHash))
  return row
}

export async function touchExchangeSession(q: Q, id: number, at: Date): Promise<void> {
  await q.update(exchangeSessions).set({ lastSeenAt: at }).where(eq(exchangeSessions.id, id))
}

export async function insertLogLine(q: Q, line: typeof exchangeLog.$inferInsert): Promise<void> {
  await q.insert(exchangeLog).values(line)
}

export async function logLines(q: Q, limit: number) {
  return q.select().from(exchangeLog).orderBy(sql`${exchangeLog.id} desc`).limit(limit)
}

/** The import of a file in a run; the row is locked, so two repeated requests never work on it at once. */
export async function lockedImport(tx: Tx, sessionId: number, filename: string) {
  await tx.insert(exchangeImports).values({ sessionId, filename }).onConflictDoNothing()
  const [row] = await tx
    .select()
    .from(exchangeImports)
    .where(and(eq(exchangeImports.sessionId, sessionId), eq(exchangeImports.filename, filename)))
    .for('update')
  return row!
}

export async function saveImport(tx: Tx, id: number, values: { position: number; done: boolean; counts: Record<string, number>; at: Date }): Promise<void> {
  await tx.update(exchangeImports).set({ position: values.position, done: values.done, counts: values.counts, updatedAt: values.at }).where(eq(exchangeImports.id, id))
}

export async function groupById(q: Q, externalId: string) {
  const [row] = await q.select().from(exchangeGroups).where(eq(exchangeGroups.externalId, externalId))
  return row
}

export async function upsertGroupRow(q: Q, values: typeof exchangeGroups.$inferInsert): Promise<void> {
  await q
    .insert(exchangeGroups)
    .values(values)
    .onConflictDoUpdate({ target: exchangeGroups.externalId, set: { name: values.name, parentExternalId: values.parentExternalId } })
}

export async function sectionCodeTaken(q: Q, code: string): Promise<boolean> {
  return (await q.select({ id: sections.id }).from(sections).where(eq(sections.code, code))).length > 0
}

export async function insertSection(q: Q, values: { code: string; name: string }): Promise<number> {
  const [row] = await q.insert(sections).values(values).returning({ id: sections.id })
  return row!.id
}

export async function renameSection(q: Q, id: number, name: string): Promise<void> {
  await q.update(sections).set({ name }).where(eq(sections.id, id))
}

export async function sectionByCode(q: Q, code: string) {
  const [row] = await q.select({ id: sections.id }).from(sections).where(eq(sections.code, code))
  return row
}

export async function brandByName(q: Q, name: string) {
  const [row] = await q.select({ id: brands.id }).from(brands).where(sql`lower(${brands.name}) = lower(${name})`)
  return row
}

export async function brandByCode(q: Q, code: string) {
  const [row] = await q.select({ id: brands.id }).from(brands).where(eq(brands.code, code))
  return row
}

export async function insertBrand(q: Q, values: { code: string; name: string }): Promise<number> {
  const [row] = await q.insert(brands).values(values).onConflictDoNothing().returning({ id: brands.id })
  return row?.id ?? (await brandByCode(q, values.code))!.id
}

export async function productCodeTaken(q: Q, code: string): Promise<boolean> {
  return (await q.select({ id: products.id }).from(products).where(eq(products.code, code))).length > 0
}

export async function linkedProduct(q: Q, externalId: string) {
  const [row] = await q
    .select({ id: products.id, active: products.active, description: products.description, link: exchangeProducts })
    .from(exchangeProducts)
    .innerJoin(products, eq(products.id, exchangeProducts.productId))
    .where(eq(exchangeProducts.externalId, externalId))
  return row
}

export async function insertProduct(q: Q, values: typeof products.$inferInsert): Promise<number> {
  const [row] = await q.insert(products).values(values).returning({ id: products.id })
  return row!.id
}

export async function updateProductRow(q: Q, id: number, values: Partial<typeof products.$inferInsert>): Promise<void> {
  if (Object.keys(values).length) await q.update(products).set(values).where(eq(products.id, id))
}

export async function linkProduct(q: Q, values: typeof exchangeProducts.$inferInsert): Promise<void> {
  const { externalId: _, productId: __, ...set } = values
  await q.insert(exchangeProducts).values(values).onConflictDoUpdate({ target: exchangeProducts.externalId, set })
}

export async function setProperty(q: Q, productId: number, name: string, value: string): Promise<void> {
  await q
    .insert(productProperties)
    .values({ productId, name, value })
    .onConflictDoUpdate({ target: [productProperties.productId, productProperties.name], set: { value } })
}

export async function linkedOffer(q: Q, externalId: string) {
  const [row] = await q
    .select({ offer: offers })
    .from(exchangeOffers)
    .innerJoin(offers, eq(offers.id, exchangeOffers.offerId))
    .where(eq(exchangeOffers.externalId, externalId))
  return row?.offer
}

export async function skuTaken(q: Q, sku: string, exceptId = 0): Promise<boolean> {
  return (await q.select({ id: offers.id }).from(offers).where(and(eq(offers.sku, sku), ne(offers.id, exceptId)))).length > 0
}

export async function insertOffer(q: Q, values: typeof offers.$inferInsert): Promise<number> {
  const [row] = await q.insert(offers).values(values).returning({ id: offers.id })
  return row!.id
}

export async function updateOfferRow(q: Q, id: number, values: Partial<typeof offers.$inferInsert>): Promise<void> {
  if (Object.keys(values).length) await q.update(offers).set(values).where(eq(offers.id, id))
}

export async function linkOffer(q: Q, values: { externalId: string; productExternalId: string; offerId: number; seenIn: number }): Promise<void> {
  await q.insert(exchangeOffers).values(values).onConflictDoUpdate({ target: exchangeOffers.externalId, set: { seenIn: values.seenIn } })
}



/** A full import hides the goods it no longer lists (never deletes them: orders name them). */
export async function hideUnseenProducts(q: Q, seenIn: number): Promise<number> {
  const rows = await q
    .update(products)
    .set({ active: false })
    .where(
      and(
        eq(products.active, true),
        inArray(products.id, q.select({ id: exchangeProducts.productId }).from(exchangeProducts).where(or(isNull(exchangeProducts.seenIn), lt(exchangeProducts.seenIn, seenIn)))),
      ),
    )
    .returning({ id: products.id })
  return rows.length
}

export async function hideUnseenOffers(q: Q, seenIn: number): Promise<number> {
  const rows = await q
    .update(offers)
    .set({ active: false })
    .where(
      and(
        eq(offers.active, true),
        inArray(offers.id, q.select({ id: exchangeOffers.offerId }).from(exchangeOffers).where(or(isNull(exchangeOffers.seenIn), lt(exchangeOffers.seenIn, seenIn)))),
      ),
    )
    .returning({ id: offers.id })
  return rows.length
}


export async function putPropertyValues(q: Q, rows: { key: string; value: string }[]): Promise<void> {
  if (!rows.length) return
  await q.insert(exchangePropertyValues).values(rows).onConflictDoUpdate({ target: exchangePropertyValues.key, set: { value: sql`excluded.value` } })
}

export async function propertyValues(q: Q, keys: readonly string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map()
  const rows = await q.select().from(exchangePropertyValues).where(inArray(exchangePropertyValues.key, [...keys]))
  return new Map(rows.map((r) => [r.key, r.value]))
}

export async function putPriceType(q: Q, externalId: string, name: string): Promise<void> {
  await q.insert(exchangePriceTypes).values({ externalId, name }).onConflictDoUpdate({ target: exchangePriceTypes.externalId, set: { name } })
}

export async function priceTypes(q: Q) {
  return q.select().from(exchangePriceTypes)
}


/** Products of the exchange left with no offer on sale go off sale. */
export async function hideProductsWithoutSale(q: Q): Promise<void> {
  await q.execute(sql`update products p set active = false
    where p.active and p.id in (select product_id from exchange_products)
      and not exists (select 1 from offers o where o.product_id = p.id and o.active)`)
}

/** Orders 1С has not taken yet, oldest first. */
export async function untakenOrders(q: Q, limit: number) {
  return q
    .select({ order: orders })
    .from(orders)
    .leftJoin(exchangeOrders, eq(exchangeOrders.orderId, orders.id))
    .where(isNull(exchangeOrders.takenAt))
    .orderBy(orders.id)
    .limit(limit)
}

/** The lines of orders with the 1С Ид of their offer, or its SKU for an offer 1С did not bring. */
export async function linesForExchange(q: Q, orderIds: readonly number[]) {
  if (!orderIds.length) return []
  return q
    .select({ line: orderLines, externalId: exchangeOffers.externalId, sku: offers.sku })
    .from(orderLines)
    .leftJoin(exchangeOffers, eq(exchangeOffers.offerId, orderLines.offerId))
    .leftJoin(offers, eq(offers.id, orderLines.offerId))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(orderLines.id)
}

export async function markOrdersSent(q: Q, sessionId: number, orderIds: readonly number[], at: Date): Promise<void> {
  if (!orderIds.length) return
  await q
    .insert(exchangeOrders)
    .values(orderIds.map((orderId) => ({ orderId, sessionId, sentAt: at })))
    .onConflictDoUpdate({ target: exchangeOrders.orderId, set: { sessionId, sentAt: at } })
}

export async function markOrdersTaken(q: Q, sessionId: number, at: Date): Promise<number> {
  const rows = await q
    .update(exchangeOrders)
    .set({ takenAt: at })
    .where(and(eq(exchangeOrders.sessionId, sessionId), isNull(exchangeOrders.takenAt)))
    .returning({ id: exchangeOrders.orderId })
  return rows.length
}

/**
 * Puts the products on sale or off it as their offers and 1С's deletion mark say; only rows whose
 * state really changes are written, since each product write also rewrites its search vector.
 */
export async function settleProductsOnSale(q: Q, productIds: readonly number[]): Promise<void> {
  if (!productIds.length) return
  await q.execute(sql`update products p set active = s.on_sale
    from (
      select p2.id,
        not coalesce((select ep.deleted from exchange_products ep where ep.product_id = p2.id), false)
          and exists (select 1 from offers o where o.product_id = p2.id and o.active) as on_sale
      from products p2 where p2.id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
    ) s
    where p.id = s.id and p.active is distinct from s.on_sale`)
}

/** The linked offers among these 1С ids, by id; an id not in the map has no offer yet. */
export async function linkedOffers(q: Q, externalIds: readonly string[]): Promise<Map<string, typeof offers.$inferSelect | undefined>> {
  const found = new Map<string, typeof offers.$inferSelect | undefined>(externalIds.map((id) => [id, undefined]))
  if (!externalIds.length) return found
  const rows = await q
    .select({ externalId: exchangeOffers.externalId, offer: offers })
    .from(exchangeOffers)
    .innerJoin(offers, eq(offers.id, exchangeOffers.offerId))
    .where(inArray(exchangeOffers.externalId, [...externalIds]))
  for (const row of rows) found.set(row.externalId, row.offer)
  return found
}

export async function markOffersSeen(q: Q, externalIds: readonly string[], seenIn: number): Promise<void> {
  if (externalIds.length) await q.update(exchangeOffers).set({ seenIn }).where(inArray(exchangeOffers.externalId, [...externalIds]))
}
