import { describe, expect, it } from 'vitest'
import type { NamedMatch, ResolvedToken } from './search'
import { buildSuggestionIndex, matchSuggestions, parseTsvector, type IndexedProductRow } from './search-index'

function product(id: number, name: string, vector: string, extra: Partial<IndexedProductRow> = {}): IndexedProductRow {
  return { id, name, brandId: 1, sectionIds: [1], vector, ...extra }
}

function word(prefixes: string[], named: NamedMatch[] = []): ResolvedToken {
  return { query: prefixes.map((p) => `${p}:*`).join(' | '), prefixes, named }
}

// In the catalogue's order: the order rows arrive in is the tie-break.
const rows = [
  product(10, 'Мультивитамины', `'мультивитамин':1A 'витамин':5C 'd3':6C`),
  product(11, 'Витамин D3 2000 МЕ', `'витамин':1A 'd3':2A '2000':3A 'ме':4A`, { brandId: 2 }),
  product(12, 'Кальций D3', `'кальц':1A 'd3':2A 'витамин':7C`),
  product(13, 'Омега-3 1000 мг', `'-3':2A 'омег':1A '1000':3A 'мг':4A 'рыб':9B`),
  product(14, 'Витамин C 500 мг', `'витамин':1A 'c':2A '500':3A 'мг':4A`, { sectionIds: [1, 7] }),
]
const index = buildSuggestionIndex(rows)

describe('parseTsvector', () => {
  it("keeps each lexeme's best weight; no letter means D, no positions means D", () => {
    const parsed = parseTsvector(`'мг':4A,13C 'сердц':6B 'капсул':31C,38 'голый' 'it''s':2B`)
    expect(Object.fromEntries(parsed)).toEqual({ мг: 1, сердц: 0.4, капсул: 0.2, голый: 0.1, "it's": 0.4 })
  })
})

describe('matchSuggestions', () => {
  it('matches stems as prefixes and puts a word in the name before one in the composition', () => {
    expect(matchSuggestions(index, [word(['вит'])], 10)).toEqual(['Витамин D3 2000 МЕ', 'Витамин C 500 мг', 'Мультивитамины', 'Кальций D3'])
  })

  it('needs every word when some product has them all', () => {
    expect(matchSuggestions(index, [word(['витамин']), word(['d'])], 10)).toEqual(['Витамин D3 2000 МЕ', 'Кальций D3', 'Мультивитамины'])
  })

  it('falls back to the products matching the most words', () => {
    expect(matchSuggestions(index, [word(['кальц']), word(['омег'])], 10)).toEqual(['Кальций D3', 'Омега-3 1000 мг'])
  })

  it('answers nothing when no word matches', () => {
    expect(matchSuggestions(index, [word(['щщщ'])], 10)).toEqual([])
    expect(matchSuggestions(index, [], 10)).toEqual([])
  })

  it('takes any of the alternatives of a number and keeps ties in the catalogue order', () => {
    expect(matchSuggestions(index, [word(['омег']), word(['3', '-3'])], 10)).toEqual(['Омега-3 1000 мг'])
    expect(matchSuggestions(index, [word(['мг'])], 10)).toEqual(['Омега-3 1000 мг', 'Витамин C 500 мг'])
  })

  it("matches a word through the product's brand or any of its purposes", () => {
    const brand: NamedMatch = { kind: 'brand', id: 2, name: 'Solgar', sort: 1, listed: true }
    const purpose: NamedMatch = { kind: 'section', id: 7, name: 'Иммунитет', sort: 1, listed: true }
    expect(matchSuggestions(index, [word(['solgar'], [brand])], 10)).toEqual(['Витамин D3 2000 МЕ'])
    expect(matchSuggestions(index, [word(['иммун'], [purpose]), word(['витамин'])], 10)).toEqual(['Витамин C 500 мг'])
  })

  it('cuts at the limit', () => {
    expect(matchSuggestions(index, [word(['вит'])], 2)).toHaveLength(2)
  })
})
