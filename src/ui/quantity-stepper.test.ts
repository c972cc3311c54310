import { describe, expect, it } from 'vitest'
import { clampQuantity } from './quantity-stepper'

describe('quantity stepper', () => {
  it('keeps digits only and clamps to 1..max', () => {
    expect(clampQuantity('12', 100)).toBe(12)
    expect(clampQuantity('1a2', 100)).toBe(12)
    expect(clampQuantity('-5', 100)).toBe(5)
    expect(clampQuantity('0', 100)).toBe(1)
    expect(clampQuantity('', 100)).toBe(1)
    expect(clampQuantity('999', 7)).toBe(7)
    expect(clampQuantity(3, 0)).toBe(1)
  })
})
