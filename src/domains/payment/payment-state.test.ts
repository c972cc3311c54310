import { describe, expect, it } from 'vitest'
import { canMove, fromStatesOf, PAYMENT_TRANSITIONS, paymentState } from './payment-state'

/** The payment's state machine (ADR 172), table-driven. */

describe('payment transitions', () => {
  it.each([
    ['created', 'pending', true],
    ['pending', 'waiting_for_capture', true],
    ['waiting_for_capture', 'succeeded', true],
    ['waiting_for_capture', 'cancelled', true],
    ['pending', 'succeeded', true],
    ['failed', 'succeeded', true],
    ['failed', 'created', true],
    ['succeeded', 'failed', false],
    ['succeeded', 'cancelled', false],
    ['succeeded', 'pending', false],
    ['failed', 'pending', false],
    ['cancelled', 'waiting_for_capture', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed)
  })

  it('nothing leaves succeeded, and every target names where it comes from', () => {
    expect(PAYMENT_TRANSITIONS.succeeded).toEqual([])
    expect(fromStatesOf('waiting_for_capture')).toEqual(['created', 'pending'])
    expect(fromStatesOf('succeeded')).toEqual(['created', 'pending', 'waiting_for_capture', 'failed', 'cancelled'])
  })
})

describe('paymentState', () => {
  it('derives partly and wholly refunded from the refunds that went through', () => {
    expect(paymentState('succeeded', 1000, 0)).toBe('succeeded')
    expect(paymentState('succeeded', 1000, 1)).toBe('partially_refunded')
    expect(paymentState('succeeded', 1000, 1000)).toBe('refunded')
    expect(paymentState('pending', 1000, 0)).toBe('pending')
  })
})
