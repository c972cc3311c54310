/** Money is integer kopecks everywhere inside; roubles exist only at the wire and in formatting. */
export type Kopecks = number

export function rublesToKopecks(rubles: number): Kopecks {
  return Math.round(rubles * 100)
}

/** The wire carries roubles as numbers (e.g. 1290.5). */
export function kopecksToRubles(kopecks: Kopecks): number {
  return kopecks / 100
}

const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2, minimumFractionDigits: 0 })

/** "1 290 ₽" with a no-break space before the sign, as the checkout contract wants. */
export function formatRub(kopecks: Kopecks): string {
  return `${rub.format(kopecks / 100)}\u00a0₽`
}

/** Discount in whole percent, rounded the way shop badges show it (−15%). */
export function discountPercent(price: Kopecks, oldPrice: Kopecks | null | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0
  return Math.round(((oldPrice - price) / oldPrice) * 100)
}
