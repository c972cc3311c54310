import 'server-only'
import { db } from '@/db/client'
import { registerAfterOrder, signInCreatedUser } from '@/domains/account/account.server'
import { enrolSubscriber } from '@/domains/forms/forms.server'
import { attachOrderToUser, markOrderSubscribed, orderForViewer } from '@/domains/orders/orders.server'
import { findSession } from '@/domains/session/session.server'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
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
  if (!found) throw new Refusal('not-found', AFTER_ORDER_MESSAGES.noOrder)
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
 * an order this visitor (session or account) has placed, so it cannot subscribe strangers; the
 * address joins the main newsletter through the same double opt-in as the footer form (a pending
 * row and one confirmation mail; repeating changes nothing). The wish is also kept on the order.
 * See ADR 034.
 */
export async function subscribeAfterOrder(input: OrderSubscriptionInput, ctx: AjaxContext): Promise<{ success: true }> {
  const session = await findSession(db(), ctx.sessionId)
  if (!session) throw new Refusal('forbidden', AFTER_ORDER_MESSAGES.subscribeOnlyAfterOrder)
  const subscribed = await db().transaction(async (tx) => {
    const marked = await markOrderSubscribed(tx, { sessionId: session.id, userId: session.userId }, input.email)
    if (!marked) return false
    await enrolSubscriber(tx, { email: input.email, page: ORDER_NEWSLETTER_PAGE, userId: session.userId, promo: false })
    return true
  })
  if (!subscribed) throw new Refusal('forbidden', AFTER_ORDER_MESSAGES.subscribeOnlyAfterOrder)
  return { success: true }
}

/** The checkout box subscribes to the main newsletter, the one the footer form stores under '/'. */
export const ORDER_NEWSLETTER_PAGE = '/'
