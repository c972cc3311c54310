import { describe, expect, it } from 'vitest'
import { DEFAULT_CHECKOUT_LIMITS, checkoutLimitsOf } from './checkout-limits'

describe('checkout limits (pure, ADR 154)', () => {
  it('reads the setting field by field: a broken number keeps its default, the others their values', () => {
    expect(checkoutLimitsOf(undefined)).toEqual(DEFAULT_CHECKOUT_LIMITS)
    expect(checkoutLimitsOf('nonsense')).toEqual(DEFAULT_CHECKOUT_LIMITS)
    expect(checkoutLimitsOf({ ordersPerSession: 2, ordersPerIp: -4, couponTriesPerSession: 'many' })).toEqual({
      ...DEFAULT_CHECKOUT_LIMITS,
      ordersPerSession: 2,
    })
    expect(DEFAULT_CHECKOUT_LIMITS).toEqual({ ordersPerSession: 5, ordersPerIp: 20, couponTriesPerSession: 15, couponTriesPerIp: 60, windowMinutes: 60 })
  })
})
