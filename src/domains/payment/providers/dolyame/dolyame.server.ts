import 'server-only'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { db, type Db } from '@/db/client'
import { orders, payments } from '@/db/schema'
import { env } from '@/lib/env'
import { json } from '@/lib/ajax'
import { logger } from '@/lib/logger'
import { applyVerified, type CallbackResult } from '../../payment.server'
import { amountReceipt, paymentReceipt, RECEIPT_MESSAGES, type Receipt, type ReceiptRefusalKind } from '../../receipt'
import { receiptOrder } from '../../receipt.server'
import { notifiedObject, storeNotification, type CallFailureKind } from '../gateway-call.server'
import { gatewayPay, gatewayPayView, keyOnce, moveOpen, payableRow, pollOpen, type GatewayPayView, type PaymentRow, type StartResult } from '../gateway-flow.server'
import { correlationOf, DOLYAME_GATEWAY, dolyameAmount, dolyameAny, dolyameCreated, dolyameInfo, dolyameItems, statusOfDolyame, type DolyameInfo, type DolyameNotification } from './dolyame'
import { dolyameCall, dolyameSettings } from './dolyame-client.server'

/**
 * Долями's use-cases (ADR 182): the order at Долями after ours is committed, `info` read again on
 * every notification and the buyer's return, the commit of an order waiting for it (or its cancel when
 * ours was cancelled meanwhile). The money's effects go through applyVerified, as for every provider.
 */

const base = () => env().PUBLIC_URL.replace(/\/$/, '')

const orderPath = (externalId: string, action: string) => `orders/${encodeURIComponent(externalId)}/${action}`

/**
 * orders/create for one of our payment rows (named by its externalId, ours), or the link already
 * made. The X-Correlation-ID is stored before the call and sent again on a retry; an order Долями
 * already has (its answer was lost) is read with `info` instead.
 */
export async function startPayment(database: Db, paymentId: number): Promise<StartResult> {
  if (!dolyameSettings()) return { ok: false, kind: 'unavailable' }
  const row = await payableRow(database, paymentId, DOLYAME_GATEWAY)
  if (!row) return { ok: false, kind: 'not-found' }
  if (row.confirmationUrl && row.status === 'pending') return { ok: true, confirmationUrl: row.confirmationUrl }
  if (row.status !== 'created' && row.status !== 'pending') return { ok: false, kind: 'not-payable' }
  const [order] = await database.select({ total: orders.total, status: orders.status, email: orders.email, phone: orders.phone }).from(orders).where(eq(orders.id, row.orderId))
  if (!order || order.status === 'cancelled') return { ok: false, kind: 'not-payable' }
  const built = await receiptOf(database, row, order.total)
  if (!built.ok) return built
  const correlationId = await keyOnce(database, row.id, randomUUID())
  const answer = await dolyameCall({
    method: 'POST',
    path: 'orders/create',
    operation: 'POST orders/create',
    body: {
      order: { id: row.externalId, amount: dolyameAmount(row.amount), prepaid_amount: 0, items: dolyameItems(built.receipt) },
      client_info: { ...(order.email ? { email: order.email } : {}), ...(order.phone ? { phone: order.phone } : {}) },
      notification_url: `${base()}/payment/notify/dolyame/`,
      success_url: `${base()}/personal/order/?ORDER_ID=${row.orderId}`,
      fail_url: `${base()}/personal/order/?ORDER_ID=${row.orderId}`,
    },
    answer: dolyameCreated,
    correlationId,
    paymentId: row.id,
    objectId: row.externalId,
  })
  let link: string | null = null
  if (answer.ok) link = answer.body.link
  else if (answer.kind === 'http' && answer.status === 409) {
    // Made by an earlier try whose answer never came: the order is Долями's already.
    const info = await readInfo(row)
    if (info.ok) link = info.body.link ?? null
  } else return { ok: false, kind: answer.kind === 'http' && (answer.status ?? 500) < 500 ? 'declined' : 'unavailable' }
  if (!link) return { ok: false, kind: 'unavailable' }
  await database.update(payments).set({ confirmationUrl: link, providerStatus: answer.ok ? answer.body.status : null, receipt: built.receipt }).where(eq(payments.id, row.id))
  await moveOpen(database, row.id, 'pending')
  return { ok: true, confirmationUrl: link }
}

async function receiptOf(database: Db, row: PaymentRow, orderTotal: number): Promise<{ ok: true; receipt: Receipt } | { ok: false; kind: 'receipt'; reason: ReceiptRefusalKind } | { ok: false; kind: 'not-found' }> {
  const forReceipt = await receiptOrder(database, row.orderId)
  if (!forReceipt) return { ok: false, kind: 'not-found' }
  const built = row.amount === orderTotal ? paymentReceipt(forReceipt, 'dolyame') : amountReceipt(forReceipt, row.amount, 'dolyame')
  if (!built.ok) {
    logger.error({ paymentId: row.id, kind: built.kind, detail: built.detail }, `Долями items refused: ${RECEIPT_MESSAGES[built.kind]}`)
    return { ok: false, kind: 'receipt', reason: built.kind }
  }
  return built
}

function readInfo(row: PaymentRow) {
  return dolyameCall({ method: 'GET', path: orderPath(row.externalId, 'info'), operation: 'GET orders/{id}/info', answer: dolyameInfo, paymentId: row.id, objectId: row.externalId })
}

