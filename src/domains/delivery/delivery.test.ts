import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { WEIGHT_LIMITS, choiceFromProps, courierProps, maximumQuantityCheck, maximumWeightCheck, parcelOf, periodText, pickupProps, tariffPrice, toCarrierBasketLine, toCarrierBasketLines, zoneOf } from './delivery'
import { courierDays, fromRuDate, parseWindow, shipmentDay, toRuDate } from './delivery-dates'

describe('toCarrierBasketLines (spec: basket line sent to delivery services)', () => {
  it('fills every default for an empty line', () => {
    expect(toCarrierBasketLine({})).toEqual({
      name: 'name',
      externalId: 'id',
      price: 0,
      currency: 'RUB',
      vat: 0,
      quantity: 1,
      weight: 100,
      width: 100,
      length: 100,
      height: 100,
      canBeDeliveredByAir: true,
    })
  })

  it('keeps real values and converts kopecks to roubles', () => {
    const [line] = toCarrierBasketLines([
      { name: 'Омега-3', externalId: 42, priceKopecks: 129050, quantity: 3, weight: 250, width: 60, length: 60, height: 120, vat: 20 },
    ])
    expect(line).toEqual({
      name: 'Омега-3',
      externalId: '42',
      price: 1290.5,
      currency: 'RUB',
      vat: 20,
      quantity: 3,
      weight: 250,
      width: 60,
      length: 60,
      height: 120,
      canBeDeliveredByAir: true,
    })
  })

  it("treats weight '0.00' as missing", () => {
    expect(toCarrierBasketLine({ weight: '0.00' }).weight).toBe(100)
    expect(toCarrierBasketLine({ weight: '350.5' }).weight).toBe(350.5)
  })

  it('uses 100 for sizes of 1 or less, also as strings', () => {
    const line = toCarrierBasketLine({ width: 1, length: '0.5', height: '1' })
    expect([line.width, line.length, line.height]).toEqual([100, 100, 100])
    expect(toCarrierBasketLine({ width: 2 }).width).toBe(2)
  })

  it("forbids air delivery only when the restriction is 'true'", () => {
    expect(toCarrierBasketLine({ aerialRestriction: 'true' }).canBeDeliveredByAir).toBe(false)
    expect(toCarrierBasketLine({ aerialRestriction: true }).canBeDeliveredByAir).toBe(false)
    expect(toCarrierBasketLine({ aerialRestriction: 'false' }).canBeDeliveredByAir).toBe(true)
    expect(toCarrierBasketLine({ aerialRestriction: 'Y' }).canBeDeliveredByAir).toBe(true)
  })

  it('replaces a zero or negative quantity and price by the defaults', () => {
    const line = toCarrierBasketLine({ quantity: 0, priceKopecks: -5 })
    expect([line.quantity, line.price]).toEqual([1, 0])
  })
})

describe('weight and quantity limits', () => {
  it('blocks the courier before the pickup points', () => {
    expect(maximumWeightCheck([{ weight: 1000, quantity: 20 }])).toEqual({ point: true, courier: true })
    expect(maximumWeightCheck([{ weight: 1000, quantity: 26 }])).toEqual({ point: true, courier: false })
    expect(maximumWeightCheck([{ weight: 1000, quantity: 31 }])).toEqual({ point: false, courier: false })
  })

  it('allows 125 items and refuses 126', () => {
    expect(maximumQuantityCheck([{ quantity: 100 }, { quantity: 25 }])).toBe(true)
    expect(maximumQuantityCheck([{ quantity: 100 }, { quantity: 26 }])).toBe(false)
  })

  it('matches the largest service limits of the seed data', () => {
    const file = JSON.parse(readFileSync(path.join(process.cwd(), 'src/db/seed/data/delivery-services.json'), 'utf8')) as {
      services: { type: string; maxWeightGrams: number }[]
    }
    const max = (types: string[]) => Math.max(...file.services.filter((s) => types.includes(s.type)).map((s) => s.maxWeightGrams))
    expect(WEIGHT_LIMITS.point).toBe(max(['pickup', 'postal']))
    expect(WEIGHT_LIMITS.courier).toBe(max(['courier']))
  })
})

