import { describe, expect, it } from 'vitest'
import { carrierCourierProps, choiceFromProps, courierProps, isCarrierCourier } from '../delivery'
import { carrierForHandler } from '../shipments/shipment-carrier'
import { doorCity, parcelRequest } from './boxberry/boxberry-shipment'
import { courierCityList, courierServes, zipCheckAnswer, zipServed } from './boxberry/boxberry'
import { chooseTariff, tariffListAnswer } from './cdek/cdek'

/** The pure rules of the carriers' courier methods (ADR 212). */
describe('the carriers’ courier methods', () => {
  it('knows the carriers’ couriers from the shop’s own courier', () => {
    expect(isCarrierCourier('sdek_courier')).toBe(true)
    expect(isCarrierCourier('boxberry_courier')).toBe(true)
    expect(isCarrierCourier('courier')).toBe(false)
    expect(isCarrierCourier('sdek')).toBe(false)
    // Not a key of any object's prototype.
    expect(isCarrierCourier('toString')).toBe(false)
  })

  it('writes the period into the ship dates, no window, and the method’s handler', () => {
    const props = carrierCourierProps({ handler: 'sdek_courier', deliveryFrom: '06.03.2026', deliveryTo: '07.03.2026', priceKopecks: 56_050, shipmentDate: '04.03.2026', address: 'ул. Баумана, д. 5' })
    expect(props).toEqual({
      MICRO_SOURCE: 'courier',
      MICRO_TYPE: 'COURIER',
      MICRO_HANDLER: 'sdek_courier',
      MICRO_POINT_ID: '',
      MICRO_DELIVERY_PRICE: '560.5',
      MICRO_SHIP_DATE_FROM: '06.03.2026',
      MICRO_SHIP_DATE_TO: '07.03.2026',
      ESTIMATED_SHIP_DATE: '04.03.2026',
      PROP_ADDRESS: 'ул. Баумана, д. 5',
    })
    // Read back, the address is there and the slot has no window; the shop's courier keeps its window.
    expect(choiceFromProps(props)).toEqual({ address: 'ул. Баумана, д. 5', slot: { date: '06.03.2026', time: '' } })
    const own = courierProps({ date: '06.03.2026', time: '10:00 - 14:00', priceKopecks: 0, shipmentDate: '04.03.2026', address: 'x' })
    expect(own.MICRO_HANDLER).toBe('courier')
    expect(choiceFromProps(own).slot).toEqual({ date: '06.03.2026', time: '10:00 - 14:00' })
  })

  it('sends an order to the carrier of its courier method, and СДЭК takes the shop’s courier orders too', () => {
    const carriers = [
      { code: 'cdek', handler: 'sdek', courierHandlers: ['sdek_courier', 'courier'] },
      { code: 'boxberry', handler: 'boxberry', courierHandlers: ['boxberry_courier'] },
      { code: 'pochta', handler: 'russianpost' },
    ]
    expect(carrierForHandler(carriers, 'sdek_courier')).toMatchObject({ carrier: { code: 'cdek' }, mode: 'courier' })
    expect(carrierForHandler(carriers, 'courier')).toMatchObject({ carrier: { code: 'cdek' }, mode: 'courier' })
    expect(carrierForHandler(carriers, 'boxberry_courier')).toMatchObject({ carrier: { code: 'boxberry' }, mode: 'courier' })
    expect(carrierForHandler(carriers, 'boxberry')).toMatchObject({ carrier: { code: 'boxberry' }, mode: 'pickup' })
    expect(carrierForHandler(carriers, 'shop')).toBeNull()
  })
})

