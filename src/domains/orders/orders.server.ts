import 'server-only'
import type { Db, Tx } from '@/db/client'
import { releaseCourierSlot, type SlotInput } from '@/domains/delivery/delivery.server'
import { now } from '@/lib/clock'
import { CARRIER_PROP, FITO_ID_PROP, TRACK_PROP } from './fulfilment'
import { guards } from './integrity-guards'
import { isMailedStatus } from './order-mail'
import { queueOrderMail } from './order-mail.server'
import { ORDER_STATUS, canTransition, type OrderStatus } from './order-status'
import { returnStock } from '@/domains/catalog/stock.server'
import {
  anonymiseOrders,
  attachOrderToUser,
  insertOrder,
  linesOf,
  lockOrdersOfPerson,
  markLatestOrderSubscribed,
  moveStatus,
  orderById,
  ordersOfUser,
  recordCouponUse,
  releaseCouponUse,
  type NewOrder,
  type NewOrderLine,
  type OrderLineRow,
  type OrderRow,
} from './orders.db'

export type { OrderRow, OrderLineRow, NewOrder, NewOrderLine }
export { ORDER_STATUS }

/** Writes a placed order with its lines and first status; the caller's transaction holds the rest. */
export async function createOrder(
  tx: Tx,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  couponId: number | null,
): Promise<number> {
  const id = await insertOrder(tx, order, lines)
  if (couponId !== null) await recordCouponUse(tx, couponId, id)
  return id
}

export interface OrderViewer {
  sessionId: number | null
  userId: number | null
}

/** The order with its lines, only for the session that placed it or its account (S9); else null. */
export async function orderForViewer(
  db: Db | Tx,
  orderId: number,
  viewer: OrderViewer,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647) return null
  const order = await orderById(db, orderId)
  if (!order) return null
  // An account's order is that account's alone; a guest order belongs to the session that placed it.
  const visible =
    order.userId !== null
      ? viewer.userId !== null && order.userId === viewer.userId
      : viewer.sessionId !== null && order.sessionId === viewer.sessionId
  if (!visible) return null
  return { order, lines: await linesOf(db, orderId) }
}

export async function orderHistory(db: Db | Tx, userId: number): Promise<{ order: OrderRow; lines: OrderLineRow[] }[]> {
  const list = await ordersOfUser(db, userId)
  return Promise.all(list.map(async (order) => ({ order, lines: await linesOf(db, order.id) })))
}

/**
 * One step along the transitions table; false when the order is missing, the step is not declared
 * or another change won the race. The buyer's mail for the new status (paid, shipped) is queued in
 * the same transaction as the step, so it exists exactly when the step does (ADR 100).
 */
export async function changeStatus(q: Db | Tx, orderId: number, to: OrderStatus): Promise<boolean> {
  if (to === 'cancelled') {
    // A cancel always gives back what the order held; the gate inside makes it happen once.
    const order = await orderById(q, orderId)
    if (!order || !canTransition(order.status, to)) return false
    return q.transaction((tx) => cancelWithin(tx, order))
  }
  return q.transaction(async (tx) => {
    const order = await orderById(tx, orderId)
    if (!order || !canTransition(order.status, to)) return false
    if (!(await moveStatus(tx, orderId, order.status, to, guards().statusOnce, stampFor(to)))) return false
    if (isMailedStatus(to)) await queueOrderMail(tx, orderId, { kind: 'status', status: to })
    return true
  })
}

function stampFor(to: OrderStatus) {
  return to === 'paid' ? { paidAt: now() } : to === 'cancelled' ? { cancelledAt: now() } : {}
}

/**
 * Cancels and gives back what the order held: stock, the coupon use and the courier slot. The
 * conditional status change is the gate, so a second or concurrent cancel releases nothing (R7).
 */
export async function cancelOrder(db: Db, orderId: number): Promise<boolean> {
  const order = await orderById(db, orderId)
  if (!order || !canTransition(order.status, 'cancelled')) return false
  return db.transaction((tx) => cancelWithin(tx, order))
}

/**
 * The cancel of `order` as read by the caller, inside the caller's transaction; same gate. The
 * buyer's 'cancelled' mail is queued behind the gate, so it goes once with the release.
 */
export async function cancelWithin(tx: Tx, order: OrderRow, why: { unpaidMinutes?: number } = {}): Promise<boolean> {
  if (!(await moveStatus(tx, order.id, order.status, 'cancelled', guards().statusOnce, stampFor('cancelled')))) return false
  for (const line of await linesOf(tx, order.id)) {
    if (line.offerId !== null) await returnStock(tx, line.offerId, line.quantity)
  }
  await releaseCouponUse(tx, order.id)
  if (order.slotBookingId) {
    const slot = parseSlot(order.slotBookingId)
    if (slot) await releaseCourierSlot(tx, slot)
  }
  await queueOrderMail(tx, order.id, { kind: 'status', status: 'cancelled', ...why })
  return true
}

export function parseSlot(text: string): SlotInput | null {
  try {
    const v: unknown = JSON.parse(text)
    if (v && typeof v === 'object' && 'cityCode' in v && 'date' in v && 'time' in v) {
      const { cityCode, date, time } = v as Record<string, unknown>
      if (typeof cityCode === 'string' && typeof date === 'string' && typeof time === 'string') return { cityCode, date, time }
    }
  } catch {
    // An unreadable booking has nothing to release.
  }
  return null
}

export { orderById, attachOrderToUser, lockOrdersOfPerson }

/**
 * Props an anonymised order keeps (ADR 100): the shop's own numbers, delivery mechanics and the
 * company's requisites of a legal-entity order, which accounting needs and which name no person.
 */
export const PROPS_KEPT_ON_ERASURE = [
  FITO_ID_PROP,
  TRACK_PROP,
  CARRIER_PROP,
  'LOCATION',
  'MICRO_SOURCE',
  'MICRO_TYPE',
  'MICRO_HANDLER',
  'MICRO_POINT_ID',
  'MICRO_SHIP_DATE_FROM',
  'MICRO_SHIP_DATE_TO',
  'MICRO_DELIVERY_PRICE',
  'ESTIMATED_SHIP_DATE',
  'PROMO_CODE',
  'GIFT_CODE',
  'PODAROK',
  'PROP_COMPANY',
  'PROP_INN',
] as const

/** The person leaves the orders; the orders stay for accounting (152-ФЗ erasure, ADR 100). */
export function anonymiseOrdersWithin(tx: Tx, orderIds: readonly number[]): Promise<void> {
  return anonymiseOrders(tx, orderIds, PROPS_KEPT_ON_ERASURE)
}

export function markOrderSubscribed(q: Db | Tx, owner: { sessionId: number; userId: number | null }, email: string): Promise<boolean> {
  return markLatestOrderSubscribed(q, owner, email)
}
