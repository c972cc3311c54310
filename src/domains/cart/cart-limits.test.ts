import { describe, expect, it } from 'vitest'
import { clampQuantity, lineCap, MAX_LINE_WITHOUT_STOCK } from './cart-limits'

describe('cart quantity limits', () => {
  it('caps a line at the stock, or 100 without a stock limit', () => {
    expect(lineCap(7)).toBe(7)
    expect(lineCap(null)).toBe(MAX_LINE_WITHOUT_STOCK)
    expect(lineCap(0)).toBe(0)
  })
  it('clamps wanted quantities into 1..cap', () => {
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(9, 5)).toBe(5)
    expect(clampQuantity(250, null)).toBe(100)
    expect(clampQuantity(3.7, null)).toBe(3)
    expect(clampQuantity(2, 0)).toBe(0)
  })
})
