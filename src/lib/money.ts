/** Money is integer kopecks everywhere inside; roubles exist only at the wire and in formatting. */
export type Kopecks = number

export function rublesToKopecks(rubles: number): Kopecks {
  return Math.round(rubles * 100)
}

/** The wire carries roubles as numbers (e.g. 1290.5). */
export function kopecksToRubles(kopecks: Kopecks): number {
  return kopecks / 100
}

/**
 * "1 290 ₽", "1 290,5 ₽": what Intl.NumberFormat('ru-RU') writes (no-break spaces between groups
 * and before the sign, a comma before kopecks, no trailing zero), without Intl. The first Intl
 * formatter in a page loads the browser's locale data, about 60 ms on a phone in the middle of
 * hydration, and every card and basket line formats a price (ADR 217).
 */
export function formatRub(kopecks: Kopecks): string {
  const whole = Math.round(Math.abs(kopecks))
  const rubles = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, '\u00a0')
  const cents = whole % 100
  const fraction = cents === 0 ? '' : `,${String(cents).padStart(2, '0').replace(/0$/, '')}`
  const sign = kopecks < 0 && whole > 0 ? '-' : ''
  return `${sign}${rubles}${fraction}\u00a0₽`
}

/** Discount in whole percent, rounded the way shop badges show it (−15%). */
export function discountPercent(price: Kopecks, oldPrice: Kopecks | null | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0
  return Math.round(((oldPrice - price) / oldPrice) * 100)
}
