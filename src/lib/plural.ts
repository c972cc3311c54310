export type PluralForms = readonly [one: string, few: string, many: string]

/**
 * plural(3, ['товар', 'товара', 'товаров']) === 'товара'. The Russian rule of CLDR (what
 * Intl.PluralRules('ru') selects) written out: the browser's plural rules load its locale data at
 * first use, a cost a phone pays during hydration (ADR 217). Fractions take the «many» form here,
 * as they did through Intl's «other».
 */
export function plural(n: number, [one, few, many]: PluralForms): string {
  if (!Number.isInteger(n)) return many
  const last = Math.abs(n) % 10
  const lastTwo = Math.abs(n) % 100
  if (last === 1 && lastTwo !== 11) return one
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return few
  return many
}

export const WORDS = {
  product: ['товар', 'товара', 'товаров'],
  package: ['упаковка', 'упаковки', 'упаковок'],
  review: ['отзыв', 'отзыва', 'отзывов'],
} as const satisfies Record<string, PluralForms>

/** "5 товаров" */
export function countOf(n: number, forms: PluralForms): string {
  return `${n} ${plural(n, forms)}`
}
