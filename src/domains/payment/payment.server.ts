import 'server-only'
import { randomBytes, createHmac } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { db, type Db, type Tx } from '@/db/client'
import { orders, payments } from '@/db/schema'
import { guards } from '@/domains/orders/integrity-guards'
import { queueOrderMail } from '@/domains/orders/order-mail.server'
import { changeStatus, orderById, orderForViewer, type OrderRow } from '@/domains/orders/orders.server'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { Refusal } from '@/lib/refusal'
import { testHook } from '@/lib/test-hooks'
import { paymentProvider, signCallback, verifyCallback, type CallbackPayload } from './payment'
import type { PaymentCallbackInput, SandboxInput } from './payment.schema'
import { recordPaidAfterCancel, sendRefund } from './payment-refund.server'
import { openSurcharge } from './surcharge.server'

export type PaymentRow = typeof payments.$inferSelect

/** The callbacks' key, derived from the app secret so a local run needs no set-up. */
export function callbackSecret(): string {
  return createHmac('sha256', env().SESSION_SECRET).update('payment-callback').digest('hex')
}

/**
 * Whether checkout offers a method (ADR 152). Card and Долями have no real provider yet, only the
 * sandbox, which marks orders paid without money: it runs in demo mode, and in production mode only
 * when PAYMENT_SANDBOX=1 (and then every page says so). Otherwise only offline methods are offered.
 */
export function paymentMethodOffered(code: string): boolean {
  const provider = paymentProvider(code)
  // A real acquirer whose keys are set serves the method (ADR 173): offered in every mode.
  return !provider.online || provider.code !== code || env().paymentSandbox
}

export function newPaymentToken(): string {
  return randomBytes(24).toString('base64url')
}

/** Inside the order transaction: an online method gets its pending payment (no provider call here). */
/** Whether the bank holds the order's money for a capture the shop has not made yet (two-stage, ADR 183). */
export async function holdsPayment(database: Db, orderId: number): Promise<boolean> {
  const [held] = await database.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, 'waiting_for_capture'))).limit(1)
  return held !== undefined
}

export async function openPayment(tx: Tx, order: { id: number; total: number; paySystemCode: string }): Promise<void> {
  const provider = paymentProvider(order.paySystemCode)
  if (!provider.online) return
  await tx.insert(payments).values({
    orderId: order.id,
    provider: provider.code,
    externalId: randomBytes(16).toString('hex'),
    amount: order.total,
    // A gateway is asked after the commit (no external call in a transaction), so its row starts 'created'.
    ...provider.opening?.(),
  })
}

/**
 * The payment the order's link pays: for an order paid before, its open surcharge (ADR 169), the
 * newest pending or declined one; otherwise the order's first payment.
 */
async function paymentOf(q: Db | Tx, order: OrderRow): Promise<{ payment: PaymentRow; surcharge: boolean } | undefined> {
  if (order.paidAt && order.status !== 'cancelled') {
    const open = await openSurcharge(q, order.id)
    if (open) return { payment: open, surcharge: true }
  }
  // Nothing open: the first payment, whose buttons then only lead back to the order (a duplicate).
  const [row] = await q.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id).limit(1)
  return row && { payment: row, surcharge: false }
}

export interface SandboxView {
  order: OrderRow
  payment: PaymentRow
  /** The payment is an extra charge of an order paid before (ADR 169). */
  surcharge: boolean
}

/** The sandbox page's data; the random token in the link is the capability (no other id works). */
export async function sandboxView(q: Db | Tx, token: string): Promise<SandboxView | null> {
  // A production shop without PAYMENT_SANDBOX=1 has no sandbox: its page and buttons are 404 (ADR 152).
  if (!env().paymentSandbox) return null
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null
  const [order] = await q.select().from(orders).where(eq(orders.paymentToken, token))
  if (!order || !paymentProvider(order.paySystemCode).online) return null
  const found = await paymentOf(q, order)
  // A payment through a real acquirer is paid on its page only, never by the sandbox's buttons (ADR 173).
  if (found && found.payment.provider !== order.paySystemCode) return null
  return found ? { order, ...found } : null
}

/**
 * The buyer pressed 'Оплатить' or 'Отказаться' on the sandbox page: the sandbox, like a real provider,
 * notifies us with a signed callback. Returns where the buyer goes next.
 */
export async function sandboxOutcome(database: Db, token: string, outcome: 'pay' | 'fail'): Promise<string | null> {
  const view = await sandboxView(database, token)
  if (!view) return null
  const payload: CallbackPayload = {
    paymentId: view.payment.externalId,
    status: outcome === 'pay' ? 'succeeded' : 'failed',
    amount: String(view.payment.amount),
  }
  await applyCallback(database, payload, signCallback(payload, callbackSecret()))
  return `/personal/order/?ORDER_ID=${view.order.id}`
}

/**
 * The race test's switches (ADR 169): `lock` off skips the order's row lock (the negative control),
 * and `afterCheck` runs between the amount check and the payment's move, where an edit would meet it.
 */
export const callbackGuard = testHook<Readonly<{ lock: boolean; afterCheck: (() => Promise<void>) | null }>>('payment callback order lock', { lock: true, afterCheck: null })

/** 'refund': the money came for a cancelled order and goes back (ADR 155). */
export type CallbackResult = 'applied' | 'duplicate' | 'refund' | 'bad-signature' | 'unknown' | 'amount-mismatch'

/**
 * A provider's notification. Idempotent and order-independent (R6): the payment moves out of
 * 'pending' once, the order to 'paid' once, and the mail is queued in the same transaction.
 */
