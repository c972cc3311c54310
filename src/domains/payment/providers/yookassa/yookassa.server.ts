import 'server-only'
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, max } from 'drizzle-orm'
import { db, type Db } from '@/db/client'
import { orders, paymentEvents, paymentRefunds, payments } from '@/db/schema'
import { clientIp } from '@/lib/client-ip'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { json } from '@/lib/ajax'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { applyVerified, type CallbackResult } from '../../payment.server'
import { amountReceipt, paymentReceipt, RECEIPT_MESSAGES, type ReceiptRefusalKind } from '../../receipt'
import { receiptOrder } from '../../receipt.server'
import { openSurcharge } from '../../surcharge.server'
import { fromNetworks, kopecksOf, toValue, toYookassaReceipt, yookassaPayment, yookassaReceiptList, yookassaRefund, type YookassaNotification, type YookassaPayment } from './yookassa'
import { yookassaCall, yookassaSettings, type CallFailure } from './yookassa-client.server'
import { leaveFor, type StartResult } from '../gateway-flow.server'

/**
 * ЮKassa's use-cases (ADR 173): create the payment after the order's commit, re-read it on every
 * notification and the buyer's return, capture or release a two-stage hold. The money's effects on
 * the order (paid, the mail, a refund for a cancelled order, a surcharge) are the payment domain's
 * one path, applyVerified, so ЮKassa follows the same R6 rules as the sandbox.
 */


/**
 * Creates the ЮKassa payment of one of our payment rows, or answers the one already created. The
 * Idempotence-Key is stored on the row before the call: after a timeout or a 5xx the next try sends
 * the same key, and ЮKassa answers the payment it may already have made instead of a second one.
 */
export async function startPayment(database: Db, paymentId: number): Promise<StartResult> {
  const settings = yookassaSettings()
  if (!settings) return { ok: false, kind: 'unavailable' }
  let [row] = await database.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, 'yookassa')))
  if (!row) return { ok: false, kind: 'not-found' }
  if (row.status === 'failed') {
    // ЮKassa's 'canceled' is final: «Оплатить» again starts a new ЮKassa payment on the same row, with
    // a new key (the declined one stays in payment_events). A conditional move, so two presses reset once.
    const [reset] = await database
      .update(payments)
      .set({ status: 'created', externalId: `retry-${randomUUID()}`, idempotenceKey: null, confirmationUrl: null, providerStatus: null, completedAt: null })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'failed')))
      .returning()
    ;[row] = reset ? [reset] : await database.select().from(payments).where(eq(payments.id, row.id))
    if (!row) return { ok: false, kind: 'not-found' }
  }
  if (row.confirmationUrl && row.status === 'pending') return { ok: true, confirmationUrl: row.confirmationUrl }
  if (row.status !== 'created' && row.status !== 'pending') return { ok: false, kind: 'not-payable' }
  const [order] = await database.select({ id: orders.id, total: orders.total, status: orders.status }).from(orders).where(eq(orders.id, row.orderId))
  if (!order || order.status === 'cancelled') return { ok: false, kind: 'not-payable' }
  const forReceipt = await receiptOrder(database, row.orderId)
  if (!forReceipt) return { ok: false, kind: 'not-found' }
  const built = row.amount === order.total ? paymentReceipt(forReceipt, 'yookassa') : amountReceipt(forReceipt, row.amount, 'yookassa')
  if (!built.ok) {
    logger.error({ paymentId, kind: built.kind, detail: built.detail }, `ЮKassa receipt refused: ${RECEIPT_MESSAGES[built.kind]}`)
    return { ok: false, kind: 'receipt', reason: built.kind }
  }
  // The key is written once (a conditional update), so two tries at once still share it.
  await database.update(payments).set({ idempotenceKey: `pay-${row.id}-${randomUUID()}` }).where(and(eq(payments.id, row.id), isNull(payments.idempotenceKey)))
  const [keyed] = await database.select({ idempotenceKey: payments.idempotenceKey }).from(payments).where(eq(payments.id, row.id))
  const answer = await yookassaCall({
    method: 'POST',
    path: 'payments',
    operation: 'POST /payments',
    idempotenceKey: keyed!.idempotenceKey!,
    paymentId: row.id,
    body: {
      amount: { value: toValue(row.amount), currency: 'RUB' },
      capture: !row.twoStage,
      confirmation: { type: 'redirect', return_url: `${env().PUBLIC_URL.replace(/\/$/, '')}/personal/order/?ORDER_ID=${row.orderId}` },
      description: `Заказ №${row.orderId}`,
      metadata: { orderId: String(row.orderId), paymentId: String(row.id) },
      receipt: toYookassaReceipt(built.receipt),
    },
    answer: yookassaPayment,
  })
  if (!answer.ok) return { ok: false, kind: answer.kind === 'http' && answer.status !== null && answer.status < 500 ? 'declined' : 'unavailable' }
  await database
    .update(payments)
    .set({
      externalId: answer.body.id,
      confirmationUrl: answer.body.confirmation?.confirmation_url ?? null,
      providerStatus: answer.body.status,
      receipt: built.receipt,
      receiptStatus: answer.body.receipt_registration ?? null,
    })
    .where(eq(payments.id, row.id))
  await settle(database, row.id, answer.body)
  const url = answer.body.confirmation?.confirmation_url
  return url && answer.body.status === 'pending' ? { ok: true, confirmationUrl: url } : { ok: false, kind: 'not-payable' }
}

