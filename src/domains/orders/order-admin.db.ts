import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { auditLog, cities, deliveryServices, orderLines, orderNotes, orderStatusHistory, orders, outbox, paySystems, paymentRefunds, payments } from '@/db/schema'
import { TRACK_PROP } from './fulfilment'
import { orderSearch, type OrderFilter, type OrderSort } from './order-admin.schema'

type Q = Db | Tx

/** A `like` pattern that finds `text` anywhere, its own % _ \ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The shop's day is Moscow's (UTC+3 all year since 2014): a date filter covers that whole day there,
 * whatever the server's or the database's time zone.
 */
function moscowMidnight(date: string, plusDays = 0): Date {
  const at = new Date(`${date}T00:00:00+03:00`)
  at.setUTCDate(at.getUTCDate() + plusDays)
  return at
}

function searchCondition(q: string): SQL | undefined {
  const search = orderSearch(q)
  if (!search) return undefined
  switch (search.kind) {
    case 'number-or-phone': {
      const parts: SQL[] = []
      if (search.orderId !== null) parts.push(eq(orders.id, search.orderId))
      if (search.phoneDigits !== null) parts.push(like(orders.phoneDigits, containing(search.phoneDigits)))
      // Digits that are neither a possible order number nor a phone piece find nothing, not everything.
      return parts.length ? or(...parts) : sql`false`
    }
    case 'email':
      return ilike(orders.email, containing(search.text))
    case 'words':
      return and(...search.words.map((w) => or(ilike(orders.buyerName, containing(w)), ilike(orders.email, containing(w)))))
  }
}

export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const where: (SQL | undefined)[] = []
  if (filter.ids?.length) where.push(inArray(orders.id, filter.ids))
  if (filter.status?.length) where.push(inArray(orders.status, filter.status))
  if (filter.payment === 'paid') where.push(isNotNull(orders.paidAt))
  if (filter.payment === 'unpaid') where.push(isNull(orders.paidAt))
  if (filter.paySystem) where.push(eq(orders.paySystemCode, filter.paySystem))
  // delivery_id is the checkout's DELIVERY_ID as text: the service's id.
  if (filter.deliveryType) {
    where.push(inArray(orders.deliveryId, sql`(select ${deliveryServices.id}::text from ${deliveryServices} where ${deliveryServices.type} = ${filter.deliveryType})`))
  }
  if (filter.carrier) {
    where.push(inArray(orders.deliveryId, sql`(select ${deliveryServices.id}::text from ${deliveryServices} where ${deliveryServices.code} = ${filter.carrier})`))
  }
  if (filter.from) where.push(gte(orders.createdAt, moscowMidnight(filter.from)))
  if (filter.to) where.push(lt(orders.createdAt, moscowMidnight(filter.to, 1)))
  if (filter.totalFrom !== undefined) where.push(gte(orders.total, filter.totalFrom))
  if (filter.totalTo !== undefined) where.push(lte(orders.total, filter.totalTo))
  if (filter.city) where.push(eq(orders.locationCode, filter.city))
  if (filter.coupon) where.push(sql`upper(${orders.couponCode}) = ${filter.coupon.toUpperCase()}`)
  if (filter.q) where.push(searchCondition(filter.q))
  return and(...where)
}

function orderBy(sort: OrderSort): SQL[] {
  switch (sort) {
    case '-created':
      return [desc(orders.createdAt), desc(orders.id)]
    case 'created':
      return [asc(orders.createdAt), asc(orders.id)]
    case '-total':
      return [desc(orders.total), desc(orders.id)]
    case 'total':
      return [asc(orders.total), asc(orders.id)]
  }
}

const listColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  paidAt: orders.paidAt,
  buyerName: orders.buyerName,
  phone: orders.phone,
  email: orders.email,
  locationName: orders.locationName,
  deliveryId: orders.deliveryId,
  deliveryName: orders.deliveryName,
  paySystemCode: orders.paySystemCode,
  paySystemName: orders.paySystemName,
  couponCode: orders.couponCode,
  goodsPrice: orders.goodsPrice,
  deliveryPrice: orders.deliveryPrice,
  total: orders.total,
  trackNumber: sql<string | null>`${orders.props} ->> ${TRACK_PROP}`,
}

