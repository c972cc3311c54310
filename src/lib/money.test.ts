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
  it('writes exactly what Intl.NumberFormat ru-RU writes, without loading it', () => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2, minimumFractionDigits: 0 })
    const amounts = [0, 1, 10, 50, 99, 100, 105, 129050, 129000, 999999, 1000000, 123456789, -150000, -5]
    for (let k = 0; k < 3_000_000; k += 7919) amounts.push(k)
    for (const kopecks of amounts) expect(formatRub(kopecks)).toBe(`${intl.format(kopecks / 100)}\u00a0₽`)
  })
  it('computes discount percent only for a higher old price', () => {
    expect(discountPercent(85000, 100000)).toBe(15)
    expect(discountPercent(100000, 100000)).toBe(0)
    expect(discountPercent(100000, null)).toBe(0)
  })
})
