import 'server-only'
import { db } from '@/db/client'
import { registerAfterOrder, signInCreatedUser } from '@/domains/account/account.server'
import { attachOrderToUser, markOrderSubscribed, orderForViewer } from '@/domains/orders/orders.server'
import { findSession } from '@/domains/session/session.server'
import { AjaxError, type AjaxContext } from '@/lib/ajax'
import type { OrderSubscriptionInput, RegisterMeInput } from './checkout.schema'

export const AFTER_ORDER_MESSAGES = {
  noOrder: 'Заказ не найден.',
  subscribeOnlyAfterOrder: 'Подписаться из оформления заказа можно только после заказа.',
} as const

/**
 * POST /ajax/MB-reg_me/: the guest who just ordered gets an account (a set-password link by e-mail,
 * never a password). A new account signs the guest in; an existing e-mail never does (S5), and the
 * answer is the same either way, so the call does not reveal who is registered.
 */
export async function registerMe(input: RegisterMeInput, ctx: AjaxContext): Promise<{ success: true }> {
  const session = await findSession(db(), ctx.sessionId)
  const found = session ? await orderForViewer(db(), input.orderId, { sessionId: session.id, userId: session.userId }) : null
  if (!found) throw new AjaxError(404, AFTER_ORDER_MESSAGES.noOrder)
  const { order } = found
  if (order.userId !== null || !order.email) return { success: true }
  const subscribe = input.subscribe === 'Y' || input.subscribe === 'true' || input.subscribe === '1'
  const newCookie = await db().transaction(async (tx) => {
    const registration = await registerAfterOrder(tx, { email: order.email, name: order.buyerName, phone: order.phone, subscribe })
    if (!registration.created) return null
    await attachOrderToUser(tx, order.id, registration.userId)
    return signInCreatedUser(tx, ctx.sessionId, registration)
  })
  if (newCookie) ctx.replaceSession(newCookie)
  return { success: true }
}

/**
 * POST /ajax/order-subscriptions/: the subscribe box of the checkout. Accepted only for the e-mail of
 * an order this visitor has just placed, so it cannot be used to subscribe strangers without the
 * double opt-in of the newsletter form. The wish is kept on the order; see ADR 034.
 */
export async function subscribeAfterOrder(input: OrderSubscriptionInput, ctx: AjaxContext): Promise<{ success: true }> {
  const session = await findSession(db(), ctx.sessionId)
  if (!session) throw new AjaxError(403, AFTER_ORDER_MESSAGES.subscribeOnlyAfterOrder)
  const marked = await markOrderSubscribed(db(), { sessionId: session.id, userId: session.userId }, input.email)
  if (!marked) throw new AjaxError(403, AFTER_ORDER_MESSAGES.subscribeOnlyAfterOrder)
  return { success: true }
}
