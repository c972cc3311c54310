import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { couponUses, coupons, deliveryServices, orderLines, orderStatusHistory, orders, sessions } from '@/db/schema'
import type { OrderStatus } from './order-status'

type Q = Db | Tx

export type OrderRow = typeof orders.$inferSelect
export type NewOrder = typeof orders.$inferInsert
export type OrderLineRow = typeof orderLines.$inferSelect
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>

export async function insertOrder(tx: Tx, order: NewOrder, lines: readonly NewOrderLine[]): Promise<number> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id })
  if (!row) throw new Error('order insert returned nothing')
  if (lines.length) await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })))
  await tx.insert(orderStatusHistory).values({ orderId: row.id, fromStatus: null, toStatus: order.status ?? 'new' })
  return row.id
}

export async function recordCouponUse(tx: Tx, couponId: number, orderId: number): Promise<void> {
  await tx.insert(couponUses).values({ couponId, orderId })
}

export async function orderById(q: Q, id: number): Promise<OrderRow | undefined> {
  const [row] = await q.select().from(orders).where(eq(orders.id, id))
  return row
}

/** The code of the order's delivery service (the carrier of its tracking link), or null. */
export async function deliveryServiceCode(q: Q, deliveryId: string): Promise<string | null> {
  if (!/^\d{1,9}$/.test(deliveryId)) return null
  const [row] = await q.select({ code: deliveryServices.code }).from(deliveryServices).where(eq(deliveryServices.id, Number(deliveryId)))
  return row?.code ?? null
}

export async function linesOf(q: Q, orderId: number): Promise<OrderLineRow[]> {
  return q.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id))
}

export async function ordersOfUser(q: Q, userId: number): Promise<OrderRow[]> {
  return q.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id))
}

/**
 * Moves an order from `from` to `to` as one conditional update, so of two concurrent moves exactly
 * one happens. Unguarded (negative control only): the caller's earlier read is trusted and the row is
 * written unconditionally. Returns whether this call moved it.
 */
export async function moveStatus(
  q: Q,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  guarded: boolean,
  extra: Partial<Pick<OrderRow, 'paidAt' | 'cancelledAt'>> = {},
): Promise<boolean> {
  const rows = await q
    .update(orders)
    .set({ status: to, ...extra })
    .where(guarded ? and(eq(orders.id, orderId), eq(orders.status, from)) : eq(orders.id, orderId))
    .returning({ id: orders.id })
  if (rows.length !== 1) return false
  await q.insert(orderStatusHistory).values({ orderId, fromStatus: from, toStatus: to })
  return true
}


export async function releaseCouponUse(tx: Tx, orderId: number): Promise<void> {
  const released = await tx.delete(couponUses).where(eq(couponUses.orderId, orderId)).returning({ couponId: couponUses.couponId })
  for (const r of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, r.couponId))
  }
}

export async function statusHistory(q: Q, orderId: number) {
  return q.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id))
}

/** Links a guest's order to the account created for it; an order that has an owner keeps it. */
export async function attachOrderToUser(q: Q, orderId: number, userId: number): Promise<void> {
  await q.update(orders).set({ userId }).where(and(eq(orders.id, orderId), isNull(orders.userId)))
}

/**
 * Sets and removes order props in one statement (jsonb merge, then key removal), so two updates
 * of different props never overwrite each other with a stale copy.
 */
export async function updateOrderProps(q: Q, orderId: number, set: Record<string, string>, remove: readonly string[]): Promise<void> {
  let props = sql`(${orders.props} || ${JSON.stringify(set)}::jsonb)`
  for (const key of remove) props = sql`(${props} - ${key}::text)`
  await q.update(orders).set({ props }).where(eq(orders.id, orderId))
}

/** Records the subscribe box on the visitor's latest order with this e-mail; false when there is none. */
export async function markLatestOrderSubscribed(q: Q, owner: { sessionId: number; userId: number | null }, email: string): Promise<boolean> {
  const rows = await q
    .update(orders)
    .set({ props: sql`${orders.props} || '{"SUBSCRIBE":"Y"}'::jsonb` })
    .where(
      sql`${orders.id} = (select id from orders where lower(email) = ${email.toLowerCase()}
        and (session_id = ${owner.sessionId} or user_id = ${owner.userId ?? -1}) order by id desc limit 1)`,
    )
    .returning({ id: orders.id })
  return rows.length === 1
}

/** Orders of the account or of any of its sessions (a guest order placed before signing in), locked. */
export async function lockOrdersOfPerson(tx: Tx, userId: number): Promise<OrderRow[]> {
  const ownSessions = tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
  return tx
    .select()
    .from(orders)
    .where(or(eq(orders.userId, userId), inArray(orders.sessionId, ownSessions)))
    .orderBy(asc(orders.id))
    .for('update')
}

/**
 * Strips the person from orders kept for accounting (ADR 100): name, e-mail, phone, address, comment
 * and every prop not on `keptProps` go; amounts, lines, dates, statuses, delivery and payment stay.
 */
export async function anonymiseOrders(tx: Tx, orderIds: readonly number[], keptProps: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return
  const names = keptProps.length ? sql.join(keptProps.map((k) => sql`${k}`), sql`, `) : sql`null`
  const kept = sql`coalesce((select jsonb_object_agg(key, value) from jsonb_each(${orders.props}) where key in (${names})), '{}'::jsonb)`
  await tx
    .update(orders)
    .set({ userId: null, sessionId: null, buyerName: '', email: '', phone: '', address: '', comment: '', props: kept })
    .where(inArray(orders.id, [...orderIds]))
}

/** Orders still waiting for their online payment that were placed before `before`, oldest first. */
export async function awaitingPaymentSince(q: Q, before: Date, limit: number): Promise<OrderRow[]> {
  return q
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.createdAt, before)))
    .orderBy(asc(orders.id))
    .limit(limit)
}
