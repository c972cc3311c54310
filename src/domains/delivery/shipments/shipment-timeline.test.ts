import { describe, expect, it } from 'vitest'
import { shipmentTimeline, stepsAfterCarrier } from './shipment-timeline'

describe('the order after the carrier (ADR 195)', () => {
  it('walks the order process to the carrier\u2019s outcome, never through paid or cancelled, never back', () => {
    expect(stepsAfterCarrier('paid', 'shipped')).toEqual(['assembling', 'shipped'])
    expect(stepsAfterCarrier('new', 'delivered')).toEqual(['assembling', 'shipped', 'delivered'])
    expect(stepsAfterCarrier('assembling', 'delivered')).toEqual(['shipped', 'delivered'])
    expect(stepsAfterCarrier('shipped', 'delivered')).toEqual(['delivered'])
    // Already there, past it, or no way: nothing.
    expect(stepsAfterCarrier('shipped', 'shipped')).toEqual([])
    expect(stepsAfterCarrier('delivered', 'shipped')).toEqual([])
    expect(stepsAfterCarrier('cancelled', 'delivered')).toEqual([])
    expect(stepsAfterCarrier('awaiting_payment', 'delivered')).toEqual([])
    expect(stepsAfterCarrier('shipped', 'returned')).toEqual([])
  })

  it('makes one timeline entry per carrier status, with its city and the track number', () => {
    const entries = shipmentTimeline({
      carrierName: 'СДЭК',
      trackNumber: '123',
      statuses: [
        { code: 'ACCEPTED_AT_PICK_UP_POINT', name: 'Поступил в пункт выдачи', at: '2026-03-06T08:30:00.000Z', city: 'Москва' },
        { code: 'ACCEPTED', name: 'Принят', at: '2026-03-04T07:00:00.000Z', city: '' },
      ],
      invalid: null,
    })
    expect(entries.map((e) => [e.title, e.text])).toEqual([
      ['СДЭК: Принят', 'трек-номер 123'],
      ['СДЭК: Поступил в пункт выдачи', 'Москва · трек-номер 123'],
    ])
  })
})
