import { describe, expect, it } from 'vitest'
import { discountPercent, formatRub, kopecksToRubles, rublesToKopecks } from './money'

describe('money in kopecks', () => {
  it('converts at the wire without float drift', () => {
    expect(rublesToKopecks(0.1 + 0.2)).toBe(30)
    expect(kopecksToRubles(129050)).toBe(1290.5)
  })
  it('formats roubles with a no-break space before ₽', () => {
    expect(formatRub(129000)).toBe('1\u00a0290\u00a0₽')
    expect(formatRub(99)).toBe('0,99\u00a0₽')
  })
  it('computes discount percent only for a higher old price', () => {
    expect(discountPercent(85000, 100000)).toBe(15)
    expect(discountPercent(100000, 100000)).toBe(0)
    expect(discountPercent(100000, null)).toBe(0)
  })
})
