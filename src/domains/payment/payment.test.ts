import { describe, expect, it } from 'vitest'
import { instalments, paymentProvider, signCallback, verifyCallback } from './payment'

describe('instalments', () => {
  it('splits into four payments of price/4 rounded up, at 0, 2, 4 and 6 weeks', () => {
    expect(instalments(1_000_100, new Date('2025-03-10T12:00:00Z'))).toEqual([
      { date: '2025-03-10', amount: 250_100 },
      { date: '2025-03-24', amount: 250_100 },
      { date: '2025-04-07', amount: 250_100 },
      { date: '2025-04-21', amount: 250_100 },
    ])
  })
  it('counts from the Moscow calendar day: 01:30 in Moscow on 10 March is still 9 March in UTC', () => {
    expect(instalments(400_000, new Date('2025-03-09T22:30:00Z')).map((i) => i.date)).toEqual(['2025-03-10', '2025-03-24', '2025-04-07', '2025-04-21'])
    // The control: late evening in Moscow is the same day in both calendars.
    expect(instalments(400_000, new Date('2025-03-09T20:30:00Z'))[0]?.date).toBe('2025-03-09')
  })
  it('rounds a share with kopecks up to the next rouble', () => {
    expect(instalments(99_990, new Date('2025-01-01T00:00:00Z')).map((i) => i.amount)).toEqual([25_000, 25_000, 25_000, 25_000])
  })
})

describe('payment providers', () => {
  it('sends card and dolyame to the sandbox page, bill to its invoice, cash nowhere', () => {
    const order = { id: 7, paymentToken: 'abc' }
    expect(paymentProvider('card').payUrl(order)).toBe('/payment/sandbox/?token=abc')
    expect(paymentProvider('dolyame').online).toBe(true)
    expect(paymentProvider('bill').documentUrl(order)).toBe('/payment/invoice/?ORDER_ID=7')
    expect(paymentProvider('cash').payUrl(order)).toBeNull()
    expect(paymentProvider('unknown').online).toBe(false)
  })
})

describe('callback signature', () => {
  const payload = { paymentId: 'p1', status: 'succeeded' as const, amount: '12900' }
  it('accepts its own signature and refuses a changed payload or secret', () => {
    const sig = signCallback(payload, 'secret')
    expect(verifyCallback(payload, sig, 'secret')).toBe(true)
    expect(verifyCallback({ ...payload, amount: '1' }, sig, 'secret')).toBe(false)
    expect(verifyCallback(payload, sig, 'other')).toBe(false)
    expect(verifyCallback(payload, 'zz', 'secret')).toBe(false)
  })
})
