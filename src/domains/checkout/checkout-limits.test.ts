import { describe, expect, it } from 'vitest'
import { DEFAULT_CHECKOUT_LIMITS, checkoutLimitsOf, countsAsBuyerAddress } from './checkout-limits'

describe('checkout limits (pure, ADR 154)', () => {
  it('counts public addresses per buyer, never unknown, loopback, private or link-local ones', () => {
    for (const ip of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '172.32.0.1']) expect(countsAsBuyerAddress(ip)).toBe(true)
    for (const ip of ['unknown', '', '127.0.0.1', '10.1.2.3', '172.17.0.2', '192.168.1.10', '169.254.1.1', '::1', 'fd00::5', 'fe80::1']) {
      expect(countsAsBuyerAddress(ip)).toBe(false)
    }
  })

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
