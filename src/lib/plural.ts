const rules = new Intl.PluralRules('ru')

export type PluralForms = readonly [one: string, few: string, many: string]

/** plural(3, ['товар', 'товара', 'товаров']) === 'товара' */
export function plural(n: number, [one, few, many]: PluralForms): string {
  switch (rules.select(n)) {
    case 'one':
      return one
    case 'few':
      return few
    default:
      return many
  }
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
