import { describe, expect, it } from 'vitest'
import { lastDays, moscowDate, moscowDayStart, totals } from './dashboard'

describe('the shop day', () => {
  it('starts at midnight Moscow time', () => {
    // 22:30 UTC on the 24th is 01:30 in Moscow on the 25th.
    const at = new Date('2026-11-24T22:30:00Z')
    expect(moscowDate(at)).toBe('2026-11-25')
    expect(moscowDayStart(at).toISOString()).toBe('2026-11-24T21:00:00.000Z')
    expect(moscowDate(new Date('2026-11-24T20:59:59Z'))).toBe('2026-11-24')
  })

  it('lists the last days oldest first, ending today', () => {
    expect(lastDays(new Date('2026-03-01T10:00:00Z'), 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01'])
  })

  it('averages in whole kopecks and never divides by zero', () => {
    expect(totals(3, 1000)).toEqual({ orders: 3, revenue: 1000, average: 333 })
    expect(totals(0, 0).average).toBe(0)
  })
})
