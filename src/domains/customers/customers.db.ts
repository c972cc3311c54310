import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { orders, products, reviews, sessions, subscriptions, userAddresses, users } from '@/db/schema'
import { likePattern, type CustomerSearch } from './customers'

type Q = Db | Tx

/** The account's phone as the search compares it: digits, a leading 8 or a bare ten read as 7. */
const phoneDigits = sql`(case
  when length(regexp_replace(${users.phone}, '[^0-9]', '', 'g')) = 11 and left(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), 1) = '8'
    then '7' || substr(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), 2)
  when length(regexp_replace(${users.phone}, '[^0-9]', '', 'g')) = 10 then '7' || regexp_replace(${users.phone}, '[^0-9]', '', 'g')
  else regexp_replace(${users.phone}, '[^0-9]', '', 'g') end)`

function whereOf(search: CustomerSearch | null): SQL | undefined {
  if (!search) return undefined
  switch (search.kind) {
    case 'phone':
      return sql`${phoneDigits} like ${likePattern(search.digits)}`
    case 'email':
      return ilike(users.email, likePattern(search.text))
    case 'words':
      return and(...search.words.map((w) => or(ilike(users.name, likePattern(w)), ilike(users.email, likePattern(w)))))
  }
}

export async function selectCustomers(q: Q, search: CustomerSearch | null, page: { offset: number; limit: number }) {
  return q
    .select({ id: users.id, email: users.email, name: users.name, phone: users.phone, createdAt: users.createdAt, subscribed: users.subscribed })
    .from(users)
    .where(whereOf(search))
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.offset)
    .limit(page.limit)
}

export async function countCustomers(q: Q, search: CustomerSearch | null): Promise<number> {
  const [row] = await q.select({ n: count() }).from(users).where(whereOf(search))
  return row?.n ?? 0
}

/**
 * The orders of a person as the account's erasure sees them (orders.server's lockOrdersOfPerson):
 * placed while signed in, or from one of the account's sessions before the order was attached.
 */
function ordersOf(userIds: readonly number[]): SQL {
  const ownSessions = sql`(select ${sessions.id} from ${sessions} where ${inArray(sessions.userId, [...userIds])})`
  return or(inArray(orders.userId, [...userIds]), sql`${orders.sessionId} in ${ownSessions}`)!
}

export interface OrderTotals {
  orders: number
  /** Orders not cancelled, and their sum in kopecks. */
  active: number
  spent: number
  /** Paid and not cancelled. */
  paid: number
  lastOrderAt: Date | null
}

const totalsColumns = {
  orders: sql<number>`count(*)::int`,
  active: sql<number>`(count(*) filter (where ${orders.status} <> 'cancelled'))::int`,
  spent: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`.mapWith(Number),
  paid: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} <> 'cancelled' and ${orders.paidAt} is not null), 0)::bigint`.mapWith(Number),
  lastOrderAt: sql<Date | null>`max(${orders.createdAt})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
}

/** Totals per account for a page of the list (orders placed while signed in). */
export async function totalsByUser(q: Q, userIds: readonly number[]): Promise<Map<number, OrderTotals>> {
  if (userIds.length === 0) return new Map()
  const rows = await q
    .select({ userId: orders.userId, ...totalsColumns })
    .from(orders)
    .where(inArray(orders.userId, [...userIds]))
    .groupBy(orders.userId)
  return new Map(rows.map(({ userId, ...t }) => [userId!, t]))
}

export async function totalsOfPerson(q: Q, userId: number): Promise<OrderTotals> {
  const [row] = await q.select(totalsColumns).from(orders).where(ordersOf([userId]))
  return row ?? { orders: 0, active: 0, spent: 0, paid: 0, lastOrderAt: null }
}

export async function userById(q: Q, id: number) {
  const [row] = await q.select().from(users).where(eq(users.id, id))
  return row
}

export async function addressesOf(q: Q, userId: number): Promise<string[]> {
  const rows = await q.select({ address: userAddresses.address }).from(userAddresses).where(eq(userAddresses.userId, userId)).orderBy(userAddresses.position)
  return rows.map((r) => r.address)
}

export async function ordersOfPerson(q: Q, userId: number, limit: number) {
  return q
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paidAt: orders.paidAt,
      total: orders.total,
      deliveryName: orders.deliveryName,
      address: orders.address,
      // Spelled out: inside a select list drizzle names columns without their table, and the inner
      // "id" would be the line's own.
      items: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(ordersOf([userId]))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
}

export async function subscriptionsOf(q: Q, user: { id: number; email: string }) {
  return q
    .select({ id: subscriptions.id, page: subscriptions.page, status: subscriptions.status, createdAt: subscriptions.createdAt, confirmedAt: subscriptions.confirmedAt })
    .from(subscriptions)
    .where(or(eq(subscriptions.userId, user.id), eq(subscriptions.email, user.email)))
    .orderBy(desc(subscriptions.createdAt))
}

export async function reviewsOf(q: Q, userId: number, limit: number) {
  return q
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      rating: reviews.rating,
      text: reviews.text,
      status: reviews.status,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
}

/** The kept orders of an erased person name no one; the placeholder says why (152-ФЗ). */
export async function markOrdersAnonymised(tx: Tx, orderIds: readonly number[], placeholder: string): Promise<void> {
  if (orderIds.length === 0) return
  await tx.update(orders).set({ buyerName: placeholder }).where(inArray(orders.id, [...orderIds]))
}
