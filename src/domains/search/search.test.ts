import { describe, expect, it } from 'vitest'
import { forTypeahead, fuzzyText, namedGroups, searchTokens, searchUrl, stemsOf, tokenQueries, tokenQuery, type NamedMatch, type ResolvedToken } from './search'

describe('search query rules', () => {
  it('splits on anything but letters and digits, lower-cases, folds ё', () => {
    expect(searchTokens('Омега-3, Ёжик & D3!')).toEqual(['омега', '3', 'ежик', 'd3'])
  })

  it('turns tokens into prefix tsquery parts and never passes query syntax through', () => {
    expect(tokenQuery('витамины')).toBe('витамины:*')
    expect(tokenQuery('3')).toBe('(3:* | -3:*)')
    expect(tokenQuery('д')).toBe('d:*')
    expect(tokenQuery('д3')).toBe('d3:*')
    expect(tokenQuery('с')).toBe('c:*')
    expect(tokenQuery('и')).toBeNull()
    expect(tokenQueries("a & b | !c :* <-> '")).toEqual(['a:*', 'b:*', 'c:*'])
  })

  it('keeps at most 8 tokens of a 200-character term', () => {
    expect(tokenQueries('слово '.repeat(100))).toHaveLength(8)
    expect(fuzzyText('  Коензим  Q10 ')).toBe('коензим q10')
  })

  it('marks autocomplete links; the all-results link carries only q', () => {
    expect(searchUrl('омега 3', true)).toBe('/search/?q=%D0%BE%D0%BC%D0%B5%D0%B3%D0%B0+3&type=AUTOCOMPLETE_CLICK')
    expect(searchUrl('омега 3')).toBe('/search/?q=%D0%BE%D0%BC%D0%B5%D0%B3%D0%B0+3')
  })

  it("reads the stems out of PostgreSQL's text form of a tsquery", () => {
    expect(stemsOf("'витамин':*")).toEqual(['витамин'])
    expect(stemsOf("'3':* | '-3':*")).toEqual(['3', '-3'])
    expect(stemsOf('')).toEqual([])
  })

  it('drops stop words, except an unfinished last word, which counts as a plain prefix', () => {
    const stop = (query: string): ResolvedToken => ({ query, prefixes: [], named: [] })
    const stemmed: ResolvedToken = { query: 'витамины:*', prefixes: ['витамин'], named: [] }
    expect(forTypeahead([stop('про:*')])).toEqual([{ query: 'про:*', prefixes: ['про'], named: [] }])
    expect(forTypeahead([stemmed, stop('для:*'), stemmed]).map((t) => t.prefixes)).toEqual([['витамин'], ['витамин']])
  })

  it('offers brands and listed purposes named by every word, by sort then name', () => {
    const evalar: NamedMatch = { kind: 'brand', id: 1, name: 'Эвалар', sort: 20, listed: true }
    const vitamir: NamedMatch = { kind: 'brand', id: 4, name: 'Витамир', sort: 10, listed: true }
    const vitamins: NamedMatch = { kind: 'section', id: 9, name: 'Витамины и минералы', sort: 10, listed: true }
    const hidden: NamedMatch = { kind: 'section', id: 3, name: 'Витаминки', sort: 1, listed: false }
    const token = (named: NamedMatch[]): ResolvedToken => ({ query: 'x:*', prefixes: ['x'], named })
    expect(namedGroups([token([evalar, vitamins, vitamir, hidden])], 5)).toEqual(['Витамины и минералы', 'Витамир', 'Эвалар'])
    expect(namedGroups([token([evalar, vitamir]), token([vitamir])], 5)).toEqual(['Витамир'])
    expect(namedGroups([token([evalar, vitamins, vitamir])], 1)).toEqual(['Витамины и минералы'])
    expect(namedGroups([], 2)).toEqual([])
  })
})
