import { describe, expect, it } from 'vitest'
import { BACK_OFFICE_STATUSES, trackingLink } from './fulfilment'
import { fulfilmentInput, orderIdParam } from './fulfilment.schema'
import { ORDER_STATUS } from './order-status'

describe('fulfilment', () => {
  it('links a track number to its carrier’s tracking page, or to nothing', () => {
    expect(trackingLink('sdek', '1234 5')).toBe('https://www.cdek.ru/ru/tracking?order_id=1234%205')
    expect(trackingLink('boxberry', 'AB-12')).toBe('https://boxberry.ru/tracking-page?id=AB-12')
    expect(trackingLink('russianpost', 'RA123456789RU')).toBe('https://www.pochta.ru/tracking?barcode=RA123456789RU')
    expect(trackingLink('courier', '1')).toBeNull()
    expect(trackingLink('sdek', null)).toBeNull()
    expect(trackingLink(null, '1234')).toBeNull()
  })

  it('lets the back office set only statuses some order can reach, never paid', () => {
    const reachable = new Set(Object.values(ORDER_STATUS).flatMap((s) => s.next))
    expect(BACK_OFFICE_STATUSES.every((s) => reachable.has(s))).toBe(true)
    expect(BACK_OFFICE_STATUSES).not.toContain('paid')
  })

  it('accepts partial updates and null to clear; refuses empty, unknown and malformed fields', () => {
    expect(fulfilmentInput.parse({ trackNumber: ' RA123456789RU ' })).toEqual({ trackNumber: 'RA123456789RU' })
    expect(fulfilmentInput.parse({ fitoId: 'ФТ-000123', carrier: null, status: 'shipped' })).toEqual({ fitoId: 'ФТ-000123', carrier: null, status: 'shipped' })
    for (const bad of [{}, { fitoid: 'x' }, { trackNumber: '<script>' }, { trackNumber: 'a b' }, { carrier: 'dhl' }, { status: 'paid' }, { fitoId: '' }, { fitoId: 'x'.repeat(41) }, { fitoId: 7 }]) {
      expect(fulfilmentInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })

  it('reads an order id from the path only as digits within the column’s range', () => {
    expect(orderIdParam.safeParse('42').data).toBe(42)
    for (const bad of ['0', '01', '-1', '1.5', '1e3', '2147483648', '', 'abc']) expect(orderIdParam.safeParse(bad).success, bad).toBe(false)
  })
})
