import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { POST as courierComponent } from '@/app/ajax/VueCourierComponent/route'
import { POST as shipmentPost } from '@/app/api/admin/orders/[id]/shipment/route'
import { db } from '@/db/client'
import { orders } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { setBoxberryLimits } from '../../../../tests/support/boxberry-hooks'
import { MINUTE, cdekFakeSettings, withCarrierFakes } from '../../../../tests/support/carrier-fakes'
import { setCdekLimits } from '../../../../tests/support/cdek-hooks'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../../tests/support/checkout'
import { FAKE_BOXBERRY_CITIES, FAKE_BOXBERRY_TOKEN, startFakeBoxberry, type FakeBoxberry } from '../../../../tests/support/fake-boxberry'
import { startFakeCdek, type FakeCdek } from '../../../../tests/support/fake-cdek'
import { formPost, newVisitor } from '../../../../tests/support/http'
import { adminRequest, signedInStaff } from '../../../../tests/support/staff'
import { reloadEnv } from '../../../../tests/support/test-hooks'
import type { SaveAnswer } from '../../checkout/checkout-wire'
import { DELIVERY_MESSAGES } from '../delivery'
import { listDeliveryOptions, pickupDates, quoteDeliveryChoice } from '../delivery.server'

/**
 * «Курьер СДЭК» and «Курьер Boxberry» (ADR 212) against the local fakes of СДЭК API v2 and Boxberry's
 * JSON API, written from their documented wire formats: offered only with the carrier's keys, priced by
 * СДЭК's cheapest склад-дверь tariff / Boxberry's DeliveryCosts by postal code for the real box, Boxberry's
 * availability by CourierListCities and ZipCheck, the address required and no slot, one carrier down
 * leaving the others, and a placed order registered with the right carrier for the door.
 */
const SDEK_COURIER = 6
const BOXBERRY_COURIER = 7
/** Two pieces of 200 g in 60×60×120 mm boxes: 400 g, billed as 1 kg in a 10 cm cube. */
const lines = [{ name: 'Омега-3', externalId: 12, priceKopecks: 99_000, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }]
/** Two pieces of 4.5 kg: 9 kg, where СДЭК's economy door tariff is the cheaper one. */
const heavy = [{ ...lines[0]!, weight: 4_500 }]

let boxberry: FakeBoxberry
let cdek: FakeCdek

const { advance, now } = withCarrierFakes({
  start: async () => [
    // Saint Petersburg has Boxberry's points but not its courier (not in CourierListCities).
    (boxberry = await startFakeBoxberry(FAKE_BOXBERRY_CITIES.map((c) => (c.Code === '010' ? { ...c, courier: false } : c)))),
    (cdek = await startFakeCdek()),
  ],
  settings: () => ({ BOXBERRY_TOKEN: FAKE_BOXBERRY_TOKEN, BOXBERRY_API_URL: boxberry.url, ...cdekFakeSettings(cdek), CDEK_SHIPMENT_POINT: 'KZN1' }),
  resetLimits: () => {
    setBoxberryLimits(null)
    setCdekLimits(null)
  },
})

const codes = (options: { code: string }[]) => options.map((o) => o.code)
const lastTariffList = () => cdek.log.filter((l) => l.method === 'POST' && l.path === '/calculator/tarifflist').at(-1)?.body

