import { describe, expect, it } from 'vitest'
import { fuzzyText, searchTokens, searchUrl, tokenQueries, tokenQuery } from './search'

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
})
