import { describe, expect, it } from 'vitest'
import { deliveryCostsAnswer, errOf, isTokenError, listPoint, matchCity, postalCodeOf, toCarrierPoint, toQuote, type BoxberryCity } from './boxberry'
import { moscowIso, parcelRequest, readStatuses } from './boxberry-shipment'

/** Boxberry's pure rules (ADR 193): refusals in a 200 answer, points, prices, cities, parcels, statuses. */

const point = (over: Record<string, unknown> = {}) =>
  listPoint.parse({
    Code: 77123,
    Name: 'Москва Тверская',
    Address: '125009, Москва г, Тверская ул, д.7',
    AddressReduce: 'Тверская ул, д.7',
    Phone: '8-800-222-80-00',
    WorkShedule: 'пн-пт:10.00-20.00',
    TripDescription: 'Вход с улицы',
    Metro: 'Охотный Ряд',
    GPS: '55.757,37.613',
    OnlyPrepaidOrders: 'No',
    Acquiring: 'Yes',
    TypeOfOffice: '1',
    LoadLimit: '15',
    ...over,
  })

describe('errOf', () => {
  it('reads a refusal as an object or a one-element list, and nothing else', () => {
    expect(errOf({ err: 'Не указан вес' })).toBe('Не указан вес')
    expect(errOf([{ err: 'Посылка не найдена' }])).toBe('Посылка не найдена')
    expect(errOf({ err: '' })).toBeNull()
    expect(errOf({ err: false })).toBeNull()
    expect(errOf([{ Date: '2026-03-04 10:00:00', Name: 'Выдано' }])).toBeNull()
    expect(errOf({ price: 180 })).toBeNull()
    expect(isTokenError('Ошибка авторизации: неверный токен')).toBe(true)
    expect(isTokenError('Не указан вес посылки')).toBe(false)
  })
})

describe('toCarrierPoint', () => {
  it('takes the coordinates from GPS, the limits in grams, the payment flags, and a string code', () => {
    expect(toCarrierPoint(point(), 'moskva')).toEqual({
      code: '77123',
      cityCode: 'moskva',
      kind: 'PVZ',
      name: 'Москва Тверская',
      address: 'Тверская ул, д.7',
      addressFull: '125009, Москва г, Тверская ул, д.7',
      addressComment: 'Вход с улицы. Метро: Охотный Ряд',
      workTime: 'пн-пт:10.00-20.00',
      phone: '8-800-222-80-00',
      lat: 55.757,
      lon: 37.613,
      haveCash: true,
      haveCashless: true,
      allowedCod: true,
      weightMinGrams: 0,
      weightMaxGrams: 15_000,
      active: true,
    })
  })

  it('a prepaid-only point and a postamat take nothing on receipt; no coordinates, no point', () => {
    expect(toCarrierPoint(point({ OnlyPrepaidOrders: 'Yes' }), 'moskva')).toMatchObject({ haveCash: false, haveCashless: false, allowedCod: false })
    expect(toCarrierPoint(point({ Postamat: true, LoadLimit: '5' }), 'moskva')).toMatchObject({ kind: 'POSTAMAT', allowedCod: false, weightMaxGrams: 5_000 })
    expect(toCarrierPoint(point({ Acquiring: 'No' }), 'moskva')).toMatchObject({ haveCash: true, haveCashless: false })
    expect(toCarrierPoint(point({ GPS: '' }), 'moskva')).toBeNull()
    expect(toCarrierPoint(point({ GPS: '0,0' }), 'moskva')).toBeNull()
    expect(toCarrierPoint(point({ LoadLimit: '' }), 'moskva')?.weightMaxGrams).toBeNull()
  })
})

describe('postamats (ADR 211)', () => {
  it('the Postamat flag decides; TypeOfOffice is own (1) or partner (2) office; the name only when the flag is missing', () => {
    expect(toCarrierPoint(point({ Postamat: true }), 'moskva')?.kind).toBe('POSTAMAT')
    expect(toCarrierPoint(point({ Postamat: 'Yes' }), 'moskva')?.kind).toBe('POSTAMAT')
    expect(toCarrierPoint(point({ Postamat: false, Name: 'Постамат у метро' }), 'moskva')?.kind).toBe('PVZ')
    expect(toCarrierPoint(point({ TypeOfOffice: '2' }), 'moskva')).toMatchObject({ kind: 'PVZ', allowedCod: true })
    expect(toCarrierPoint(point({ Name: 'Постамат Москва Тверская' }), 'moskva')?.kind).toBe('POSTAMAT')
    expect(toCarrierPoint(point(), 'moskva')?.kind).toBe('PVZ')
  })
})

