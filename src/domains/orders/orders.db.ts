import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { couponUses, coupons, offers, orderLines, orderStatusHistory, orders } from '@/db/schema'
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

export async function linesOf(q: Q, orderId: number): Promise<OrderLineRow[]> {
  return q.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id))
}

export async function ordersOfUser(q: Q, userId: number): Promise<OrderRow[]> {
  return q.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id))
}

/**
 * Moves an order to `to`. Guarded: only from a status the table allows, as one conditional update, so
 * of two concurrent moves exactly one happens. Unguarded (negative control): read, then write.
 */
export async function moveStatus(
  q: Q,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  guarded: boolean,
  extra: Partial<Pick<OrderRow, 'paidAt' | 'cancelledAt'>> = {},
): Promise<OrderStatus | null> {
  let previous: OrderStatus | undefined
  if (!guarded) {
    const current = await orderById(q, orderId)
    if (!current || !from.includes(current.status)) return null
    previous = current.status
  }
  const rows = await q
    .update(orders)
    .set({ status: to, ...extra })
    .where(guarded ? and(eq(orders.id, orderId), inArray(orders.status, [...from])) : eq(orders.id, orderId))
    .returning({ id: orders.id })
  if (rows.length !== 1) return null
  const fromStatus = previous ?? from[0] ?? null
  await q.insert(orderStatusHistory).values({ orderId, fromStatus, toStatus: to })
  return fromStatus
}

export async function returnStock(tx: Tx, offerId: number, quantity: number): Promise<void> {
  await tx
    .update(offers)
    .set({ stock: sql`${offers.stock} + ${quantity}` })
    .where(and(eq(offers.id, offerId), isNotNull(offers.stock)))
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
