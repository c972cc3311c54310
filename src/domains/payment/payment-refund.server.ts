import 'server-only'
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { paymentRefunds, payments } from '@/db/schema'
import { enqueueMail } from '@/domains/mail/mail.server'
import type { OrderRow } from '@/domains/orders/orders.server'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { formatRub } from '@/lib/money'
import { providerOfPayment, type RefundOutcome } from './payment'
import { RECEIPT_MESSAGES, refundReceipt, type Receipt, type ReceiptProvider, type ReceiptResult } from './receipt'
import { receiptOrder } from './receipt.server'
import { notifyStaff } from '@/domains/staff/staff-notifications.server'

type PaymentRow = typeof payments.$inferSelect
export type RefundRow = typeof paymentRefunds.$inferSelect

/**
 * Money arrived for an order that is already cancelled (issue 16 hole 7, ADR 155): in the callback's
 * transaction, the refund row records it and the manager's alert is queued beside it. The partial
 * unique index (one automatic refund per payment) makes a repeated or concurrent callback record
 * nothing more; null then, else the refund row's id for sendRefund after the commit.
 */
export async function recordPaidAfterCancel(tx: Tx, order: OrderRow, payment: PaymentRow): Promise<number | null> {
  const [row] = await tx
    .insert(paymentRefunds)
    .values({ orderId: order.id, paymentId: payment.id, amount: payment.amount, reason: 'paid-after-cancel' })
    // The partial unique index allows one automatic refund per payment; staff refunds are others.
    .onConflictDoNothing({ target: paymentRefunds.paymentId, where: sql`${paymentRefunds.reason} = 'paid-after-cancel'` })
    .returning({ id: paymentRefunds.id })
  if (!row) return null
  const buyer = [order.buyerName, order.email, order.phone].filter(Boolean).join(', ') || 'данные покупателя удалены'
  await enqueueMail(tx, {
    to: env().SHOP_EMAIL,
    subject: `Оплата поступила за отменённый заказ №${order.id}`,
    text: [
      `Платёж ${payment.externalId} (${payment.provider}) на ${formatRub(payment.amount)} поступил, когда заказ №${order.id} уже был отменён.`,
      'Заказ остаётся отменённым, товары под него не зарезервированы.',
      '',
      'Возврат денег запущен автоматически через платёжную систему. Проверьте, что он прошёл, и свяжитесь с покупателем:',
      buyer,
    ].join('\n'),
    dedupeKey: `paid-after-cancel:${payment.id}`,
  })
  await notifyStaff(tx, 'payment.after-cancel', String(payment.id), {
    subject: `оплата за отменённый заказ №${order.id}`,
    text: `Платёж на ${formatRub(payment.amount)} поступил после отмены заказа №${order.id}. Возврат запущен; проверьте, что он прошёл.`,
    path: `/admin/orders/${order.id}/`,
  })
  return row.id
}

/**
 * Asks the payment's provider to send one refund row's money back, after the transaction that
 * recorded it (no external call inside one). The claim `requested → processing` lets one process
 * call the provider; the outcome is stored on the row. A failure stays 'failed' with its error: for
 * ADR 155 the manager has the alert, a manager's refund shows it on the order page (ADR 165).
 */
export async function sendRefund(database: Db, refundId: number): Promise<RefundRow | null> {
  const [claimed] = await database
    .update(paymentRefunds)
    .set({ status: 'processing' })
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'requested')))
    .returning()
  if (!claimed) return null
  const [payment] = await database.select().from(payments).where(eq(payments.id, claimed.paymentId))
  let outcome: RefundOutcome
  let receipt: Receipt | null = null
  try {
    const provider = payment ? providerOfPayment(payment.provider) : null
    // A fiscal provider gets the refund receipt of the returned lines (ADR 172); one it would refuse stops here.
    const built = provider?.fiscal ? await refundReceiptOf(database, claimed, provider.fiscal) : null
    if (built && !built.ok) outcome = { ok: false, error: `Чек возврата: ${RECEIPT_MESSAGES[built.kind]} ${built.detail}`.trim() }
    else {
      receipt = built?.receipt ?? null
      outcome =
        payment && provider
          ? await provider.refund({
              refundKey: `refund-${claimed.id}`,
              paymentExternalId: payment.externalId,
              amount: claimed.amount,
              ...(receipt ? { receipt } : {}),
            })
          : { ok: false, error: 'payment row missing' }
    }
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  const [done] = await database
    .update(paymentRefunds)
    .set(
      outcome.ok
        ? { status: 'succeeded', providerRefundId: outcome.providerRefundId, completedAt: now(), receipt, receiptStatus: outcome.receiptStatus ?? null }
        : { status: 'failed', lastError: outcome.error.slice(0, 500), completedAt: now(), receipt },
    )
    .where(eq(paymentRefunds.id, claimed.id))
    .returning()
  if (!outcome.ok) logger.error({ refundId, paymentId: claimed.paymentId, orderId: claimed.orderId, error: outcome.error }, 'refund failed')
  return done ?? null
}

/**
 * Refunds recorded but never sent: the process died between the commit (the callback's, a manager's
 * refund, an edit) and the provider call. Rows older than `graceMinutes` are left by a live callback, so a retry never races it; the
 * claim in sendRefund keeps two instances from both sending.
 */
export async function sendStrandedRefunds(database: Db, at: Date = now(), graceMinutes = 10): Promise<number> {
  const stranded = await database
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'requested'), lt(paymentRefunds.createdAt, new Date(at.getTime() - graceMinutes * 60_000))))
    .orderBy(asc(paymentRefunds.id))
    .limit(100)
  let sent = 0
  for (const row of stranded) if (await sendRefund(database, row.id)) sent++
  return sent
}

/** The refund receipt of one refund row: its lines and delivery, or its plain sum shared over the order. */
async function refundReceiptOf(database: Db, row: RefundRow, provider: ReceiptProvider): Promise<ReceiptResult> {
  const order = await receiptOrder(database, row.orderId)
  if (!order) return { ok: false, kind: 'empty', detail: 'order missing' }
  return refundReceipt(order, { lines: row.lines ?? [], deliveryAmount: row.deliveryAmount, amount: row.amount }, provider)
}