/**
 * Moves our row by ЮKassa's object (read from its API, never from a notification's body): pending
 * and the hold by a conditional update, the final states through applyVerified. Repeats and
 * reorderings change nothing, since each move starts only from the states it may start from.
 */
async function settle(database: Db, rowId: number, object: YookassaPayment): Promise<CallbackResult | 'moved' | 'unchanged'> {
  const [row] = await database.select().from(payments).where(eq(payments.id, rowId))
  if (!row) return 'unknown'
  if (object.id !== row.externalId) return 'unknown'
  await database
    .update(payments)
    .set({ providerStatus: object.status, receiptStatus: object.receipt_registration ?? row.receiptStatus })
    .where(eq(payments.id, row.id))
  const amount = kopecksOf(object.amount.value)
  if (amount === null || object.amount.currency !== 'RUB') return 'amount-mismatch'
  switch (object.status) {
    case 'pending': {
      const moved = await database.update(payments).set({ status: 'pending' }).where(and(eq(payments.id, row.id), eq(payments.status, 'created'))).returning({ id: payments.id })
      return moved.length ? 'moved' : 'unchanged'
    }
    case 'waiting_for_capture': {
      if (amount !== row.amount) return drift(row.id, row.amount, amount, object.status)
      const moved = await database
        .update(payments)
        .set({ status: 'waiting_for_capture', holdExpiresAt: object.expires_at ? new Date(object.expires_at) : null })
        .where(and(eq(payments.id, row.id), inArray(payments.status, ['created', 'pending'])))
        .returning({ id: payments.id })
      return moved.length ? 'moved' : 'unchanged'
    }
    case 'succeeded': {
      // The sum taken must be the sum we asked (a surcharge's too, ADR 169): anything else is refused
      // here and logged for a person, never recorded as paid.
      if (amount !== row.amount) return drift(row.id, row.amount, amount, object.status)
      const result = await applyVerified(database, { paymentId: object.id, status: 'succeeded', amount: String(amount) }, 'yookassa')
      if (!row.receiptId && object.receipt_registration) await readReceipts(database, { paymentRowId: row.id, paymentId: object.id })
      return result
    }
    case 'canceled':
      // A hold we released is already 'cancelled'; anything still open was declined or expired.
      return applyVerified(database, { paymentId: object.id, status: 'failed', amount: String(row.amount) }, 'yookassa')
  }
}

function drift(paymentId: number, expected: number, got: number, status: string): 'amount-mismatch' {
  logger.error({ paymentId, expected, got, status }, 'ЮKassa payment amount differs from ours: not recorded')
  return 'amount-mismatch'
}

/**
 * GET /receipts?payment_id= (or refund_id=): the id and registration state of the receipts ЮKassa made
 * for one of our payments or refunds (ADR 183), kept for the order's timeline. Not fatal: the money
 * has moved already, and the next re-read tries again.
 */
