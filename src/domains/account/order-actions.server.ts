import 'server-only'
import { db } from '@/db/client'
import { refillBasket, type Cart } from '@/domains/cart/cart.server'
import { ORDER_STATUS, cancelWithin, orderById, orderForViewer } from '@/domains/orders/orders.server'
import { findSession } from '@/domains/session/session.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { ORDER_ACTION_MESSAGES as A, buyerMayCancel, planRepeat } from './order-actions'
import type { OrderActionInput } from './order-actions.schema'

/** The visitor's own order (its session or its account, S9); anyone else's or none is 404. */
async function ownOrder(orderId: number, ctx: AjaxContext) {
  const session = await findSession(db(), ctx.sessionId)
  const found = session ? await orderForViewer(db(), orderId, { sessionId: session.id, userId: session.userId }) : null
  if (!found) throw new Refusal('not-found', A.orderNotFound)
  return found
}

export interface RepeatAnswer {
  status: 'success'
  message: string
  /** What could not be repeated as it was (gone, out of stock, cut, new price); empty when all went in. */
  notes: string[]
  added: number
  /** The basket after the repeat, in the shape of /ajax/basket/, so the page can show it at once. */
  cart: Cart
}

/**
 * POST /ajax/order-repeat/: the old order's lines go back in the basket at today's prices, each cut
 * to what stock and the order limit allow; the answer says what is gone or changed (ADR 100).
 */
export async function repeatOrder(input: OrderActionInput, ctx: AjaxContext): Promise<RepeatAnswer> {
  const { lines } = await ownOrder(input.ORDER_ID, ctx)
  const wanted = lines.map((l) => ({ offerId: l.offerId, name: l.name, quantity: l.quantity, price: l.price, isGift: l.isGift === 'Y' }))
  const offerIds = wanted.flatMap((l) => (l.offerId === null ? [] : [l.offerId]))
  const { cart, report } = await refillBasket(ctx.sessionId, offerIds, (current, facts) => {
    const plan = planRepeat(wanted, current, facts)
    return { changes: plan.changes, report: plan }
  })
  const message = report.added > 0 ? `${A.repeatDone} ${A.pricesNow}` : A.repeatNothing
  return { status: 'success', message, notes: report.notes, added: report.added, cart }
}

export interface CancelAnswer {
  status: 'success'
  message: string
  statusName: string
}

/**
 * POST /ajax/order-cancel/: the buyer cancels an order nobody has paid for or started on. The orders
 * domain's cancel gives back stock, coupon and slot once and mails the buyer (R7, ADR 100); a second
 * press finds the order cancelled and answers the same, so a double click is harmless.
 */
export async function cancelOwnOrder(input: OrderActionInput, ctx: AjaxContext): Promise<CancelAnswer> {
  const { order } = await ownOrder(input.ORDER_ID, ctx)
  const done: CancelAnswer = { status: 'success', message: A.cancelled(order.id), statusName: ORDER_STATUS.cancelled.label }
  if (order.status === 'cancelled') return done
  if (!buyerMayCancel(order.status)) throw new Refusal('conflict', A.cannotCancel(order.id, ORDER_STATUS[order.status].label))
  // The conditional status update inside requires the status read above: a payment or another
  // cancel that lands in between wins, so a paid order is never cancelled here and nothing is
  // released twice (R7).
  const cancelled = await db().transaction((tx) => cancelWithin(tx, order))
  if (cancelled) return done
  // Another request moved the order first: a concurrent cancel is success, a payment is not.
  const now = await orderById(db(), order.id)
  if (now?.status === 'cancelled') return done
  throw new Refusal('conflict', A.cannotCancel(order.id, ORDER_STATUS[now?.status ?? order.status].label))
}
