import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { db, type Db } from '@/db/client'
import { orders, payments } from '@/db/schema'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { applyVerified, type CallbackResult } from '../../payment.server'
import { amountReceipt, paymentReceipt, RECEIPT_MESSAGES } from '../../receipt'
import { receiptOrder } from '../../receipt.server'
import { notifiedObject, storeNotification, type CallFailureKind } from '../gateway-call.server'
import { gatewayPay, gatewayPayView, keyOnce, moveOpen, payableRow, pollOpen, type GatewayPayView, type StartResult } from '../gateway-flow.server'
import { statusOfTbank, tbankCancelAnswer, tbankInitAnswer, tbankStateAnswer, toTbankReceipt, tokenValid, type TbankNotification, type TbankState } from './tbank'
import { tbankCall, tbankSettings } from './tbank-client.server'

/**
 * Т-Банк's use-cases (ADR 181): Init after the order's commit, GetState on every notification and on
 * the buyer's return, Confirm or Cancel of a two-stage hold. The money's effects on the order go
 * through applyVerified, the payment domain's one path, so Т-Банк follows the same R6 rules.
 */

const base = () => env().PUBLIC_URL.replace(/\/$/, '')

/**
 * Init of one of our payment rows, or the form already made. OrderId (ours, ≤ 36 characters) is
 * stored on the row before the call: a retry after a timeout sends the same one, so Т-Банк's records
 * and ours name the attempt alike; an Init whose answer was lost leaves an unused form that expires.
 */
export async function startPayment(database: Db, paymentId: number): Promise<StartResult> {
  const settings = tbankSettings()
  if (!settings) return { ok: false, kind: 'unavailable' }
  const row = await payableRow(database, paymentId, 'tbank')
  if (!row) return { ok: false, kind: 'not-found' }
  if (row.confirmationUrl && row.status === 'pending') return { ok: true, confirmationUrl: row.confirmationUrl }
  if (row.status !== 'created' && row.status !== 'pending') return { ok: false, kind: 'not-payable' }
  const [order] = await database.select({ id: orders.id, total: orders.total, status: orders.status }).from(orders).where(eq(orders.id, row.orderId))
  if (!order || order.status === 'cancelled') return { ok: false, kind: 'not-payable' }
  const forReceipt = await receiptOrder(database, row.orderId)
  if (!forReceipt) return { ok: false, kind: 'not-found' }
  const built = row.amount === order.total ? paymentReceipt(forReceipt, 'tbank') : amountReceipt(forReceipt, row.amount, 'tbank')
  if (!built.ok) {
    logger.error({ paymentId, kind: built.kind, detail: built.detail }, `Т-Банк receipt refused: ${RECEIPT_MESSAGES[built.kind]}`)
    return { ok: false, kind: 'receipt', reason: built.kind }
  }
  const orderKey = await keyOnce(database, row.id, `${row.orderId}-${row.id}-${randomBytes(4).toString('hex')}`)
  const answer = await tbankCall({
    method: 'Init',
    fields: {
      Amount: row.amount,
      OrderId: orderKey,
      Description: `Заказ №${row.orderId}`,
      PayType: row.twoStage ? 'T' : 'O',
      NotificationURL: `${base()}/payment/notify/tbank/`,
      SuccessURL: `${base()}/personal/order/?ORDER_ID=${row.orderId}`,
      FailURL: `${base()}/personal/order/?ORDER_ID=${row.orderId}`,
      Receipt: toTbankReceipt(built.receipt, settings.taxation),
    },
    answer: tbankInitAnswer,
    idempotenceKey: orderKey,
    paymentId: row.id,
  })
  if (!answer.ok) return { ok: false, kind: answer.kind === 'declined' || (answer.kind === 'http' && (answer.status ?? 500) < 500) ? 'declined' : 'unavailable' }
  await database
    .update(payments)
    .set({ externalId: answer.body.PaymentId, confirmationUrl: answer.body.PaymentURL, providerStatus: answer.body.Status, receipt: built.receipt })
    .where(eq(payments.id, row.id))
  const settled = await settle(database, row.id, { Success: true, Status: answer.body.Status, PaymentId: answer.body.PaymentId, OrderId: answer.body.OrderId, Amount: answer.body.Amount })
  const [after] = await database.select({ status: payments.status }).from(payments).where(eq(payments.id, row.id))
  return after?.status === 'pending' || settled === 'unchanged' ? { ok: true, confirmationUrl: answer.body.PaymentURL } : { ok: false, kind: 'not-payable' }
}

/**
 * Moves our row by Т-Банк's state (read from GetState or an answer, never from a notification's body).
 * Repeats and reorderings change nothing: each move starts only from the states it may start from.
 */
async function settle(database: Db, rowId: number, state: TbankState): Promise<CallbackResult | 'moved' | 'unchanged'> {
  const [row] = await database.select().from(payments).where(eq(payments.id, rowId))
  if (!row || row.externalId !== state.PaymentId) return 'unknown'
  await database.update(payments).set({ providerStatus: state.Status }).where(eq(payments.id, row.id))
  const to = statusOfTbank(state.Status, row.twoStage)
  const amount = state.Amount ?? row.amount
  switch (to) {
    case null:
      return 'unchanged'
    case 'pending':
      return moveOpen(database, row.id, 'pending')
    case 'waiting_for_capture':
      if (amount !== row.amount) return 'amount-mismatch'
      return moveOpen(database, row.id, 'waiting_for_capture')
    case 'succeeded':
      return applyVerified(database, { paymentId: row.externalId, status: 'succeeded', amount: String(amount) }, 'tbank')
    default:
      // A hold we released is already 'cancelled'; anything still open was declined or expired.
      return applyVerified(database, { paymentId: row.externalId, status: 'failed', amount: String(row.amount) }, 'tbank')
  }
}