export async function readReceipts(database: Db, of: { paymentRowId: number; paymentId: string } | { refundRowId: number; refundId: string }): Promise<void> {
  const query = 'paymentId' in of ? `payment_id=${encodeURIComponent(of.paymentId)}` : `refund_id=${encodeURIComponent(of.refundId)}`
  const answer = await yookassaCall({
    method: 'GET',
    path: `receipts?${query}`,
    operation: 'GET /receipts',
    objectId: 'paymentId' in of ? of.paymentId : of.refundId,
    paymentId: 'paymentRowId' in of ? of.paymentRowId : null,
    refundId: 'refundRowId' in of ? of.refundRowId : null,
    answer: yookassaReceiptList,
  })
  if (!answer.ok) return
  // The prepayment (or refund) receipt: the settlement receipt of the same payment is ours already.
  const own = answer.body.items.find((r) => r.type === ('paymentId' in of ? 'payment' : 'refund'))
  if (!own) return
  if ('paymentRowId' in of) await database.update(payments).set({ receiptId: own.id, receiptStatus: own.status }).where(eq(payments.id, of.paymentRowId))
  else await database.update(paymentRefunds).set({ receiptStatus: own.status }).where(eq(paymentRefunds.id, of.refundRowId))
}

/** GET /payments/{id} and act on what ЮKassa says now. */
export async function syncPayment(database: Db, externalId: string, metadataFallback = true): Promise<CallbackResult | 'moved' | 'unchanged' | CallFailure['kind']> {
  const [known] = await database.select({ id: payments.id }).from(payments).where(and(eq(payments.provider, 'yookassa'), eq(payments.externalId, externalId)))
  const answer = await yookassaCall({ method: 'GET', path: `payments/${encodeURIComponent(externalId)}`, operation: 'GET /payments/{id}', objectId: externalId, paymentId: known?.id ?? null, answer: yookassaPayment })
  if (!answer.ok) return answer.kind
  let [row] = await database.select().from(payments).where(and(eq(payments.provider, 'yookassa'), eq(payments.externalId, answer.body.id)))
  // A declined payment is never adopted: the row may already be on its next attempt.
  if (!row && metadataFallback && answer.body.status !== 'canceled') {
    // Our create call timed out after ЮKassa made the payment: the row still has its placeholder id.
    // The metadata we sent names the row; it takes ЮKassa's id only if it has none of ЮKassa's yet.
    const ours = Number(answer.body.metadata?.paymentId)
    if (Number.isInteger(ours) && ours > 0) {
      ;[row] = await database
        .update(payments)
        .set({ externalId: answer.body.id, confirmationUrl: answer.body.confirmation?.confirmation_url ?? null })
        .where(and(eq(payments.id, ours), eq(payments.provider, 'yookassa'), eq(payments.status, 'created'), eq(payments.amount, kopecksOf(answer.body.amount.value) ?? -1)))
        .returning()
    }
  }
  if (!row) return 'unknown'
  return settle(database, row.id, answer.body)
}

export type HoldResult = { ok: true; amount?: number } | { ok: false; kind: 'not-found' | 'not-held' | 'unavailable' | 'declined' | 'amount-drift' } | { ok: false; kind: 'receipt'; reason: ReceiptRefusalKind }

/**
 * What a capture takes now: the order's current total for its first payment (an order edited down
 * while held captures less, never more than held), a surcharge's own amount otherwise (ADR 169).
 */
async function captureAmount(database: Db, row: typeof payments.$inferSelect): Promise<number> {
  const [order] = await database.select({ total: orders.total, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, row.orderId))
  if (!order || order.paidAt) return row.amount
  return Math.min(order.total, row.amount)
}

/**
 * Two-stage: takes the held money (POST /payments/{id}/capture) with the amount and the receipt of the
 * order as it is now; the order is then paid. A partial capture carries its receipt, as ЮKassa asks
 * (its receipts page: a refund of the first receipt and a new one). The key names the amount, so a
 * retry of the same capture replays and a capture after a further edit is a new request.
 */
