import 'server-only'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { orders, paymentReceipts, paymentRefunds, payments, type ShippedMarkCodes } from '@/db/schema'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { settlementReceiptBody, yookassaReceiptObject } from './providers/yookassa/yookassa'
import { yookassaCall } from './providers/yookassa/yookassa-client.server'
import { paymentReceipt, RECEIPT_MESSAGES } from './receipt'
import { receiptOrder } from './receipt.server'

/**
 * The settlement receipt («полный расчёт», ADR 183): a prepaid order's goods change hands at
 * shipment, so 54-ФЗ wants a second receipt then, full_payment, settled by the prepayment, and it is
 * where marked goods carry their pieces' codes (scanned at assembly; the prepayment receipt had only
 * the code type, ADR 172). ЮKassa's POST /receipts; one per order, its key written before the call.
 */

export type SettlementRefusalKind = 'not-found' | 'not-shipped' | 'not-prepaid' | 'codes' | 'paid-differs' | 'receipt' | 'sent'

export const SETTLEMENT_MESSAGES: Record<SettlementRefusalKind, string> = {
  'not-found': 'Заказ не найден.',
  'not-shipped': 'Чек полного расчёта отправляют, когда заказ передан в доставку.',
  'not-prepaid': 'Заказ не оплачен онлайн через ЮKassa: чек полного расчёта здесь не нужен.',
  codes: 'Введите код маркировки для каждой маркированной штуки.',
  'paid-differs': 'Оплачено не столько, сколько стоит заказ: сначала верните или доплатите разницу.',
  receipt: 'Чек не собран.',
  sent: 'Чек полного расчёта уже отправлен.',
}

export type SettlementResult =
  | { ok: true; status: string; receiptId: string | null }
  | { ok: false; kind: SettlementRefusalKind; detail: string }
  | { ok: false; kind: 'unavailable' | 'declined'; detail: string }

/** The marked lines of an order and how many codes each needs (one per piece). */
export async function markedPieces(database: Db, orderId: number): Promise<{ lineId: number; name: string; quantity: number; markType: string }[]> {
  const order = await receiptOrder(database, orderId)
  if (!order) return []
  return order.lines.filter((l) => l.markCodeType !== null).map((l) => ({ lineId: l.id, name: l.name, quantity: l.quantity, markType: l.markCodeType! }))
}

/** Codes for exactly the marked pieces: a code per piece, none for an unmarked line, no repeats. */
export function checkCodes(marked: readonly { lineId: number; name: string; quantity: number }[], codes: readonly ShippedMarkCodes[]): string | null {
  const seen = new Set<string>()
  for (const c of codes) if (!marked.some((m) => m.lineId === c.lineId)) return `строка ${c.lineId} не маркирована`
  for (const m of marked) {
    const given = codes.find((c) => c.lineId === m.lineId)?.codes ?? []
    if (given.length !== m.quantity) return `${m.name}: нужно ${m.quantity}, введено ${given.length}`
    for (const code of given) {
      if (seen.has(code)) return `${m.name}: код ${code} повторяется`
      seen.add(code)
    }
  }
  return null
}

/**
 * Stores the codes and sends the settlement receipt of a shipped order paid through ЮKassa. A timeout
 * leaves the row 'requested' with its key (the retry sends the same one); a refusal by ЮKassa makes it
 * 'failed', and the next try, perhaps with corrected codes, goes with a new key.
 */
