/**
 * Instalments ('dolyame'): pure date and money rules, apart from payment.ts, which signs callbacks with
 * node:crypto. The checkout's instalment window and the sandbox page import this file, so the browser
 * bundle gets no crypto polyfill (half a megabyte, and an eval() the page's CSP refuses).
 */
import type { Kopecks } from '@/lib/money'

export interface Instalment {
  /** YYYY-MM-DD */
  date: string
  amount: Kopecks
}

export const INSTALMENT_WEEKS = [0, 2, 4, 6] as const

const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' })

/** One of the equal payments: price/4 rounded up to whole roubles (spec §2), the one rule for every page. */
export function instalmentPart(total: Kopecks): Kopecks {
  return Math.ceil(total / INSTALMENT_WEEKS.length / 100) * 100
}

/**
 * Four payments of price/4 rounded up to whole roubles: today, in 2, 4 and 6 weeks (spec §2, §9).
 * "Today" is the shop's (Moscow) calendar day: just after midnight in Moscow the UTC date is still yesterday.
 */
export function instalments(total: Kopecks, today: Date): Instalment[] {
  const part = instalmentPart(total)
  const [year = 0, month = 1, day = 1] = moscowDay.format(today).split('-').map(Number)
  return INSTALMENT_WEEKS.map((weeks) => {
    const d = new Date(Date.UTC(year, month - 1, day + weeks * 7))
    return { date: d.toISOString().slice(0, 10), amount: part }
  })
}

export const INSTALMENT_FEE_NOTE = 'Сервис может взимать комиссию за оплату частями — условия на сайте сервиса «Долями».'