export async function capturePayment(database: Db, paymentId: number): Promise<HoldResult> {
  const [row] = await database.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, 'yookassa')))
  if (!row) return { ok: false, kind: 'not-found' }
  if (row.status !== 'waiting_for_capture') return { ok: false, kind: 'not-held' }
  const amount = await captureAmount(database, row)
  const forReceipt = await receiptOrder(database, row.orderId)
  if (!forReceipt) return { ok: false, kind: 'not-found' }
  const built = amount === forReceipt.total ? paymentReceipt(forReceipt, 'yookassa') : amountReceipt(forReceipt, amount, 'yookassa')
  if (!built.ok) return { ok: false, kind: 'receipt', reason: built.kind }
  const answer = await yookassaCall({
    method: 'POST',
    path: `payments/${encodeURIComponent(row.externalId)}/capture`,
    operation: 'POST /payments/{id}/capture',
    idempotenceKey: `capture-${row.id}-${amount}`,
    paymentId: row.id,
    objectId: row.externalId,
    body: { amount: { value: toValue(amount), currency: 'RUB' }, ...(amount !== row.amount ? { receipt: toYookassaReceipt(built.receipt) } : {}) },
    answer: yookassaPayment,
  })
  if (!answer.ok) return { ok: false, kind: answer.kind === 'http' && (answer.status ?? 500) < 500 ? 'declined' : 'unavailable' }
  if (answer.body.status !== 'succeeded') return { ok: false, kind: 'declined' }
  const taken = kopecksOf(answer.body.amount.value)
  if (taken !== amount) {
    drift(row.id, amount, taken ?? -1, answer.body.status)
    return { ok: false, kind: 'amount-drift' }
  }
  // The payment is now for what was taken: the money check of applyVerified compares with it.
  if (amount !== row.amount) {
    await database.update(payments).set({ amount, receipt: built.receipt }).where(and(eq(payments.id, row.id), eq(payments.status, 'waiting_for_capture')))
  }
  await settle(database, row.id, answer.body)
  return { ok: true, amount }
}

/** Two-stage: releases the held money (POST /payments/{id}/cancel); the payment is 'cancelled'. */
export async function releaseHold(database: Db, paymentId: number): Promise<HoldResult> {
  const [row] = await database.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, 'yookassa')))
  if (!row) return { ok: false, kind: 'not-found' }
  if (row.status !== 'waiting_for_capture') return { ok: false, kind: 'not-held' }
  const answer = await yookassaCall({
    method: 'POST',
    path: `payments/${encodeURIComponent(row.externalId)}/cancel`,
    operation: 'POST /payments/{id}/cancel',
    idempotenceKey: `cancel-${row.id}`,
    paymentId: row.id,
    objectId: row.externalId,
    body: {},
    answer: yookassaPayment,
  })
  if (!answer.ok) return { ok: false, kind: answer.kind === 'http' && (answer.status ?? 500) < 500 ? 'declined' : 'unavailable' }
  if (answer.body.status !== 'canceled') return { ok: false, kind: 'declined' }
  await database
    .update(payments)
    .set({ status: 'cancelled', providerStatus: 'canceled', completedAt: now(), holdExpiresAt: null })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'waiting_for_capture')))
  return { ok: true }
}

/** GET /refunds/{id}: stores the refund's receipt state (refund.succeeded notifications). */
export async function syncRefund(database: Db, refundId: string): Promise<'updated' | 'unknown' | CallFailure['kind']> {
  const answer = await yookassaCall({ method: 'GET', path: `refunds/${encodeURIComponent(refundId)}`, operation: 'GET /refunds/{id}', objectId: refundId, answer: yookassaRefund })
  if (!answer.ok) return answer.kind
  const updated = await database
    .update(paymentRefunds)
    .set({ receiptStatus: answer.body.receipt_registration ?? null })
    .where(eq(paymentRefunds.providerRefundId, answer.body.id))
    .returning({ id: paymentRefunds.id })
  if (updated[0] && answer.body.receipt_registration) await readReceipts(database, { refundRowId: updated[0].id, refundId: answer.body.id })
  return updated.length ? 'updated' : 'unknown'
}

