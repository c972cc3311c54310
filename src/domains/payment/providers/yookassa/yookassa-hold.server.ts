import 'server-only'
import { and, eq } from 'drizzle-orm'
import { db } from '@/db/client'
import { payments } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { formatRub } from '@/lib/money'
import { Refusal } from '@/lib/refusal'
import { RECEIPT_MESSAGES } from '../../receipt'
import { capturePayment, releaseHold, type HoldResult } from './yookassa.server'

/**
 * The back office's two buttons on a held two-stage payment (ADR 183): «Списать» takes the money for
 * the order as it is now, «Отменить» gives the hold back. Both are audited (the order's timeline shows
 * them) and answer the refusal's reason in Russian.
 */
export const HOLD_MESSAGES = {
  'not-found': 'Платёж не найден.',
  'not-held': 'Деньги по этому платежу не заблокированы: списывать или отменять нечего.',
  unavailable: 'ЮKassa сейчас не отвечает. Попробуйте ещё раз через минуту: повтор не спишет деньги дважды.',
  declined: 'ЮKassa отказала в операции. Подробности — в истории заказа.',
  'amount-drift': 'ЮKassa списала не ту сумму, что мы просили: платёж не записан, проверьте его в личном кабинете ЮKassa.',
} as const

function refusal(result: Exclude<HoldResult, { ok: true }>): Refusal {
  if (result.kind === 'receipt') return new Refusal('conflict', `Чек не собран: ${RECEIPT_MESSAGES[result.reason]}`, { error: RECEIPT_MESSAGES[result.reason], reason: result.reason })
  const kind = result.kind === 'not-found' ? 'not-found' : 'conflict'
  return new Refusal(kind, HOLD_MESSAGES[result.kind], { error: HOLD_MESSAGES[result.kind], reason: result.kind })
}

async function heldOf(orderId: number, paymentId: number) {
  const [row] = await db()
    .select({ id: payments.id, amount: payments.amount, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)))
  if (!row || row.provider !== 'yookassa') throw refusal({ ok: false, kind: 'not-found' })
  return row
}

export async function captureHeldPayment(actor: Actor, orderId: number, paymentId: number): Promise<{ status: 'succeeded'; amount: number }> {
  const held = await heldOf(orderId, paymentId)
  const result = await capturePayment(db(), paymentId)
  if (!result.ok) throw refusal(result)
  const amount = result.amount ?? held.amount
  await recordChange(db(), actor, {
    objectType: 'order',
    objectId: orderId,
    action: 'payment-capture',
    before: { paymentId, amount: held.amount },
    after: { paymentId, amount, text: amount === held.amount ? `Списано ${formatRub(amount)}` : `Списано ${formatRub(amount)} из заблокированных ${formatRub(held.amount)}` },
  })
  return { status: 'succeeded', amount }
}

export async function cancelHeldPayment(actor: Actor, orderId: number, paymentId: number): Promise<{ status: 'cancelled'; amount: number }> {
  const held = await heldOf(orderId, paymentId)
  const result = await releaseHold(db(), paymentId)
  if (!result.ok) throw refusal(result)
  await recordChange(db(), actor, {
    objectType: 'order',
    objectId: orderId,
    action: 'payment-cancel',
    after: { paymentId, amount: held.amount, text: `Блокировка ${formatRub(held.amount)} снята, деньги вернутся покупателю` },
  })
  return { status: 'cancelled', amount: held.amount }
}
