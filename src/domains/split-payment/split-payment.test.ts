import { describe, expect, it } from 'vitest'
import { formatRub } from '@/lib/money'
import { EXAMPLE_PAYMENT, REFUND_DAYS, splitSchedule } from './split-payment'

describe('split payment page', () => {
  it('splits an order into 4 payments two weeks apart over 6 weeks', () => {
    const schedule = splitSchedule(EXAMPLE_PAYMENT * 4)
    expect(schedule.map((s) => s.dayOffset)).toEqual([0, 14, 28, 42])
    expect(schedule.every((s) => s.amount === EXAMPLE_PAYMENT)).toBe(true)
    expect(formatRub(EXAMPLE_PAYMENT).replace(/\s/g, ' ')).toBe('2 040 ₽')
  })

  it('puts the odd kopecks on the first payments, never losing one', () => {
    const schedule = splitSchedule(1003)
    expect(schedule.map((s) => s.amount)).toEqual([251, 251, 251, 250])
    expect(REFUND_DAYS).toBe(14)
  })
})