describe('the carriers’ couriers in the delivery list', () => {
  it('offers «Курьер СДЭК» at the cheapest склад-дверь tariff for the real box, and «Курьер Boxberry» by DeliveryCosts to the postal code', async () => {
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    // Kazan from Moscow: 137 «Посылка склад-дверь» 390.50 + 50 + 120 ₽ beats 233 (595 ₽) for 1 kg.
    expect(options.find((o) => o.id === SDEK_COURIER)).toMatchObject({ code: 'sdek_courier', name: 'Курьер СДЭК', type: 'courier', priceKopecks: 56_050, periodText: 'от 2 до 3 дней', blocked: false })
    expect(cdek.log.some((l) => l.path === '/calculator/tarifflist' && (l.body as { to_location?: { code?: number } }).to_location?.code === 424)).toBe(true)
    expect((lastTariffList() as { packages: unknown[] }).packages).toEqual([{ weight: 400, length: 10, width: 10, height: 10 }])
    // Boxberry: Kazan is a courier city, ZipCheck passes its postal code, DeliveryCosts by zip: 150 + 30 + 100 + 120 ₽ + 0.50, 3 days.
    expect(options.find((o) => o.id === BOXBERRY_COURIER)).toMatchObject({ code: 'boxberry_courier', name: 'Курьер Boxberry', type: 'courier', priceKopecks: 40_050, periodText: 'от 3 до 4 дней' })
    expect(boxberry.log.filter((l) => l.method === 'ZipCheck').at(-1)?.query).toMatchObject({ Zip: '420000' })
    expect(boxberry.log.find((l) => l.method === 'DeliveryCosts' && l.query.zip)?.query).toMatchObject({ zip: '420000', weight: '400', height: '10' })
    // The shop's own courier and the pickup methods are still there, ordered by sort.
    expect(codes(options)).toEqual(expect.arrayContaining(['courier', 'sdek', 'boxberry']))
    expect(options.map((o) => o.sort)).toEqual([...options.map((o) => o.sort)].sort((a, b) => a - b))
  })

  it('takes СДЭК’s economy door tariff when it is the cheaper one for the box', async () => {
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: heavy })
    // 9 kg: 233 is 430 + 405 + 120 = 955 ₽, 137 would be 960.50 ₽.
    expect(options.find((o) => o.id === SDEK_COURIER)).toMatchObject({ priceKopecks: 95_500, periodText: 'от 4 до 6 дней' })
    expect((lastTariffList() as { packages: { weight: number }[] }).packages[0]!.weight).toBe(9_000)
  })

  it('leaves «Курьер Boxberry» out where CourierListCities or ZipCheck says no; Boxberry’s points stay', async () => {
    const spb = await listDeliveryOptions({ cityCode: 'sankt-peterburg', basket: lines })
    expect(codes(spb)).toContain('boxberry')
    expect(codes(spb)).not.toContain('boxberry_courier')
    expect(codes(spb)).toContain('sdek_courier')
    // Control: Moscow is a courier city; then ZipCheck refuses its postal code.
    expect(codes(await listDeliveryOptions({ cityCode: 'moskva', basket: lines }))).toContain('boxberry_courier')
    advance(61 * MINUTE)
    boxberry.zipsWithoutCourier.add('101000')
    try {
      const moscow = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
      expect(codes(moscow)).toContain('boxberry')
      expect(codes(moscow)).not.toContain('boxberry_courier')
    } finally {
      boxberry.zipsWithoutCourier.clear()
    }
  })

  it('one carrier down leaves the other’s courier, the shop’s courier and the points answering', async () => {
    advance(61 * MINUTE)
    cdek.mode = 'down'
    const noCdek = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(codes(noCdek)).not.toContain('sdek_courier')
    expect(codes(noCdek)).toEqual(expect.arrayContaining(['boxberry_courier', 'boxberry', 'courier']))
    expect(await quoteDeliveryChoice(db(), { deliveryId: SDEK_COURIER, cityCode: 'kazan', address: 'ул. Баумана, д. 5', basket: lines })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.courierImpossible,
    })
    advance(61 * MINUTE)
    cdek.mode = 'ok'
    boxberry.mode = 'down'
    const noBoxberry = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(codes(noBoxberry)).not.toContain('boxberry_courier')
    expect(codes(noBoxberry)).toEqual(expect.arrayContaining(['sdek_courier', 'sdek', 'courier']))
  })

  it('a carrier that hangs: its courier is left out when the time limit ends, the other answers', async () => {
    advance(61 * MINUTE)
    setCdekLimits({ quoteTimeoutMs: 300 })
    cdek.mode = 'hang'
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(codes(options)).not.toContain('sdek_courier')
    expect(codes(options)).toContain('boxberry_courier')
  })

  it('is not offered without the carrier’s keys (control: the same city with them)', async () => {
    advance(61 * MINUTE)
    vi.stubEnv('CDEK_CLIENT_ID', '')
    vi.stubEnv('BOXBERRY_TOKEN', '')
    reloadEnv()
    clearCache()
    try {
      const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
      expect(codes(options)).not.toContain('sdek_courier')
      expect(codes(options)).not.toContain('boxberry_courier')
      expect(codes(options)).toContain('courier')
    } finally {
      vi.stubEnv('CDEK_CLIENT_ID', cdekFakeSettings(cdek).CDEK_CLIENT_ID!)
      vi.stubEnv('BOXBERRY_TOKEN', FAKE_BOXBERRY_TOKEN)
      reloadEnv()
      clearCache()
    }
    expect(codes(await listDeliveryOptions({ cityCode: 'kazan', basket: lines }))).toEqual(expect.arrayContaining(['sdek_courier', 'boxberry_courier']))
  })
})

