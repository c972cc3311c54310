import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { can, type Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { CARRIER_PROP, FITO_ID_PROP, TRACK_PROP, trackingLink, type TrackingCarrier } from './fulfilment'
import { FULFILMENT_MESSAGES, setFulfilment } from './fulfilment.server'
import { insertOrderNote, noteOnStep, orderSideRows, outboxByKeys } from './order-admin.db'
import type { OrderNoteInput, OrderStatusInput } from './order-admin-actions.schema'
import { surchargeMailKey } from '@/domains/payment/surcharge'
import { MAILED_STATUSES, orderMailKey } from './order-mail'
import { ORDER_STATUS, canTransition, type OrderStatus } from './order-status'
import { buildTimeline } from './order-timeline'
import { mergeTimelines } from '@/domains/payment/payment-timeline'
import { paymentTimelineOf } from '@/domains/payment/payment-timeline.server'
import { shipmentTimelineOf } from '@/domains/delivery/shipments/shipments.server'
import { deliveryServiceCode, linesOf, orderById, statusHistory, type OrderRow } from './orders.db'

export const ORDER_ADMIN_MESSAGES = {
  notFound: FULFILMENT_MESSAGES.notFound,
  staffStatuses: 'Из панели управления заказ можно перевести только в «Собирается», «Передан в доставку», «Доставлен» или «Отменён».',
  warehouseOnly: 'Склад передаёт в доставку только собранные заказы.',
  trackRequired: 'Укажите трек-номер посылки.',
  forbidden: 'Недостаточно прав для этого действия.',
} as const

/**
 * Statuses staff set by hand (fulfilment.ts): 'paid' is the payment provider's word and
 * 'awaiting_payment' only starts an order (ADR 033, 055).
 */
const STAFF_TARGETS: readonly OrderStatus[] = ['assembling', 'shipped', 'delivered', 'cancelled']

/**
 * The steps this actor may take from `status`, along the transitions table: a manager any step a
 * person makes, the warehouse only hands an assembled order to the carrier (issue 18 roles).
 */
export function allowedSteps(actor: Pick<Actor, 'role'>, status: OrderStatus): OrderStatus[] {
  const steps = ORDER_STATUS[status].next.filter((to) => STAFF_TARGETS.includes(to))
  if (can(actor.role, 'orders.write')) return steps
  if (can(actor.role, 'orders.fulfil')) return steps.filter((to) => status === 'assembling' && to === 'shipped')
  return []
}

function slotOf(order: OrderRow): { date: string; time: string } | null {
  if (!order.slotBookingId) return null
  try {
    const v: unknown = JSON.parse(order.slotBookingId)
    if (v && typeof v === 'object' && 'date' in v && 'time' in v && typeof v.date === 'string' && typeof v.time === 'string') return { date: v.date, time: v.time }
  } catch {
    // An unreadable booking shows as no slot.
  }
  return null
}

/** The mails that may exist for the order: the keys the checkout, order-mail and refund code write. */
function mailKeys(order: OrderRow, payments: readonly { id: number; amount: number }[]): string[] {
  const paymentIds = payments.map((p) => p.id)
  const track = order.props[TRACK_PROP]?.trim() || null
  return [
    `order-confirmation:${order.id}`,
    `order-notice:${order.id}`,
    ...MAILED_STATUSES.map((status) => orderMailKey(order.id, { kind: 'status', status }, null)),
    ...(track ? [orderMailKey(order.id, { kind: 'track' }, track)] : []),
    ...paymentIds.map((id) => `paid-after-cancel:${id}`),
    // A surcharge's mail of the sum it asks now (an earlier sum's mail is keyed by that sum, ADR 169).
    ...payments.map((p) => surchargeMailKey(p.id, p.amount)),
  ]
}

/** Everything the order page shows, for staff (buyers see theirs through orderForViewer). */
export async function orderDetail(orderId: number, actor: Pick<Actor, 'role'>, q: Db | Tx = db()) {
  const order = await orderById(q, orderId)
  if (!order) return null
  const [lines, history, side, carrierCode] = await Promise.all([linesOf(q, orderId), statusHistory(q, orderId), orderSideRows(q, orderId), deliveryServiceCode(q, order.deliveryId)])
  const mails = await outboxByKeys(q, mailKeys(order, side.payments))
  const track = order.props[TRACK_PROP] ?? null
  const carrier = order.props[CARRIER_PROP] || carrierCode
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    source: order.source,
    status: order.status,
    steps: allowedSteps(actor, order.status),
    buyer: { name: order.buyerName, email: order.email, phone: order.phone, userId: order.userId },
    comment: order.comment,
    lines: lines.map((l) => ({
      id: l.id,
      offerId: l.offerId,
      productId: l.productId,
      name: l.name,
      link: l.link,
      picture: l.picture,
      properties: l.properties,
      quantity: l.quantity,
      basePrice: l.basePrice,
      price: l.price,
      sum: l.sum,
      gift: l.isGift === 'Y',
    })),
    totals: { basePrice: order.basePrice, discount: order.discount, goodsPrice: order.goodsPrice, deliveryPrice: order.deliveryPrice, total: order.total, weightGrams: order.weightGrams },
    coupon: order.couponCode,
    delivery: {
      id: order.deliveryId,
      name: order.deliveryName,
      carrier: carrier ?? null,
      city: order.locationName,
      cityCode: order.locationCode,
      address: order.address,
      pointId: order.props.MICRO_POINT_ID && !slotOf(order) ? order.props.MICRO_POINT_ID : null,
      slot: slotOf(order),
      trackNumber: track,
      trackingLink: trackingLink(carrier, track),
      fitoId: order.props[FITO_ID_PROP] ?? null,
    },
    payment: {
      code: order.paySystemCode,
      name: order.paySystemName,
      paidAt: order.paidAt?.toISOString() ?? null,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
      payments: side.payments.map((p) => ({
        id: p.id,
        provider: p.provider,
        externalId: p.externalId,
        amount: p.amount,
        status: p.status,
        createdAt: p.createdAt.toISOString(),
        completedAt: p.completedAt?.toISOString() ?? null,
      })),
      refunds: side.refunds.map((r) => ({ id: r.id, paymentId: r.paymentId, amount: r.amount, status: r.status, reason: r.reason, createdAt: r.createdAt.toISOString() })),
    },
    props: order.props,
    // Provider calls, notifications and receipts beside the order's own history (ADR 183); the carrier's statuses (ADR 195).
    timeline: mergeTimelines(
      mergeTimelines(buildTimeline({ history, payments: side.payments, refunds: side.refunds, mails, notes: side.notes, audit: side.audit }), await paymentTimelineOf(q, orderId)),
      await shipmentTimelineOf(q, orderId),
    ),
  }
}
export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>

