import { INSTALMENT_WEEKS, instalmentPart } from '@/domains/payment/payment'
import type { Kopecks } from '@/lib/money'

/**
 * The split-payment ('Долями') info page: 4 payments, the first at once, then every 2 weeks over
 * 6 weeks. The numbers are illustrative (spec §9); the payment itself is the payment domain's.
 */
export const SPLIT_PARTS = INSTALMENT_WEEKS.length
/** The page's example: 2 040 ₽ per payment, i.e. an 8 160 ₽ order. */
export const EXAMPLE_PAYMENT: Kopecks = 204_000
export const REFUND_DAYS = 14

/** Sample contact details of the payment service, shown as static text (ADR 086). */
export const SPLIT_SERVICE_CONTACTS = { name: 'Долями', phone: '8 800 555-77-88', email: 'help@dolyame.ru' } as const

export interface SplitInstalment {
  label: string
  dayOffset: number
  amount: Kopecks
}

const LABELS = ['Сегодня', 'Через 2 недели', 'Через 4 недели', 'Через 6 недель']

/** The page's schedule for an order total: the checkout's instalment rule, so both pages show the same sums. */
export function splitSchedule(total: Kopecks): SplitInstalment[] {
  return INSTALMENT_WEEKS.map((weeks, i) => ({ label: LABELS[i] ?? '', dayOffset: weeks * 7, amount: instalmentPart(total) }))
}
