import { describe, expect, it } from 'vitest'
import { parcelOf } from '../../delivery'
import { packageOf, rublesToKopecks, takesPaymentOnReceipt } from '../carrier'
import { chooseTariff, deliveryPoint, matchCity, tariffListRequest, toCarrierPoint } from './cdek'

describe('packageOf', () => {
  it('keeps the weight and makes a cube of the basket’s volume, rounded up to whole centimetres', () => {
    // 2 × 200 g in 60 × 60 × 120 mm: 864 cm³ → a 10 cm cube.
    expect(packageOf(parcelOf([{ quantity: 2, weight: 200, width: 60, length: 60, height: 120 }]))).toEqual({ weightGrams: 400, lengthCm: 10, widthCm: 10, heightCm: 10 })
  })

  it('uses the spec’s defaults (100 g, 100 mm) for a line without weight or sizes', () => {
    expect(packageOf(parcelOf([{ quantity: 1 }]))).toEqual({ weightGrams: 100, lengthCm: 10, widthCm: 10, heightCm: 10 })
  })
})

describe('chooseTariff', () => {
  const answer = {
    tariff_codes: [
      { tariff_code: 136, tariff_name: 'Посылка склад-склад', delivery_mode: 4, delivery_sum: 290, period_min: 1, period_max: 2 },
      { tariff_code: 234, tariff_name: 'Экономичная посылка склад-склад', delivery_mode: 4, delivery_sum: '255.5', period_min: 3, period_max: 5 },
      { tariff_code: 137, tariff_name: 'Посылка склад-дверь', delivery_mode: 3, delivery_sum: 440, period_min: 1, period_max: 2 },
      { tariff_code: 368, tariff_name: 'Посылка склад-постамат', delivery_mode: 7, delivery_sum: 100, period_min: 2, period_max: 3 },
    ],
  }

  it('takes the cheapest tariff of the mode, in kopecks, with its period', () => {
    expect(chooseTariff(answer, 'pickup')).toEqual({ priceKopecks: 25_550, daysFrom: 3, daysTo: 5, tariffCode: 234, tariffName: 'Экономичная посылка склад-склад' })
    expect(chooseTariff(answer, 'courier')).toMatchObject({ priceKopecks: 44_000, tariffCode: 137 })
  })

  it('prefers the shorter period on a tie and answers null without a tariff of the mode', () => {
    const tie = { tariff_codes: [answer.tariff_codes[1]!, { ...answer.tariff_codes[0]!, delivery_sum: 255.5 }] }
    expect(chooseTariff(tie, 'pickup')?.tariffCode).toBe(136)
    expect(chooseTariff({ tariff_codes: [answer.tariff_codes[3]!] }, 'pickup')).toBeNull()
    expect(chooseTariff({ errors: [{ code: 'x', message: 'y' }] }, 'pickup')).toBeNull()
  })
})

describe('the calculator request', () => {
  it('names the cities by code and the box in grams and centimetres', () => {
    expect(tariffListRequest(44, '424', { weightGrams: 400, lengthCm: 10, widthCm: 10, heightCm: 10 })).toMatchObject({
      from_location: { code: 44 },
      to_location: { code: 424 },
      packages: [{ weight: 400, length: 10, width: 10, height: 10 }],
    })
  })
})

describe('toCarrierPoint', () => {
  it('reads a documented point into ours: kind, address, comment, phones, grams, payment flags', () => {
    const point = toCarrierPoint(
      deliveryPoint.parse({
        code: 'MSK123',
        name: 'На Тверской',
        type: 'POSTAMAT',
        address_comment: 'У входа',
        nearest_station: 'Пушкинская',
        work_time: 'Пн-Вс 10:00-22:00',
        phones: [{ number: '+74951234567' }, { number: '+74957654321' }],
        have_cash: false,
        have_cashless: true,
        allowed_cod: true,
        weight_min: 0,
        weight_max: 15.5,
        location: { city_code: 44, latitude: 55.76, longitude: 37.6, address: 'ул. Тверская, 1', address_full: 'Москва, ул. Тверская, 1' },
      }),
      'moskva',
    )
    expect(point).toEqual({
      code: 'MSK123',
      cityCode: 'moskva',
      kind: 'POSTAMAT',
      name: 'На Тверской',
      address: 'ул. Тверская, 1',
      addressFull: 'Москва, ул. Тверская, 1',
      addressComment: 'У входа. Ближайшая станция: Пушкинская',
      workTime: 'Пн-Вс 10:00-22:00',
      phone: '+74951234567, +74957654321',
      lat: 55.76,
      lon: 37.6,
      haveCash: false,
      haveCashless: true,
      allowedCod: true,
      weightMinGrams: 0,
      weightMaxGrams: 15_500,
      active: true,
    })
    expect(takesPaymentOnReceipt(point)).toBe(true)
    expect(takesPaymentOnReceipt({ ...point, allowedCod: false })).toBe(false)
    expect(takesPaymentOnReceipt({ ...point, haveCash: false, haveCashless: false })).toBe(false)
  })

  it('refuses a point without coordinates', () => {
    expect(deliveryPoint.safeParse({ code: 'X', location: { address: 'a' } }).success).toBe(false)
  })
})

describe('matchCity', () => {
  const candidates = [
    { code: 1, city: 'Кировск', region: 'Мурманская обл.', country_code: 'RU' },
    { code: 2, city: 'Кировск', region: 'Ленинградская область', country_code: 'RU' },
    { code: 3, city: 'Казань', region: 'Татарстан респ.', country_code: 'RU' },
  ]

  it('takes the namesake in our region', () => {
    expect(matchCity(candidates, { name: 'Кировск', region: 'Ленинградская область' })?.code).toBe(2)
    expect(matchCity(candidates, { name: 'Кировск', region: 'Мурманская область' })?.code).toBe(1)
    expect(matchCity(candidates, { name: 'Казань', region: 'Республика Татарстан' })?.code).toBe(3)
    expect(matchCity(candidates, { name: 'Анадырь', region: 'Чукотский АО' })).toBeUndefined()
  })
})

describe('rublesToKopecks', () => {
  it('reads numbers and decimal strings, refuses the rest', () => {
    expect(rublesToKopecks(255.5)).toBe(25_550)
    expect(rublesToKopecks('1190.99')).toBe(119_099)
    expect(rublesToKopecks('abc')).toBeNull()
    expect(rublesToKopecks(-1)).toBeNull()
  })
})
