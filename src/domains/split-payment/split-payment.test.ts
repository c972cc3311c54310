import { describe, expect, it } from 'vitest'
import { instalments } from '@/domains/payment/payment'
import { formatRub } from '@/lib/money'
import { EXAMPLE_PAYMENT, REFUND_DAYS, splitSchedule } from './split-payment'

describe('split payment page', () => {
  it('splits an order into 4 payments two weeks apart over 6 weeks', () => {
    const schedule = splitSchedule(EXAMPLE_PAYMENT * 4)
    expect(schedule.map((s) => s.dayOffset)).toEqual([0, 14, 28, 42])
    expect(schedule.every((s) => s.amount === EXAMPLE_PAYMENT)).toBe(true)
    expect(formatRub(EXAMPLE_PAYMENT).replace(/\s/g, ' ')).toBe('2 040 ₽')
  })

  it('rounds each payment up to whole roubles, as the checkout’s instalment window does', () => {
    const schedule = splitSchedule(100_100)
    expect(schedule.map((s) => s.amount)).toEqual([25_100, 25_100, 25_100, 25_100])
    expect(schedule.map((s) => s.amount)).toEqual(instalments(100_100, new Date('2026-03-01T12:00:00Z')).map((i) => i.amount))
    expect(REFUND_DAYS).toBe(14)
  })
})