describe('prices', () => {
  it('rubles to kopecks, the one-figure period told as a two-day window', () => {
    expect(toQuote(deliveryCostsAnswer.parse({ price: '180.50', delivery_period: '3' }), 'pickup')).toMatchObject({ priceKopecks: 18_050, daysFrom: 3, daysTo: 4 })
    expect(toQuote(deliveryCostsAnswer.parse({ price: 'нет', delivery_period: 1 }), 'pickup')).toBeNull()
    expect(postalCodeOf('125009, Москва г, Тверская ул')).toBe('125009')
    expect(postalCodeOf('Москва г, Тверская ул')).toBeNull()
  })
})

describe('matchCity', () => {
  const list: BoxberryCity[] = [
    { Code: '33', Name: 'Казань', Region: 'Татарстан', Kladr: '1600000100000', CountryCode: '643' },
    { Code: '901', Name: 'Казань', Region: 'Тюменская', Kladr: '7200800000100', CountryCode: '643' },
    { Code: '68', Name: 'Москва', Region: 'Москва', Kladr: '', CountryCode: '643' },
  ]
  it('by KLADR first, then the name with the region deciding between namesakes', () => {
    expect(matchCity(list, { name: 'Казань', region: 'Тюменская область', kladrId: '7200800000100' })?.Code).toBe('901')
    expect(matchCity(list, { name: 'Казань', region: 'Республика Татарстан', kladrId: null })?.Code).toBe('33')
    expect(matchCity(list, { name: 'москва', region: 'Москва' })?.Code).toBe('68')
    expect(matchCity(list, { name: 'Анадырь', region: 'Чукотский' })).toBeUndefined()
  })
})

describe('parcels and statuses', () => {
  const order = {
    id: 41,
    buyerName: 'Анна',
    email: 'a@example.ru',
    phone: '+79991234567',
    paid: false,
    deliveryKopecks: 18_050,
    lines: [{ name: 'Омега-3', offerId: 12, priceKopecks: 99_000, quantity: 2, weightGrams: 200 }],
  }
  it('an unpaid order owes goods and delivery on receipt; a paid one nothing', () => {
    const pkg = { weightGrams: 400, lengthCm: 10, widthCm: 10, heightCm: 10 }
    expect(parcelRequest({ order, pointCode: '68002', pkg })).toMatchObject({ order_id: '41', price: 1980, payment_sum: 2160.5, delivery_sum: 180.5, shop: { name: '68002', name1: '' }, weights: { weight: 400, x: 10 } })
    expect(parcelRequest({ order: { ...order, paid: true }, pointCode: '68002', pkg })).toMatchObject({ payment_sum: 0, delivery_sum: 0 })
  })

  it('dates in Moscow time, statuses oldest first with the name as the code', () => {
    expect(moscowIso('2026-03-06 11:30:00')).toBe('2026-03-06T11:30:00+03:00')
    expect(new Date(moscowIso('2026-03-06 11:30:00')).toISOString()).toBe('2026-03-06T08:30:00.000Z')
    const reading = readStatuses('BBR1', [
      { Date: '2026-03-06 11:30:00', Name: 'Поступило в пункт выдачи' },
      { Date: '2026-03-04 10:00:00', Name: 'Загружен реестр ИМ' },
    ])
    expect(reading).toEqual({
      trackNumber: 'BBR1',
      invalid: null,
      statuses: [
        { code: 'Загружен реестр ИМ', name: 'Загружен реестр ИМ', at: '2026-03-04T10:00:00+03:00', city: '' },
        { code: 'Поступило в пункт выдачи', name: 'Поступило в пункт выдачи', at: '2026-03-06T11:30:00+03:00', city: '' },
      ],
    })
  })
})