/** An internal note on the order's timeline; the buyer never sees it. Audited like every change. */
export async function addOrderNote(actor: Actor, orderId: number, input: OrderNoteInput) {
  return db().transaction(async (tx) => {
    const order = await orderById(tx, orderId)
    if (!order) throw new Refusal('not-found', ORDER_ADMIN_MESSAGES.notFound)
    const note = await insertOrderNote(tx, { orderId, staffId: actor.kind === 'staff' ? actor.id : null, author: actorName(actor), text: input.text })
    await recordChange(tx, actor, { objectType: 'order', objectId: orderId, action: 'note', after: { noteId: note.id, text: note.text } })
    return { id: note.id, author: note.author, text: note.text, createdAt: note.createdAt.toISOString() }
  })
}

function actorName(actor: Actor): string {
  return actor.kind === 'staff' ? actor.name : `API: ${actor.name}`
}

/**
 * A status step taken by staff, through the same path as the back-office exchange (setFulfilment):
 * the transitions table, the cancel that gives back stock, coupon and slot once, the buyer's mail,
 * the track number written before the 'shipped' mail is queued. The step, its note and its audit
 * line commit together. Asking for the status the order already has changes nothing.
 */
export async function changeOrderStatus(actor: Actor, orderId: number, input: OrderStatusInput) {
  return db().transaction(async (tx) => {
    const order = await orderById(tx, orderId)
    if (!order) throw new Refusal('not-found', ORDER_ADMIN_MESSAGES.notFound)
    if (input.status === order.status) return { status: order.status, changed: false }
    if (!STAFF_TARGETS.includes(input.status)) throw new Refusal('invalid', ORDER_ADMIN_MESSAGES.staffStatuses)
    if (!can(actor.role, 'orders.write')) {
      if (!can(actor.role, 'orders.fulfil')) throw new Refusal('forbidden', ORDER_ADMIN_MESSAGES.forbidden)
      if (!(order.status === 'assembling' && input.status === 'shipped')) throw new Refusal('forbidden', ORDER_ADMIN_MESSAGES.warehouseOnly)
      if (!input.trackNumber) throw new Refusal('invalid', ORDER_ADMIN_MESSAGES.trackRequired)
    }
    if (!canTransition(order.status, input.status)) throw new Refusal('conflict', FULFILMENT_MESSAGES.transition(order.status, input.status))
    const shipping = input.status === 'shipped'
    // A transaction is a database handle too: setFulfilment's own transaction becomes a savepoint.
    const state = await setFulfilment(tx as unknown as Db, orderId, {
      status: input.status as 'assembling' | 'shipped' | 'delivered' | 'cancelled',
      ...(shipping && input.trackNumber ? { trackNumber: input.trackNumber } : {}),
      ...(shipping && input.carrier ? { carrier: input.carrier as TrackingCarrier } : {}),
    })
    if (input.note) await noteOnStep(tx, orderId, input.status, input.note)
    await recordChange(tx, actor, {
      objectType: 'order',
      objectId: orderId,
      action: 'status',
      before: { status: order.status, trackNumber: order.props[TRACK_PROP] ?? null },
      after: { status: state.status, trackNumber: state.trackNumber, ...(input.note ? { note: input.note } : {}) },
    })
    return { status: state.status, changed: true }
  })
}