describe('the carriers’ couriers at checkout', () => {
  it('asks for the full address as the shop’s courier does, but no slot; the dates are the carrier’s period', async () => {
    const noAddress = await quoteDeliveryChoice(db(), { deliveryId: SDEK_COURIER, cityCode: 'kazan', basket: lines })
    expect(noAddress).toEqual({ ok: false, message: DELIVERY_MESSAGES.fullAddress })
    const quote = await quoteDeliveryChoice(db(), { deliveryId: SDEK_COURIER, cityCode: 'kazan', address: 'ул. Баумана, д. 5', basket: lines })
    // Two to three days from the shipment day (the tests' clock has moved on from Wednesday 4 March by now).
    const dates = pickupDates(now(), { priceKopecks: 0, daysFrom: 2, daysTo: 3 })
    expect(quote).toEqual({ ok: true, priceKopecks: 56_050, periodText: 'от 2 до 3 дней', shipDateFrom: dates.deliveryFrom, shipDateTo: dates.deliveryTo })
    // Control: the shop's own courier without a slot is refused with the spec's «Обязательное поле».
    expect(await quoteDeliveryChoice(db(), { deliveryId: 4, cityCode: 'kazan', address: 'ул. Баумана, д. 5', basket: lines })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.required,
    })
  })

  it('the courier component answers one offer without windows: the carrier’s period and price', async () => {
    const basket = JSON.stringify([{ name: 'Омега-3', id: 12, price: 990, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }])
    const res = await courierComponent(formPost('/ajax/VueCourierComponent/', { type: 'sdek_courier', city: 'kazan', address: 'Казань, ул Баумана, д 5', postPay: 'N', basket }, newVisitor()))
    const body = (await res.json()) as Record<string, unknown>
    expect(res.status, JSON.stringify(body)).toBe(200)
    const dates = pickupDates(now(), { priceKopecks: 0, daysFrom: 2, daysTo: 3 })
    expect(body).toMatchObject({
      couriers: [{ name: 'Курьер СДЭК', date: dates.deliveryFrom, deliveryTo: dates.deliveryTo, times: [], price: 560.5, shipmentDate: dates.shipmentDate }],
      warning: '',
    })
  })

  it('places a «Курьер СДЭК» order without a slot, and the manager registers it with СДЭК to the door', async () => {
    const offer = await offerWithStock(20, 2)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const props = { LOCATION: 'kazan', MICRO_SOURCE: 'courier', MICRO_TYPE: 'COURIER', MICRO_HANDLER: 'sdek_courier', MICRO_POINT_ID: '', PROP_ADDRESS: 'ул. Баумана, д. 5, кв. 3' }
    const { body } = await checkout<SaveAnswer>('saveOrderAjax', await orderFields({ deliveryId: String(SDEK_COURIER), props }), visitor)
    expect('ID' in body.order, JSON.stringify(body)).toBe(true)
    const id = Number('ID' in body.order ? body.order.ID : 0)
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order).toMatchObject({ deliveryId: String(SDEK_COURIER), deliveryName: 'Курьер СДЭК', slotBookingId: null, address: 'ул. Баумана, д. 5, кв. 3' })
    expect(order!.props.MICRO_HANDLER).toBe('sdek_courier')
    expect(order!.deliveryPrice).toBeGreaterThan(0)

    const { cookie } = await signedInStaff('warehouse')
    const res = await shipmentPost(adminRequest('POST', `/api/admin/orders/${id}/shipment/`, { cookie }, {}), { params: Promise.resolve({ id: String(id) }) })
    const made = (await res.json()) as Record<string, unknown>
    expect(res.status, JSON.stringify(made)).toBe(200)
    expect(made).toMatchObject({ carrier: 'cdek', pointCode: '' })
    const sent = [...cdek.orders.values()].at(-1)!.body
    expect(sent).toMatchObject({ number: String(id), shipment_point: 'KZN1', to_location: { code: 424, address: 'ул. Баумана, д. 5, кв. 3' } })
    expect(sent.delivery_point).toBeUndefined()
    expect([137, 233]).toContain(sent.tariff_code)
  })

  it('places a «Курьер Boxberry» order, registered with Boxberry as a courier parcel (vid 2) to the address', async () => {
    const offer = await offerWithStock(20, 3)
    const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
    const props = { LOCATION: 'kazan', MICRO_SOURCE: 'courier', MICRO_TYPE: 'COURIER', MICRO_HANDLER: 'boxberry_courier', MICRO_POINT_ID: '', PROP_ADDRESS: 'ул. Баумана, д. 7' }
    const { body } = await checkout<SaveAnswer>('saveOrderAjax', await orderFields({ deliveryId: String(BOXBERRY_COURIER), props }), visitor)
    expect('ID' in body.order, JSON.stringify(body)).toBe(true)
    const id = Number('ID' in body.order ? body.order.ID : 0)
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order).toMatchObject({ deliveryName: 'Курьер Boxberry', slotBookingId: null })

    const { cookie } = await signedInStaff('warehouse')
    const res = await shipmentPost(adminRequest('POST', `/api/admin/orders/${id}/shipment/`, { cookie }, {}), { params: Promise.resolve({ id: String(id) }) })
    const made = (await res.json()) as Record<string, unknown>
    expect(res.status, JSON.stringify(made)).toBe(200)
    expect(made).toMatchObject({ carrier: 'boxberry', trackNumber: expect.stringMatching(/^BBR\d+$/) })
    const sdata = [...boxberry.parcels.values()].at(-1)!.sdata
    expect(sdata).toMatchObject({ order_id: String(id), vid: 2, kurdost: { index: '420000', citi: 'Республика Татарстан, Казань', addressp: 'ул. Баумана, д. 7' } })
    expect((sdata.shop as { name: string }).name).toBe('')
  })
})