export async function sendSettlementReceipt(database: Db, orderId: number, codes: readonly ShippedMarkCodes[]): Promise<SettlementResult> {
  const [order] = await database.select({ id: orders.id, status: orders.status, total: orders.total }).from(orders).where(eq(orders.id, orderId))
  if (!order) return { ok: false, kind: 'not-found', detail: '' }
  if (order.status !== 'shipped' && order.status !== 'delivered') return { ok: false, kind: 'not-shipped', detail: order.status }
  const paid = await database
    .select({ id: payments.id, externalId: payments.externalId, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'yookassa'), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.id))
  if (paid.length === 0) return { ok: false, kind: 'not-prepaid', detail: '' }
  const [existing] = await database.select().from(paymentReceipts).where(and(eq(paymentReceipts.orderId, orderId), eq(paymentReceipts.kind, 'settlement')))
  if (existing && existing.status !== 'requested' && existing.status !== 'failed') return { ok: false, kind: 'sent', detail: existing.status }
  const marked = await markedPieces(database, orderId)
  const wrong = checkCodes(marked, codes)
  if (wrong) return { ok: false, kind: 'codes', detail: wrong }
  const refunded = await database
    .select({ amount: paymentRefunds.amount })
    .from(paymentRefunds)
    .where(and(inArray(paymentRefunds.paymentId, paid.map((p) => p.id)), ne(paymentRefunds.status, 'failed')))
  const net = paid.reduce((s, p) => s + p.amount, 0) - refunded.reduce((s, r) => s + r.amount, 0)
  if (net !== order.total) return { ok: false, kind: 'paid-differs', detail: `${net} ≠ ${order.total}` }
  const forReceipt = await receiptOrder(database, orderId)
  if (!forReceipt) return { ok: false, kind: 'not-found', detail: '' }
  const withCodes = { ...forReceipt, lines: forReceipt.lines.map((l) => ({ ...l, markCodes: codes.find((c) => c.lineId === l.id)?.codes ?? [] })) }
  const built = paymentReceipt(withCodes, 'yookassa')
  if (!built.ok) return { ok: false, kind: 'receipt', detail: RECEIPT_MESSAGES[built.kind] }
  const payment = paid[0]!
  const stored = { markCodes: [...codes], receipt: built.receipt, paymentId: payment.id, error: null }
  // A 'requested' row keeps its key (a retry after a timeout); a failed one starts over with a new key.
  const [row] = existing
    ? await database
        .update(paymentReceipts)
        .set({ ...stored, status: 'requested', ...(existing.status === 'failed' ? { idempotenceKey: `settlement-${orderId}-${randomUUID()}` } : {}) })
        .where(and(eq(paymentReceipts.id, existing.id), inArray(paymentReceipts.status, ['requested', 'failed'])))
        .returning()
    : await database
        .insert(paymentReceipts)
        .values({ ...stored, orderId, provider: 'yookassa', kind: 'settlement', idempotenceKey: `settlement-${orderId}-${randomUUID()}` })
        .onConflictDoNothing()
        .returning()
  if (!row) return { ok: false, kind: 'sent', detail: 'concurrent' }
  const answer = await yookassaCall({
    method: 'POST',
    path: 'receipts',
    operation: 'POST /receipts',
    idempotenceKey: row.idempotenceKey,
    paymentId: payment.id,
    objectId: payment.externalId,
    body: settlementReceiptBody(built.receipt, payment.externalId),
    answer: yookassaReceiptObject,
  })
  if (!answer.ok) {
    const final = answer.kind === 'http' && answer.status !== null && answer.status < 500
    await database
      .update(paymentReceipts)
      .set({ status: final ? 'failed' : 'requested', error: answer.error.slice(0, 500) })
      .where(eq(paymentReceipts.id, row.id))
    logger.warn({ orderId, kind: answer.kind, error: answer.error }, 'settlement receipt not accepted')
    return { ok: false, kind: final ? 'declined' : 'unavailable', detail: answer.error }
  }
  await database
    .update(paymentReceipts)
    .set({ status: answer.body.status, providerReceiptId: answer.body.id, completedAt: answer.body.status === 'pending' ? null : now() })
    .where(eq(paymentReceipts.id, row.id))
  return { ok: true, status: answer.body.status, receiptId: answer.body.id }
}

/**
 * GET /receipts/{id} for settlement receipts still registering, and a new try of those whose call
 * got no answer: the housekeeping round's part (ADR 183).
 */
export async function settleOpenReceipts(database: Db): Promise<number> {
  const open = await database.select().from(paymentReceipts).where(inArray(paymentReceipts.status, ['requested', 'pending'])).limit(100)
  for (const r of open) {
    if (r.status === 'requested') {
      await sendSettlementReceipt(database, r.orderId, r.markCodes)
      continue
    }
    if (!r.providerReceiptId) continue
    const answer = await yookassaCall({ method: 'GET', path: `receipts/${encodeURIComponent(r.providerReceiptId)}`, operation: 'GET /receipts/{id}', paymentId: r.paymentId, objectId: r.providerReceiptId, answer: yookassaReceiptObject })
    if (answer.ok && answer.body.status !== r.status) {
      await database.update(paymentReceipts).set({ status: answer.body.status, completedAt: answer.body.status === 'pending' ? null : now() }).where(eq(paymentReceipts.id, r.id))
    }
  }
  return open.length
}