/** Whether a request comes from the networks ЮKassa notifies from (the setting; ADR 173). */
export function fromYookassa(request: Request): boolean {
  const settings = yookassaSettings()
  return settings !== null && fromNetworks(clientIp(request), settings.networks)
}

/** The route's gate: anything not from ЮKassa's networks is refused before its body is read. */
export function yookassaSourceRefusal(request: Request): Response | null {
  if (fromYookassa(request)) return null
  logger.warn({ ip: clientIp(request) }, 'ЮKassa notification from outside its networks refused')
  return json({ result: 'forbidden' }, 403)
}

/**
 * POST /payment/notify/yookassa/: stored, then the object it names is read again with GET and acted
 * on. The body is never trusted (ЮKassa signs nothing). 200 tells ЮKassa to stop; 503 (ЮKassa did not
 * answer our GET) makes it deliver again later.
 */
export async function receiveYookassaNotification(input: YookassaNotification): Promise<Response> {
  const objectId = input.object.id
  const [row] = input.event.startsWith('payment.')
    ? await db().select({ id: payments.id }).from(payments).where(and(eq(payments.provider, 'yookassa'), eq(payments.externalId, objectId)))
    : [undefined]
  // A refund's notification belongs to our refund row, so the order's timeline shows it (ADR 183).
  const [refund] = input.event.startsWith('refund.') ? await db().select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, objectId)) : [undefined]
  await db()
    .insert(paymentEvents)
    .values({ paymentId: row?.id ?? null, refundId: refund?.id ?? null, provider: 'yookassa', kind: 'notification', operation: `notification ${input.event}`, requestId: randomUUID(), objectId, request: input })
  return json(await actOn(input))
}

async function actOn(input: YookassaNotification): Promise<{ result: string }> {
  if (input.event.startsWith('payment.')) {
    const result = await syncPayment(db(), input.object.id)
    if (result === 'timeout' || result === 'network' || result === 'not-configured' || result === 'bad-answer') throw new RetryLater(result)
    if (result === 'http') return { result: 'unknown' }
    return { result }
  }
  if (input.event.startsWith('refund.')) {
    const result = await syncRefund(db(), input.object.id)
    if (result === 'timeout' || result === 'network' || result === 'not-configured' || result === 'bad-answer') throw new RetryLater(result)
    return { result: result === 'http' ? 'unknown' : result }
  }
  return { result: 'ignored' }
}

/** ЮKassa did not answer our GET: the notification is answered 503, and ЮKassa delivers it again. */
export class RetryLater extends Error {
  override name = 'RetryLater'
}

/** The notification's route handler body: a RetryLater becomes 503, anything else the use-case's answer. */
export async function notifyYookassa(input: YookassaNotification): Promise<Response> {
  try {
    return await receiveYookassaNotification(input)
  } catch (error) {
    if (error instanceof RetryLater) return json({ result: 'retry' }, 503)
    throw error
  }
}

/** Replays a stored notification (ADR 172): the same re-read and the same moves, so it changes nothing twice. */
export async function replayNotification(eventId: number): Promise<{ result: string } | null> {
  const [event] = await db().select().from(paymentEvents).where(and(eq(paymentEvents.id, eventId), eq(paymentEvents.kind, 'notification')))
  if (!event) return null
  const body = event.request as YookassaNotification
  return actOn(body)
}

// ---------- the buyer's way to ЮKassa's page ----------

export interface YookassaPayView {
  orderId: number
  paymentId: number
  amount: number
  surcharge: boolean
}

/**
 * What the order's payment link pays through ЮKassa (the random token is the capability): an unpaid
 * order's first payment, or a paid order's open surcharge (ADR 169). Null: nothing to pay here.
 */
export async function yookassaPayView(token: string): Promise<YookassaPayView | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null
  const [order] = await db().select().from(orders).where(eq(orders.paymentToken, token))
  if (!order || order.status === 'cancelled') return null
  const surcharge = order.paidAt ? await openSurcharge(db(), order.id) : undefined
  const [first] = surcharge ? [surcharge] : order.status === 'awaiting_payment' ? await db().select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id).limit(1) : []
  if (!first || first.provider !== 'yookassa') return null
  return { orderId: order.id, paymentId: first.id, amount: first.amount, surcharge: Boolean(surcharge) }
}

