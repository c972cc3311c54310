import { describe, expect, it } from 'vitest'
import { formatRub } from '@/lib/money'
import { carrierPeriod, deliverySummary, editRefusal, editedTotals, orderEditInput } from './order-edit'

const line = (quantity: number, price: number, basePrice = price) => ({ quantity, price, basePrice, weightGrams: 100 })

describe('order edit rules', () => {
  it('recomputes totals with the coupon kept on its terms', () => {
    expect(editedTotals([line(2, 500_00, 600_00)], { kind: 'percent', value: 10 }, 300_00)).toMatchObject({
      basePrice: 1200_00,
      goodsPrice: 1000_00,
      couponDiscount: 100_00,
      discount: 300_00,
      total: 1200_00,
      weightGrams: 200,
    })
    // A fixed coupon never takes more than the goods.
    expect(editedTotals([line(1, 200_00)], { kind: 'fixed', value: 500_00 }, 0).total).toBe(0)
    expect(editedTotals([line(3, 100_00)], null, 0).total).toBe(300_00)
  })

  it('edits orders that have not shipped, paid or not', () => {
    expect(editRefusal({ status: 'new', paidAt: null })).toBeNull()
    expect(editRefusal({ status: 'assembling', paidAt: null })).toBeNull()
    expect(editRefusal({ status: 'paid', paidAt: new Date() })).toBeNull()
    expect(editRefusal({ status: 'assembling', paidAt: new Date() })).toBeNull()
    expect(editRefusal({ status: 'shipped', paidAt: null })).toMatch(/передан в доставку/)
    expect(editRefusal({ status: 'cancelled', paidAt: null })).toMatch(/закрыт/)
  })

  it('asks for at least one change', () => {
    expect(orderEditInput.safeParse({}).success).toBe(false)
    expect(orderEditInput.safeParse({ lines: [{ id: 1, quantity: 0 }] }).success).toBe(true)
  })

  it('takes a delivery change alone, without its price', () => {
    expect(orderEditInput.safeParse({ delivery: { deliveryId: 4, address: 'ул Тверская, 1', slot: { date: '05.03.2026', time: '10:00 - 14:00' } } }).success).toBe(true)
    const parsed = orderEditInput.parse({ delivery: { deliveryId: 1, pointId: 'MSK1', price: 0 } })
    expect(parsed.delivery).toEqual({ deliveryId: 1, pointId: 'MSK1' })
    expect(orderEditInput.safeParse({ delivery: { deliveryId: 1, pointId: 'a\u0000b' } }).success).toBe(false)
  })

  it('sums a delivery up for the timeline', () => {
    expect(deliverySummary({ deliveryId: '1', deliveryName: 'СДЭК', address: 'ул Ленина, 2', deliveryPrice: 350_00, props: { MICRO_SOURCE: 'pvz', MICRO_POINT_ID: 'MSK1' } })).toBe('СДЭК, пункт MSK1, ул Ленина, 2, 350\u00a0₽')
    expect(deliverySummary({ deliveryId: '4', deliveryName: 'Курьер', address: 'ул Тверская, 1', deliveryPrice: 0, props: { MICRO_SOURCE: 'courier', MICRO_POINT_ID: '10:00 - 14:00', MICRO_SHIP_DATE_FROM: '05.03.2026' } })).toBe(
      'Курьер, ул Тверская, 1, 05.03.2026 10:00 - 14:00, бесплатно',
    )
    expect(deliverySummary({ deliveryId: '', deliveryName: 'Уточнит менеджер', address: '', deliveryPrice: 0, props: {} })).toBe('Уточнит менеджер')
  })

  it('sums a carrier’s courier up by its period, having no window (ADR 212)', () => {
    const props = { MICRO_SOURCE: 'courier', MICRO_HANDLER: 'sdek_courier', MICRO_POINT_ID: '', MICRO_SHIP_DATE_FROM: '06.03.2026', MICRO_SHIP_DATE_TO: '07.03.2026' }
    expect(deliverySummary({ deliveryId: '6', deliveryName: 'Курьер СДЭК', address: 'ул Тверская, 1', deliveryPrice: 560_50, props })).toBe(`Курьер СДЭК, ул Тверская, 1, 06.03.2026 – 07.03.2026, ${formatRub(560_50)}`)
    expect(carrierPeriod('06.03.2026', '06.03.2026')).toBe('06.03.2026')
    expect(carrierPeriod('', '')).toBe('')
  })
})