export async function applyCallback(database: Db, payload: CallbackPayload, signature: string): Promise<CallbackResult> {
  if (!verifyCallback(payload, signature, callbackSecret())) return 'bad-signature'
  if (!guards().paymentOnce) return applyUnguarded(database, payload)
  return applyVerified(database, payload)
}

/** Where a payment may be when the provider's final word arrives: not yet final (ADR 172). */
const OPEN_STATES = ['created', 'pending', 'waiting_for_capture'] as const

/**
 * A provider's final word on a payment, once it is known to be the provider's: the sandbox's signed
 * callback above, or a real acquirer's object re-read from its API (ADR 173). `provider` narrows the
 * lookup to that gateway's payments.
 */
export async function applyVerified(database: Db, payload: CallbackPayload, provider?: string): Promise<CallbackResult> {
  let refundOf: number | null = null
  const result = await database.transaction(async (tx): Promise<CallbackResult> => {
    const [found] = await tx
      .select({ id: payments.id, orderId: payments.orderId })
      .from(payments)
      .where(provider ? and(eq(payments.provider, provider), eq(payments.externalId, payload.paymentId)) : eq(payments.externalId, payload.paymentId))
    if (!found) return 'unknown'
    // The order's row lock, which an edit and a status change take too (ADR 164, 169): an edit that
    // changes this payment's amount either committed before the read below or waits for this
    // transaction, so the amount checked is the amount recorded against the order's total.
    const guard = callbackGuard()
    if (guard.lock) await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for('update')
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id))
    if (!payment) return 'unknown'
    if (String(payment.amount) !== payload.amount) return 'amount-mismatch'
    if (guard.afterCheck) await guard.afterCheck()
    const moved = await tx
      .update(payments)
      .set({ status: payload.status, completedAt: now() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, OPEN_STATES)))
      .returning({ id: payments.id })
    if (moved.length === 0) {
      // A late success after a failure still pays the order: the money did arrive. `payment` was
      // read before a concurrent callback changed it, so the conditional update decides, not it.
      // So does one for a surcharge an edit cancelled meanwhile (ADR 169): the order page then shows
      // more paid than the order costs, and the manager refunds it.
      if (payload.status !== 'succeeded') return 'duplicate'
      const late = await tx
        .update(payments)
        .set({ status: 'succeeded', completedAt: now() })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, ['failed', 'cancelled'])))
        .returning({ id: payments.id })
      if (late.length === 0) return 'duplicate'
    }
    if (payload.status === 'failed') return 'applied'
    // A surcharge of an order paid before (ADR 169): the payment has succeeded, the status stays.
    const current = await orderById(tx, payment.orderId)
    if (current && current.paidAt && current.status !== 'cancelled') return 'applied'
    // The status change queues the buyer's 'paid' mail in this transaction (orders, ADR 100).
    if (!(await changeStatus(tx, payment.orderId, 'paid'))) {
      // Cancelled first (the unpaid-order job, the buyer, a manager): the money is not ours to keep.
      // The payment's move above happens once, so this runs once per payment (ADR 155).
      const order = await orderById(tx, payment.orderId)
      const refundId = order?.status === 'cancelled' ? await recordPaidAfterCancel(tx, order, payment) : null
      if (refundId === null) return 'duplicate'
      refundOf = refundId
      return 'refund'
    }
    return 'applied'
  })
  if (refundOf !== null) await sendRefund(database, refundOf)
  return result
}

/** Negative control of R6 only: check, then act, in separate statements. */
async function applyUnguarded(database: Db, payload: CallbackPayload): Promise<CallbackResult> {
  const [payment] = await database.select().from(payments).where(eq(payments.externalId, payload.paymentId))
  if (!payment) return 'unknown'
  const order = await orderById(database, payment.orderId)
  if (!order || order.status !== 'awaiting_payment' || payload.status !== 'succeeded') return 'duplicate'
  // Widens the gap between check and act so concurrent deliveries reliably interleave on any driver.
  await new Promise((resolve) => setTimeout(resolve, 25))
  await database.update(payments).set({ status: 'succeeded', completedAt: now() }).where(eq(payments.id, payment.id))
  await database.update(orders).set({ status: 'paid', paidAt: now() }).where(eq(orders.id, order.id))
  await queueOrderMail(database, order.id, { kind: 'status', status: 'paid' }, { dedupe: false })
  return 'applied'
}

/**
 * POST /payment/callback/: a provider's notification, through the machine-to-machine wrapper. The
 * signature is the only credential; a refusal names its reason in `result`, as providers log it.
 */
export async function receivePaymentCallback(input: PaymentCallbackInput): Promise<{ result: CallbackResult }> {
  const { signature, ...payload } = input
  const result = await applyCallback(db(), payload, signature)
  if (result === 'bad-signature') throw new Refusal('forbidden', result, { result })
  if (result !== 'applied' && result !== 'duplicate' && result !== 'refund') throw new Refusal('invalid', result, { result })
  return { result }
}

/** POST /payment/sandbox/pay/: the sandbox's pay or refuse button, then back to the order. */
export async function sandboxChoice(input: SandboxInput): Promise<Response> {
  const next = await sandboxOutcome(db(), input.token, input.outcome)
  if (!next) throw new Refusal('not-found', 'Ссылка на оплату недействительна.')
  return new Response(null, { status: 303, headers: { location: next, 'cache-control': 'no-store' } })
}

/** Sandbox and invoice pages read through the visitor's session; the invoice only for the order's owner. */
export async function invoiceView(rawId: string | string[] | undefined, viewer: { sessionId: number | null; userId: number | null }) {
  const text = Array.isArray(rawId) ? rawId[0] : rawId
  if (!text || !/^\d{1,10}$/.test(text)) return null
  const found = await orderForViewer(db(), Number(text), viewer)
  return found && found.order.paySystemCode === 'bill' ? found : null
}