/**
 * POST /payment/yookassa/pay/: creates (or finds) the ЮKassa payment and sends the buyer to its page.
 * ЮKassa not answering sends them back to our page, which says so; the next press sends the same key.
 */
export async function yookassaPay(input: { token: string }): Promise<Response> {
  let view = await yookassaPayView(input.token)
  if (!view) throw new Refusal('not-found', 'Ссылка на оплату недействительна.')
  // Pressed again after paying, before ЮKassa's notification came: ЮKassa's word first, so a paid
  // order goes to its page instead of back to ЮKassa.
  const [row] = await db().select({ externalId: payments.externalId, confirmationUrl: payments.confirmationUrl }).from(payments).where(eq(payments.id, view.paymentId))
  if (row?.confirmationUrl) {
    await syncPayment(db(), row.externalId, false)
    const [after] = await db().select({ status: payments.status }).from(payments).where(eq(payments.id, view.paymentId))
    // A declined payment is tried again below; a paid or held one is done here.
    if (after && after.status !== 'pending' && after.status !== 'failed') view = null
  }
  if (!view) {
    const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.paymentToken, input.token))
    return new Response(null, { status: 303, headers: { location: `/personal/order/?ORDER_ID=${order!.id}`, 'cache-control': 'no-store' } })
  }
  const started = await startPayment(db(), view.paymentId)
  if (started.ok) return leaveFor(started.confirmationUrl, 'ЮKassa')
  const location = `/payment/yookassa/?token=${encodeURIComponent(input.token)}&error=${started.kind === 'receipt' ? 'receipt' : 'unavailable'}`
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

/**
 * The fallback for notifications that never came (the shop unreachable, a misconfigured URL): every
 * ЮKassa payment still open after `graceMinutes` is read again and settled like a notification.
 * Meant for the hourly housekeeping run (wiring it there is a one-line change, left to that file's
 * owner); answers how many payments it read. A 'created' row is not polled: without ЮKassa's id there
 * is nothing to read, and its metadata adopts it when a notification comes (ADR 173).
 */
export async function pollOpenPayments(database: Db, at: Date = now(), graceMinutes = 10): Promise<number> {
  if (!yookassaSettings()) return 0
  const open = await database
    .select({ externalId: payments.externalId, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.provider, 'yookassa'), inArray(payments.status, ['pending', 'waiting_for_capture'])))
    .orderBy(payments.id)
    .limit(200)
  let read = 0
  for (const p of open) {
    if (p.createdAt.getTime() > at.getTime() - graceMinutes * 60_000) continue
    await syncPayment(database, p.externalId, false)
    read++
  }
  return read
}

/** The buyer's return re-reads a payment at most this often (a reload loop must not hammer ЮKassa). */
export const RETURN_REREAD_SECONDS = 10

/**
 * The buyer is back from ЮKassa on the order page (ADR 183): its open ЮKassa payments are read again
 * (GET /payments/{id}) before the page shows them, so it says «Оплачен» without waiting for the
 * notification. A payment already final is not asked about, and one read in the last few seconds
 * (by this, a notification or the poll) is not read again. Answers whether anything was read.
 */
export async function rereadOnReturn(database: Db, orderId: number, at: Date = now()): Promise<boolean> {
  if (!yookassaSettings()) return false
  const open = await database
    .select({ id: payments.id, externalId: payments.externalId, idempotenceKey: payments.idempotenceKey })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'yookassa'), inArray(payments.status, ['pending', 'waiting_for_capture'])))
  let read = false
  for (const p of open) {
    const [recent] = await database
      .select({ at: max(paymentEvents.createdAt) })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, p.id), eq(paymentEvents.operation, 'GET /payments/{id}')))
    if (recent?.at && at.getTime() - recent.at.getTime() < RETURN_REREAD_SECONDS * 1000) continue
    await syncPayment(database, p.externalId, false)
    read = true
  }
  return read
}