describe('zones and tariffs', () => {
  it('puts Moscow in zone 0 and Vladivostok in the last zone', () => {
    expect(zoneOf({ lat: 55.75, lon: 37.62 })).toBe(0)
    expect(zoneOf({ lat: 59.94, lon: 30.31 })).toBe(2)
    expect(zoneOf({ lat: 43.12, lon: 131.89 })).toBe(5)
  })

  const tariff = { baseKopecks: 20_000, perKgKopecks: 3_000, daysFrom: 1, daysTo: 2 }
  it('charges the first kilogram, then each started kilogram', () => {
    const parcel = (weightGrams: number) => ({ weightGrams, volumeWeightGrams: 0, items: 1, sumKopecks: 0 })
    expect(tariffPrice(tariff, parcel(900), null)).toBe(20_000)
    expect(tariffPrice(tariff, parcel(1000), null)).toBe(20_000)
    expect(tariffPrice(tariff, parcel(1001), null)).toBe(23_000)
    expect(tariffPrice(tariff, parcel(3500), null)).toBe(29_000)
  })

  it('bills bulky parcels by volume and is free over the threshold', () => {
    const bulky = parcelOf([{ weight: 100, width: 300, length: 300, height: 300 }])
    expect(bulky.volumeWeightGrams).toBe(5400)
    expect(tariffPrice(tariff, bulky, null)).toBe(20_000 + 5 * 3_000)
    expect(tariffPrice(tariff, { ...bulky, sumKopecks: 500_000 }, 500_000)).toBe(0)
    expect(tariffPrice(tariff, { ...bulky, sumKopecks: 499_999 }, 500_000)).toBeGreaterThan(0)
  })

  it('writes periods in Russian', () => {
    expect(periodText(2, 4)).toBe('от 2 до 4 дней')
    expect(periodText(1, 2)).toBe('от 1 до 2 дней')
    expect(periodText(3, 3)).toBe('3 дня')
    expect(periodText(1, 1)).toBe('1 день')
  })
})

describe('dates', () => {
  it('converts dd.mm.yyyy both ways and rejects impossible dates', () => {
    expect(toRuDate('2026-03-05')).toBe('05.03.2026')
    expect(fromRuDate('05.03.2026')).toBe('2026-03-05')
    expect(fromRuDate('2026-03-05')).toBe('2026-03-05')
    expect(fromRuDate('31.02.2026')).toBeNull()
    expect(fromRuDate('завтра')).toBeNull()
  })

  it('ships today before 14:00 Moscow time, else tomorrow', () => {
    expect(shipmentDay(new Date('2026-03-04T10:59:00Z'))).toBe('2026-03-04')
    expect(shipmentDay(new Date('2026-03-04T11:00:00Z'))).toBe('2026-03-05')
    // 01:00 Moscow time on the 5th is before the cut-off of the 5th.
    expect(shipmentDay(new Date('2026-03-04T22:00:00Z'))).toBe('2026-03-05')
  })

  it('offers 7 courier days without Sundays', () => {
    // Wednesday 4 March 2026, morning: lead 1 day → from Thursday.
    const days = courierDays(new Date('2026-03-04T07:00:00Z'), 1)
    expect(days).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'])
  })

  it("parses 'HH:MM - HH:MM' windows", () => {
    expect(parseWindow('10:00 - 14:00')).toEqual({ timeFrom: '10:00', timeTo: '14:00' })
    expect(parseWindow('10:00-14:00')).toEqual({ timeFrom: '10:00', timeTo: '14:00' })
    expect(parseWindow('утром')).toBeNull()
  })
})

describe('MICRO_* order properties', () => {
  it('round-trips a pickup point and a courier slot', () => {
    const pvz = pickupProps({
      handler: 'sdek',
      kind: 'PVZ',
      pointId: 'SDK-MOSKVA-0001',
      priceKopecks: 24_900,
      deliveryFrom: '05.03.2026',
      deliveryTo: '06.03.2026',
      shipmentDate: '04.03.2026',
      address: 'ул Тверская, д 1',
    })
    expect(pvz.MICRO_DELIVERY_PRICE).toBe('249')
    expect(choiceFromProps(pvz)).toEqual({ pointId: 'SDK-MOSKVA-0001', address: 'ул Тверская, д 1' })
    const courier = courierProps({
      date: '05.03.2026',
      time: '10:00 - 14:00',
      priceKopecks: 34_900,
      shipmentDate: '04.03.2026',
      address: 'г Москва, ул Тверская, д 1',
    })
    expect(choiceFromProps(courier)).toEqual({
      address: 'г Москва, ул Тверская, д 1',
      slot: { date: '05.03.2026', time: '10:00 - 14:00' },
    })
  })
})

describe('picker helpers', () => {
  it('applies the zoom rules of section 9', async () => {
    const { pickerZoom } = await import('./delivery')
    expect(pickerZoom(undefined)).toBe(10)
    expect(pickerZoom(0)).toBe(10)
    expect(pickerZoom(1)).toBe(9)
    expect(pickerZoom(2)).toBe(10)
    expect(pickerZoom(-5)).toBe(7)
  })

  it('sends the basket with prices in roubles', async () => {
    const { basketToWire } = await import('./delivery')
    expect(JSON.parse(basketToWire([{ name: 'A', externalId: 5, priceKopecks: 12345, quantity: 2, weight: 300 }]))).toEqual([
      { name: 'A', id: 5, price: 123.45, quantity: 2, weight: 300 },
    ])
  })
})
