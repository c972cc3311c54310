import { describe, expect, it } from 'vitest'
import { countOf, plural, WORDS } from './plural'

describe('Russian plural forms', () => {
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [112, 'товаров'],
    [0, 'товаров'],
  ])('%i → %s', (n, word) => {
    expect(plural(n, WORDS.product)).toBe(word)
  })
  it('selects as Intl.PluralRules ru does, integers and fractions', () => {
    const rules = new Intl.PluralRules('ru')
    const intlForm = (n: number) => {
      const rule = rules.select(n)
      return rule === 'one' ? 'товар' : rule === 'few' ? 'товара' : 'товаров'
    }
    for (const n of [...Array.from({ length: 1200 }, (_, i) => i), 1.5, 2.5, 21.1, -1, -3, -11]) {
      expect(plural(n, WORDS.product), String(n)).toBe(intlForm(n))
    }
  })
  it('builds a count with its word', () => {
    expect(countOf(3, WORDS.package)).toBe('3 упаковки')
    expect(countOf(25, WORDS.review)).toBe('25 отзывов')
  })
})