/**
 * Moves our row by Долями's order as `info` reads it. `wait_for_commit` is committed here (cancelled if
 * our order was cancelled meanwhile: the money is then never taken), and the order read again.
 */
async function settle(database: Db, row: PaymentRow, info: DolyameInfo, depth = 0): Promise<CallbackResult | 'moved' | 'unchanged' | CallFailureKind> {
  await database.update(payments).set({ providerStatus: info.status }).where(eq(payments.id, row.id))
  const to = statusOfDolyame(info.status)
  switch (to) {
    case null:
      return 'unchanged'
    case 'pending':
      return moveOpen(database, row.id, 'pending')
    case 'waiting_for_capture': {
      if (info.amount !== row.amount) return 'amount-mismatch'
      // Held first, so a commit that fails now is seen in the back office and retried by the poll.
      const held = await moveOpen(database, row.id, 'waiting_for_capture')
      if (depth > 0) return held
      const done = await commitOrCancel(database, row)
      if (!done.ok) return done.kind
      const again = await readInfo(row)
      return again.ok ? settle(database, row, again.body, depth + 1) : again.kind
    }
    case 'succeeded':
      return applyVerified(database, { paymentId: row.externalId, status: 'succeeded', amount: String(info.amount) }, DOLYAME_GATEWAY)
    default:
      return applyVerified(database, { paymentId: row.externalId, status: 'failed', amount: String(row.amount) }, DOLYAME_GATEWAY)
  }
}

async function commitOrCancel(database: Db, row: PaymentRow): Promise<{ ok: true } | { ok: false; kind: CallFailureKind }> {
  const [order] = await database.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId))
  if (order?.status === 'cancelled') {
    const cancelled = await dolyameCall({ method: 'POST', path: orderPath(row.externalId, 'cancel'), operation: 'POST orders/{id}/cancel', body: {}, answer: dolyameAny, correlationId: correlationOf(`cancel-${row.id}`), paymentId: row.id, objectId: row.externalId })
    return cancelled.ok ? { ok: true } : { ok: false, kind: cancelled.kind }
  }
  const receipt = row.receipt as Receipt | null
  const committed = await dolyameCall({
    method: 'POST',
    path: orderPath(row.externalId, 'commit'),
    operation: 'POST orders/{id}/commit',
    body: { amount: dolyameAmount(row.amount), prepaid_amount: 0, items: receipt ? dolyameItems(receipt) : [] },
    answer: dolyameAny,
    correlationId: correlationOf(`commit-${row.id}`),
    paymentId: row.id,
    objectId: row.externalId,
  })
  return committed.ok ? { ok: true } : { ok: false, kind: committed.kind }
}

/** `info` and act on what Долями says now. */
export async function syncPayment(database: Db, externalId: string): Promise<CallbackResult | 'moved' | 'unchanged' | CallFailureKind> {
  const [row] = await database.select().from(payments).where(and(eq(payments.provider, DOLYAME_GATEWAY), eq(payments.externalId, externalId)))
  if (!row) return 'unknown'
  const info = await readInfo(row)
  if (!info.ok) return info.kind
  return settle(database, row, info.body)
}

/**
 * POST /payment/notify/dolyame/: unsigned, so it is stored and only the order's id is taken from it;
 * that order is read again with `info` and acted on. 503 (Долями did not answer our read) has it sent again.
 */
export async function notifyDolyame(input: DolyameNotification): Promise<Response> {
  const [row] = await db().select({ id: payments.id }).from(payments).where(and(eq(payments.provider, DOLYAME_GATEWAY), eq(payments.externalId, input.id)))
  await storeNotification(DOLYAME_GATEWAY, `notification ${input.status ?? ''}`.trim(), input, row?.id ?? null, input.id)
  if (!row) return json({ result: 'unknown' })
  const result = await syncPayment(db(), input.id)
  if (result === 'timeout' || result === 'network' || result === 'not-configured' || result === 'bad-answer') return json({ result: 'retry' }, 503)
  return json({ result })
}

/**
 * Replays a stored notification (ADR 172): the same re-read and the same moves, so a notification seen
 * twice changes nothing (R6). Null: no such notification.
 */
export async function replayDolyameNotification(eventId: number): Promise<string | null> {
  const externalId = await notifiedObject(eventId, DOLYAME_GATEWAY)
  return externalId === null ? null : syncPayment(db(), externalId)
}

// ---------- the buyer's way to Долями's page ----------

export function dolyamePayView(token: string): Promise<GatewayPayView | null> {
  return gatewayPayView(token, DOLYAME_GATEWAY)
}

/** POST /payment/dolyame/pay/: the shared press of a gateway's pay page (gateway-flow.server.ts). */
export function dolyamePay(input: { token: string }): Promise<Response> {
  return gatewayPay(input.token, { code: DOLYAME_GATEWAY, name: 'Долями', page: '/payment/dolyame/', sync: (externalId) => syncPayment(db(), externalId), start: (paymentId) => startPayment(db(), paymentId) })
}

/** Every Долями order still open after the grace is read with `info` (housekeeping, order expiry). */
export function pollDolyamePayments(database: Db, at?: Date, graceMinutes?: number): Promise<number> {
  if (!dolyameSettings()) return Promise.resolve(0)
  return pollOpen(database, DOLYAME_GATEWAY, (row) => syncPayment(database, row.externalId), at, graceMinutes)
}