/**
 * A page of the list with each order's piece count. The counts are read for the page's orders only,
 * by a second query: as a subquery of the select list they ran for every row an OFFSET skips too
 * (page 500 by sum took 240 ms, 2 ms without).
 */
export async function selectOrderPage(q: Q, filter: OrderFilter, page: { offset: number; limit: number }) {
  const rows = await q
    .select(listColumns)
    .from(orders)
    .where(orderFilterWhere(filter))
    .orderBy(...orderBy(filter.sort))
    .limit(page.limit)
    .offset(page.offset)
  const counts = new Map<number, number>()
  for (let i = 0; i < rows.length; i += 5_000) {
    const ids = rows.slice(i, i + 5_000).map((r) => r.id)
    const found = await q
      .select({ orderId: orderLines.orderId, items: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .groupBy(orderLines.orderId)
    for (const f of found) counts.set(f.orderId, f.items)
  }
  return rows.map((r) => ({ ...r, items: counts.get(r.id) ?? 0 }))
}

export type OrderListRow = Awaited<ReturnType<typeof selectOrderPage>>[number]

/**
 * How many orders the filter finds, counted up to `cap` and no further: an exact count of 100 000
 * rows reads them all (150 ms on a busy PGlite; 50-130 ms for 8 000 of them on a busy PostgreSQL),
 * while a manager reads "more than 1 000" the same and narrows the filter.
 */
export async function countOrders(q: Q, filter: OrderFilter, cap: number): Promise<number> {
  const found = q.select({ one: sql`1` }).from(orders).where(orderFilterWhere(filter)).limit(cap + 1).as('found')
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(found)
  return row?.n ?? 0
}

/** The choices of the list's filters: cities that have orders, delivery services, payment methods. */
export async function orderFilterChoices(q: Q) {
  const [cityRows, deliveryRows, payRows] = await Promise.all([
    q
      .select({ code: cities.code, name: cities.name })
      .from(cities)
      .where(sql`exists (select 1 from ${orders} where ${orders.locationCode} = ${cities.code})`)
      .orderBy(asc(cities.name)),
    q.select({ code: deliveryServices.code, name: deliveryServices.name, type: deliveryServices.type }).from(deliveryServices).orderBy(asc(deliveryServices.sort)),
    q.select({ code: paySystems.code, name: paySystems.name }).from(paySystems).orderBy(asc(paySystems.sort)),
  ])
  return { cities: cityRows, carriers: deliveryRows, paySystems: payRows }
}

/** What the order page shows beside the order: its payments and refunds, notes, audit lines and mails. */
export async function orderSideRows(q: Q, orderId: number) {
  const [paymentRows, refundRows, noteRows, auditRows] = await Promise.all([
    q.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    q.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(asc(paymentRefunds.id)),
    q.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id)),
    q
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId))))
      .orderBy(asc(auditLog.id)),
  ])
  return { payments: paymentRows, refunds: refundRows, notes: noteRows, audit: auditRows }
}

/**
 * The outbox rows of the order's mails, found by their dedupe keys (the outbox has no order column;
 * the keys are the ones checkout, order-mail and payment-refund write).
 */
export async function outboxByKeys(q: Q, keys: readonly string[]) {
  if (keys.length === 0) return []
  return q
    .select({ id: outbox.id, dedupeKey: outbox.dedupeKey, payload: outbox.payload, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
    .from(outbox)
    .where(inArray(outbox.dedupeKey, [...keys]))
    .orderBy(asc(outbox.id))
}

export async function insertOrderNote(q: Q, note: typeof orderNotes.$inferInsert) {
  const [row] = await q.insert(orderNotes).values(note).returning()
  if (!row) throw new Error('note insert returned nothing')
  return row
}

/** A staff member's note on the status step just taken (the step reaches a status once: no cycles). */
export async function noteOnStep(q: Q, orderId: number, to: string, note: string): Promise<void> {
  await q
    .update(orderStatusHistory)
    .set({ note })
    .where(
      eq(
        orderStatusHistory.id,
        sql`(select max(${orderStatusHistory.id}) from ${orderStatusHistory} where ${orderStatusHistory.orderId} = ${orderId} and ${orderStatusHistory.toStatus} = ${to})`,
      ),
    )
}
