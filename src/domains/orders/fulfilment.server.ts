import 'server-only'
import { db, type Db } from '@/db/client'
import { Refusal } from '@/lib/refusal'
import { logger } from '@/lib/logger'
import { CARRIER_PROP, FITO_ID_PROP, TRACK_PROP } from './fulfilment'
import { orderIdParam, type FulfilmentInput } from './fulfilment.schema'
import { ORDER_STATUS, canTransition, type OrderStatus } from './order-status'
import { orderById, updateOrderProps, type OrderRow } from './orders.db'
import { queueOrderMail } from './order-mail.server'
import { cancelWithin, changeStatus } from './orders.server'

export const FULFILMENT_MESSAGES = {
  notFound: 'Заказ не найден.',
  transition: (from: OrderStatus, to: OrderStatus) => `Заказ в статусе «${ORDER_STATUS[from].label}» нельзя перевести в «${ORDER_STATUS[to].label}».`,
  raced: 'Статус заказа только что изменился, повторите запрос.',
} as const

export interface FulfilmentState {
  id: number
  status: OrderStatus
  statusName: string
  fitoId: string | null
  trackNumber: string | null
  carrier: string | null
}

/**
 * Applies what the back office sent, all or nothing (ADR 055): the props are written, then the
 * status moves along the transitions table (a cancel also gives back stock, coupon and slot) and
 * the buyer's mail for it is queued (ADR 100).
 * Sending the status the order already has is a no-op, so an exchange may repeat itself.
 */
export async function setFulfilment(database: Db, orderId: number, input: FulfilmentInput): Promise<FulfilmentState> {
  const state = await database.transaction(async (tx) => {
    const order = await orderById(tx, orderId)
    if (!order) throw new Refusal('not-found', FULFILMENT_MESSAGES.notFound)
    // Props first: a 'shipped' mail queued by the status change then carries the track number sent
    // in the same request. A refused status still applies nothing (the transaction rolls back).
    const set: Record<string, string> = {}
    const remove: string[] = []
    for (const [prop, value] of [
      [FITO_ID_PROP, input.fitoId],
      [TRACK_PROP, input.trackNumber],
      [CARRIER_PROP, input.carrier],
    ] as const) {
      if (value === null) remove.push(prop)
      else if (value !== undefined) set[prop] = value
    }
    if (remove.length > 0 || Object.keys(set).length > 0) await updateOrderProps(tx, orderId, set, remove)
    const to = input.status
    if (to && to !== order.status) {
      if (!canTransition(order.status, to)) {
        throw new Refusal('conflict', FULFILMENT_MESSAGES.transition(order.status, to), {
          error: FULFILMENT_MESSAGES.transition(order.status, to),
          status: order.status,
          allowed: ORDER_STATUS[order.status].next,
        })
      }
      const moved = to === 'cancelled' ? await cancelWithin(tx, order) : await changeStatus(tx, orderId, to)
      if (!moved) throw new Refusal('conflict', FULFILMENT_MESSAGES.raced)
    } else if (order.status === 'shipped' && input.trackNumber && input.trackNumber !== (order.props[TRACK_PROP] ?? null)) {
      // The parcel went out before its track number was known: the buyer gets it in its own mail.
      await queueOrderMail(tx, orderId, { kind: 'track' })
    }
    const after = await orderById(tx, orderId)
    if (!after) throw new Refusal('not-found', FULFILMENT_MESSAGES.notFound)
    return stateOf(after)
  })
  // The log is the audit trail of back-office changes: what was sent and when.
  logger.info({ orderId, change: input }, 'back office updated an order')
  return state
}

function stateOf(order: OrderRow): FulfilmentState {
  return {
    id: order.id,
    status: order.status,
    statusName: ORDER_STATUS[order.status].label,
    fitoId: order.props[FITO_ID_PROP] ?? null,
    trackNumber: order.props[TRACK_PROP] ?? null,
    carrier: order.props[CARRIER_PROP] ?? null,
  }
}

/** POST /api/admin/orders/{id}/fulfilment/: a malformed id is an order that does not exist. */
export async function fulfilmentCall(input: FulfilmentInput, params: Record<string, string | string[]>): Promise<{ order: FulfilmentState }> {
  const id = orderIdParam.safeParse(params.id)
  if (!id.success) throw new Refusal('not-found', FULFILMENT_MESSAGES.notFound)
  return { order: await setFulfilment(db(), id.data, input) }
}
