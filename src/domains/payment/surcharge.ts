import type { MailMessage } from '@/domains/mail/mail'
import { formatRub } from '@/lib/money'

/**
 * The extra charge of a paid order that grows (issue 18, ADR 169). Pure: the plan, the sum due and
 * the buyer's mail; `surcharge.server.ts` applies them in the edit's transaction.
 */

export const SURCHARGE_MESSAGES = {
  offline: (extra: number) =>
    `Заказ оплачен не через сайт (наличными или по счёту): после изменения он стоил бы на ${formatRub(extra)} дороже, а доплату сайт принимает только тем способом, которым заказ оплачен онлайн. Оформите добавку отдельным заказом.`,
} as const

/**
 * What an edit of a paid order does with money. `pending` is the open surcharge (0: none). The edit's
 * difference moves what is due: due after = pending + (total after − total before). Above 0 the
 * surcharge asks that much (opened or changed); at or below 0 it is cancelled and anything beyond it
 * goes back as a refund. A refund a manager gave earlier (goodwill, pieces the buyer keeps) is not
 * charged again by a later edit: only the edit's own difference counts.
 */
export function planSurcharge(pending: number, totalBefore: number, totalAfter: number): { due: number; refund: number } {
  const due = pending + totalAfter - totalBefore
  return due > 0 ? { due, refund: 0 } : { due: 0, refund: due === 0 ? 0 : -due }
}

/**
 * A surcharge not paid yet: waiting, or declined and still owed (the buyer may try again). A gateway's
 * surcharge starts 'created' and may be held two-stage (ADR 183): still owed until captured.
 */
export const OPEN_SURCHARGE = ['created', 'pending', 'waiting_for_capture', 'failed'] as const

/**
 * What a paid order still waits for: its open surcharges, every payment after the order's first that
 * is pending or failed (the first is the order's own payment, not "due" here, whatever its state).
 */
export function amountDue(order: { paidAt: Date | string | null; status: string }, payments: readonly { id: number; status: string; amount: number }[]): number {
  if (!order.paidAt || order.status === 'cancelled' || payments.length === 0) return 0
  const first = Math.min(...payments.map((p) => p.id))
  return payments.filter((p) => p.id !== first && (OPEN_SURCHARGE as readonly string[]).includes(p.status)).reduce((sum, p) => sum + p.amount, 0)
}

/** The outbox key: one mail per surcharge and sum, so a second edit that changes the sum writes again. */
export function surchargeMailKey(paymentId: number, amount: number): string {
  return `order-surcharge:${paymentId}:${amount}`
}

export interface SurchargeMailFacts {
  orderId: number
  paymentId: number
  email: string
  buyerName: string
  total: number
  due: number
  payUrl: string
}

/** The buyer's mail with the payment link, or null when the order has no e-mail (anonymised). */
export function surchargeMail(f: SurchargeMailFacts): (MailMessage & { dedupeKey: string }) | null {
  if (!f.email) return null
  const name = f.buyerName.trim()
  return {
    to: f.email,
    subject: `Заказ №${f.orderId} изменён: к доплате ${formatRub(f.due)}`,
    text: [
      name ? `Здравствуйте, ${name}!` : 'Здравствуйте!',
      '',
      `Заказ №${f.orderId} изменён, теперь он стоит ${formatRub(f.total)}. К доплате: ${formatRub(f.due)}.`,
      `Оплатить: ${f.payUrl}`,
      '',
      'Если вы не просили изменить заказ или у вас есть вопросы, ответьте на это письмо.',
      '',
      'Витамаркет',
    ].join('\n'),
    dedupeKey: surchargeMailKey(f.paymentId, f.due),
  }
}