/** GetState and act on what Т-Банк says now. */
export async function syncPayment(database: Db, externalId: string): Promise<CallbackResult | 'moved' | 'unchanged' | CallFailureKind> {
  const [row] = await database.select({ id: payments.id }).from(payments).where(and(eq(payments.provider, 'tbank'), eq(payments.externalId, externalId)))
  if (!row) return 'unknown'
  const answer = await tbankCall({ method: 'GetState', fields: { PaymentId: externalId }, answer: tbankStateAnswer, paymentId: row.id, objectId: externalId })
  if (!answer.ok) return answer.kind
  return settle(database, row.id, answer.body)
}

export type HoldResult = { ok: true } | { ok: false; kind: 'not-found' | 'not-held' | 'unavailable' | 'declined' }

/** Two-stage: Confirm takes the held money (all of it); the order is then paid. */
export async function confirmPayment(database: Db, paymentId: number): Promise<HoldResult> {
  const [row] = await database.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, 'tbank')))
  if (!row) return { ok: false, kind: 'not-found' }
  if (row.status !== 'waiting_for_capture') return { ok: false, kind: 'not-held' }
  const answer = await tbankCall({ method: 'Confirm', fields: { PaymentId: row.externalId, Amount: row.amount }, answer: tbankStateAnswer.partial({ OrderId: true }), idempotenceKey: `confirm-${row.id}`, paymentId: row.id, objectId: row.externalId })
  if (!answer.ok) return { ok: false, kind: answer.kind === 'declined' ? 'declined' : 'unavailable' }
  if (answer.body.Status !== 'CONFIRMED') return { ok: false, kind: 'declined' }
  await settle(database, row.id, { Success: true, Status: 'CONFIRMED', PaymentId: row.externalId, OrderId: answer.body.OrderId ?? '', Amount: row.amount })
  return { ok: true }
}

/** Two-stage: Cancel of a hold releases the money (REVERSED); the payment is 'cancelled'. */
export async function releaseHold(database: Db, paymentId: number): Promise<HoldResult> {
  const [row] = await database.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, 'tbank')))
  if (!row) return { ok: false, kind: 'not-found' }
  if (row.status !== 'waiting_for_capture') return { ok: false, kind: 'not-held' }
  const answer = await tbankCall({ method: 'Cancel', fields: { PaymentId: row.externalId }, answer: tbankCancelAnswer, idempotenceKey: `cancel-${row.id}`, paymentId: row.id, objectId: row.externalId })
  if (!answer.ok) return { ok: false, kind: answer.kind === 'declined' ? 'declined' : 'unavailable' }
  if (answer.body.Status !== 'REVERSED') return { ok: false, kind: 'declined' }
  await database
    .update(payments)
    .set({ status: 'cancelled', providerStatus: 'REVERSED', completedAt: now() })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'waiting_for_capture')))
  return { ok: true }
}

/** Т-Банк did not answer our GetState: the notification is not answered OK, and Т-Банк sends it again. */
class RetryLater extends Error {
  override name = 'RetryLater'
}

const plain = (text: string, status = 200) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/**
 * POST /payment/notify/tbank/: the Token proves Т-Банк sent it (checked before anything is stored or
 * read); then it is stored, the payment re-read with GetState and acted on, and answered `OK` so that
 * Т-Банк stops sending it. The body's status is never acted on.
 */
export async function notifyTbank(input: TbankNotification): Promise<Response> {
  const settings = tbankSettings()
  if (!settings || input.TerminalKey !== settings.terminalKey || !tokenValid(input, settings.password)) {
    logger.warn({ paymentId: String(input.PaymentId) }, 'Т-Банк notification with a wrong token refused')
    return plain('forbidden', 403)
  }
  const externalId = String(input.PaymentId)
  const [row] = await db().select({ id: payments.id }).from(payments).where(and(eq(payments.provider, 'tbank'), eq(payments.externalId, externalId)))
  await storeNotification('tbank', `notification ${input.Status}`, input, row?.id ?? null, externalId)
  try {
    await actOn(externalId)
  } catch (error) {
    if (error instanceof RetryLater) return plain('retry', 503)
    throw error
  }
  return plain('OK')
}

async function actOn(externalId: string): Promise<string> {
  const result = await syncPayment(db(), externalId)
  if (result === 'timeout' || result === 'network' || result === 'not-configured' || result === 'bad-answer') throw new RetryLater(result)
  return result
}

/**
 * Replays a stored notification (ADR 172): the same re-read and the same moves, so a notification seen
 * twice changes nothing (R6). Null: no such notification.
 */
export async function replayTbankNotification(eventId: number): Promise<string | null> {
  const externalId = await notifiedObject(eventId, 'tbank')
  return externalId === null ? null : syncPayment(db(), externalId)
}

// ---------- the buyer's way to Т-Банк's form ----------

export function tbankPayView(token: string): Promise<GatewayPayView | null> {
  return gatewayPayView(token, 'tbank')
}

/** POST /payment/tbank/pay/: the shared press of a gateway's pay page (gateway-flow.server.ts). */
export function tbankPay(input: { token: string }): Promise<Response> {
  return gatewayPay(input.token, { code: 'tbank', name: 'Т-Банка', page: '/payment/tbank/', sync: (externalId) => syncPayment(db(), externalId), start: (paymentId) => startPayment(db(), paymentId) })
}

/** Every Т-Банк payment still open after the grace is read with GetState (housekeeping, order expiry). */
export function pollTbankPayments(database: Db, at?: Date, graceMinutes?: number): Promise<number> {
  if (!tbankSettings()) return Promise.resolve(0)
  return pollOpen(database, 'tbank', (row) => syncPayment(database, row.externalId), at, graceMinutes)
}
