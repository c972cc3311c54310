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

describe('quantity stepper: the cart line rule (spec §5) is the same clamp', () => {
  it('below 1 becomes 1, above the line max is capped, an untracked line caps at its max of 100', () => {
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(6, 5)).toBe(5)
    expect(clampQuantity('250', 100)).toBe(100)
    expect(clampQuantity('3x', 100)).toBe(3)
  })

  it('a clicked number is taken whole: fractions drop, negatives become 1', () => {
    expect(clampQuantity(2.7, 10)).toBe(2)
    expect(clampQuantity(-3, 10)).toBe(1)
    expect(clampQuantity('0000012', 10)).toBe(10)
  })
})
