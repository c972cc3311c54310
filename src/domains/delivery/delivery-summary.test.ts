import { describe, expect, it } from 'vitest'
import { dayRangeText, summaryRow, type SummaryOffer } from './delivery-summary'

const offer = (over: Partial<SummaryOffer>): SummaryOffer => ({
  kind: 'pickup',
  serviceName: 'A',
  sort: 100,
  priceKopecks: 20_000,
  dateFrom: '2026-03-05',
  dateTo: '2026-03-06',
  freeFromKopecks: null,
  ...over,
})

describe('summaryRow', () => {
  it('takes the cheapest offer of the kind; an equal price goes to the earlier date, then the checkout order', () => {
    const offers = [
      offer({ serviceName: 'dear', priceKopecks: 30_000 }),
      offer({ serviceName: 'late', dateFrom: '2026-03-07' }),
      offer({ serviceName: 'second', sort: 200 }),
      offer({ serviceName: 'first', sort: 50 }),
      offer({ serviceName: 'courier', kind: 'courier', priceKopecks: 1 }),
    ]
    expect(summaryRow(offers, 'pickup', 0)?.serviceName).toBe('first')
    expect(summaryRow(offers, 'courier', 0)?.serviceName).toBe('courier')
    expect(summaryRow([], 'pickup', 0)).toBeNull()
  })

  it('tells what is left to the nearest threshold of the kind, nothing when already free or when no threshold applies', () => {
    const offers = [offer({ freeFromKopecks: 600_000 }), offer({ serviceName: 'B', priceKopecks: 25_000, freeFromKopecks: 500_000 })]
    expect(summaryRow(offers, 'pickup', 120_000)?.toFree).toEqual({ leftKopecks: 380_000, serviceName: 'B' })
    expect(summaryRow([offer({})], 'pickup', 120_000)?.toFree).toBeNull()
    expect(summaryRow([offer({ priceKopecks: 0, freeFromKopecks: 500_000 })], 'pickup', 500_000)?.toFree).toBeNull()
  })
})

describe('dayRangeText', () => {
  it('writes one day, a range in a month, and a range across months', () => {
    expect(dayRangeText('2026-03-05', '2026-03-05')).toBe('5 марта')
    expect(dayRangeText('2026-03-05', '2026-03-07')).toBe('5–7 марта')
    expect(dayRangeText('2026-03-30', '2026-04-02')).toBe('30 марта – 2 апреля')
  })
})