describe('СДЭК’s door tariff', () => {
  it('is the cheapest of mode 3 (склад-дверь), the shorter period on a tie', () => {
    const answer = tariffListAnswer.parse({
      tariff_codes: [
        { tariff_code: 136, delivery_mode: 4, delivery_sum: 290, period_min: 1, period_max: 2 },
        { tariff_code: 137, delivery_mode: 3, delivery_sum: 440.5, period_min: 1, period_max: 2 },
        { tariff_code: 233, delivery_mode: 3, delivery_sum: 475, period_min: 3, period_max: 5 },
      ],
    })
    expect(chooseTariff(answer, 'courier')).toMatchObject({ tariffCode: 137, priceKopecks: 44_050, daysFrom: 1, daysTo: 2 })
    const dearer137 = tariffListAnswer.parse({
      tariff_codes: [
        { tariff_code: 137, delivery_mode: 3, delivery_sum: 960.5, period_min: 1, period_max: 2 },
        { tariff_code: 233, delivery_mode: 3, delivery_sum: 955, period_min: 3, period_max: 5 },
      ],
    })
    expect(chooseTariff(dearer137, 'courier')).toMatchObject({ tariffCode: 233, priceKopecks: 95_500 })
    // No door tariff in the answer: no courier price.
    expect(chooseTariff(tariffListAnswer.parse({ tariff_codes: [{ tariff_code: 136, delivery_mode: 4, delivery_sum: 290, period_min: 1, period_max: 2 }] }), 'courier')).toBeNull()
  })
})

describe('Boxberry’s courier: CourierListCities, ZipCheck and ParselCreate vid 2', () => {
  const list = courierCityList.parse([
    { City: 'Москва', Region: '', Area: 'Москва', DeliveryPeriod: 1 },
    { City: 'Кировск', Region: 'Кировский', Area: 'Мурманская', DeliveryPeriod: '4' },
    { City: 'Казань', Region: '', Area: 'Татарстан', DeliveryPeriod: 2 },
  ])

  it('serves a city of the list by its name, the region deciding between namesakes', () => {
    expect(courierServes(list, { name: 'Москва', region: 'Москва' })).toBe(true)
    expect(courierServes(list, { name: 'казань', region: 'Республика Татарстан' })).toBe(true)
    expect(courierServes(list, { name: 'Самара', region: 'Самарская область' })).toBe(false)
    const namesakes = courierCityList.parse([...list, { City: 'Кировск', Region: '', Area: 'Ленинградская', DeliveryPeriod: 3 }])
    expect(courierServes(namesakes, { name: 'Кировск', region: 'Ленинградская область' })).toBe(true)
    expect(courierServes(namesakes, { name: 'Кировск', region: 'Тульская область' })).toBe(false)
  })

  it('reads ZipCheck as a list or an object, with 1/0 or Yes/No', () => {
    expect(zipServed(zipCheckAnswer.parse([{ ExpressDelivery: 1, ZoneExpressDelivery: 2, Remoteness: 0 }]))).toBe(true)
    expect(zipServed(zipCheckAnswer.parse([{ ExpressDelivery: 0, ZoneExpressDelivery: 0 }]))).toBe(false)
    expect(zipServed(zipCheckAnswer.parse({ ExpressDelivery: true }))).toBe(true)
    expect(zipServed(zipCheckAnswer.parse([{ ExpressDelivery: 'No' }]))).toBe(false)
    expect(zipCheckAnswer.safeParse([]).success).toBe(false)
  })

  it('registers a door parcel as vid 2 with kurdost, and a point parcel as vid 1 without it', () => {
    const order = { id: 41, buyerName: 'Анна Иванова', email: 'a@example.ru', phone: '+7 (999) 123-45-67', paid: true, deliveryKopecks: 40_050, lines: [{ name: 'Омега-3', offerId: 12, priceKopecks: 99_000, quantity: 1, weightGrams: 200 }] }
    const pkg = { weightGrams: 200, lengthCm: 10, widthCm: 10, heightCm: 10 }
    const door = parcelRequest({ order, pointCode: '', pkg, door: { zip: '420000', city: doorCity({ name: 'Казань', region: 'Республика Татарстан' }), address: 'ул. Баумана, д. 7' } })
    expect(door).toMatchObject({ vid: 2, shop: { name: '' }, kurdost: { index: '420000', citi: 'Республика Татарстан, Казань', addressp: 'ул. Баумана, д. 7' }, payment_sum: 0 })
    const point = parcelRequest({ order, pointCode: '33001', pkg })
    expect(point).toMatchObject({ vid: 1, shop: { name: '33001' } })
    expect(point).not.toHaveProperty('kurdost')
    expect(doorCity({ name: 'Москва', region: 'Москва' })).toBe('Москва')
  })
})
