import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { POST as boxberryMap } from '@/app/ajax/boxberry/route'
import { POST as pvz } from '@/app/ajax/VuePvzComponent/route'
import { db } from '@/db/client'
import { carrierCities, carrierPoints } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { setBoxberryLimits } from '../../../../../tests/support/boxberry-hooks'
import { MINUTE, cdekFakeSettings, withCarrierFakes } from '../../../../../tests/support/carrier-fakes'
import { FAKE_BOXBERRY_TOKEN, startFakeBoxberry, type FakeBoxberry } from '../../../../../tests/support/fake-boxberry'
import { startFakeCdek, type FakeCdek } from '../../../../../tests/support/fake-cdek'
import { formPost, newVisitor } from '../../../../../tests/support/http'
import { reloadEnv } from '../../../../../tests/support/test-hooks'
import { DELIVERY_MESSAGES } from '../../delivery'
import { listDeliveryOptions, quoteDeliveryChoice } from '../../delivery.server'
import { refreshCarrierCity, refreshDueCarrierPoints } from '../registry.server'
import { BoxberryClient } from './boxberry-client.server'
import { boxberryCarrier } from './boxberry.server'

/**
 * The Boxberry module against a local fake of Boxberry's JSON API (tests/support/fake-boxberry.ts,
 * written from the documented wire format), with СДЭК's fake beside it: points of a city, prices for
 * the real parcel, token and parameter errors, Boxberry down while СДЭК answers, the refresh (ADR 193).
 */
const visitor = newVisitor()

/** Two pieces of 200 g in 60×60×120 mm boxes: 400 g, 864 cm³, billed as a 10 cm cube. */
const basket = JSON.stringify([{ name: 'Омега-3', id: 12, price: 990, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }])
const lines = [{ name: 'Омега-3', externalId: 12, priceKopecks: 99_000, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }]
const BOXBERRY_ID = 2

let fake: FakeBoxberry
let cdek: FakeCdek

const { advance } = withCarrierFakes({
  start: async () => [(fake = await startFakeBoxberry()), (cdek = await startFakeCdek())],
  settings: () => ({ BOXBERRY_TOKEN: FAKE_BOXBERRY_TOKEN, BOXBERRY_API_URL: fake.url, ...cdekFakeSettings(cdek) }),
  resetLimits: () => setBoxberryLimits(null),
})

async function call(handler: (r: Request) => Promise<Response>, url: string, fields: Record<string, string>) {
  const res = await handler(formPost(url, fields, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const lastQuery = (method: string) => fake.log.filter((l) => l.method === method).at(-1)?.query

describe('Boxberry points: ListPoints into carrier_points', () => {
  it('loads Moscow once, with work time, coordinates, payment flags, weight limits and postamats, and answers from the table', async () => {
    const { status, body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'boxberry', postPay: 'N' })
    expect(status).toBe(200)
    const points = body.points as { id: string; name: string; type: string; coords: [number, number]; canGetPayment: boolean; graph: string; address: string }[]
    // 300 points, of which every 50th has no coordinates.
    expect(points).toHaveLength(300 - 6)
    expect(points[0]).toMatchObject({ id: '68001', address: 'Тестовая ул, д.1', graph: 'пн-пт:10.00-20.00, сб:10.00-16.00', type: 'PVZ', canGetPayment: true })
    expect(points[0]!.coords[0]).toBeCloseTo(55.75, 0)
    expect(points.find((p) => p.id === '68005')).toMatchObject({ type: 'POSTAMAT', canGetPayment: false })
    // Prepaid-only points are listed (prepaid=1), and take nothing on receipt.
    expect(points.find((p) => p.id === '68007')?.canGetPayment).toBe(false)
    expect(points.some((p) => p.id === '68050')).toBe(false)
    expect(lastQuery('ListPoints')).toMatchObject({ method: 'ListPoints', CityCode: '68', prepaid: '1' })
    expect(fake.calls('ListPoints')).toBe(1)

    const again = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'boxberry', postPay: 'Y' })
    expect((again.body.points as { canGetPayment: boolean }[]).every((p) => p.canGetPayment)).toBe(true)
    expect(fake.calls('ListPoints')).toBe(1)
    const [row] = await db()
      .select()
      .from(carrierPoints)
      .where(and(eq(carrierPoints.carrier, 'boxberry'), eq(carrierPoints.code, '68002')))
    expect(row).toMatchObject({
      cityCode: 'moskva',
      kind: 'PVZ',
      addressFull: '101000, Москва г, Тестовая ул, д.2',
      haveCash: true,
      haveCashless: true,
      allowedCod: true,
      weightMaxGrams: 15_000,
      workTime: 'пн-пт:10.00-20.00, сб:10.00-16.00',
    })
    const [postamat] = await db().select().from(carrierPoints).where(and(eq(carrierPoints.carrier, 'boxberry'), eq(carrierPoints.code, '68005')))
    expect(postamat).toMatchObject({ kind: 'POSTAMAT', weightMaxGrams: 5_000, haveCash: false, allowedCod: false })
  }, 60_000)

  it('finds Казань by its KLADR code, not its namesake, and answers the /ajax/boxberry/ map', async () => {
    const citiesAsked = fake.calls('ListCities')
    const { status, body } = await call(boxberryMap, '/ajax/boxberry/', { town: 'Казань', country: 'Россия', region: 'Республика Татарстан' })
    expect(status).toBe(200)
    expect(Object.keys(body)).toHaveLength(20)
    expect(lastQuery('ListPoints')).toMatchObject({ CityCode: '33' })
    const [city] = await db().select().from(carrierCities).where(and(eq(carrierCities.carrier, 'boxberry'), eq(carrierCities.cityCode, 'kazan')))
    expect(city).toMatchObject({ carrierCityCode: '33', lastError: '' })
    // Boxberry's city list is asked once a day per process, not per city.
    expect(fake.calls('ListCities')).toBe(citiesAsked)
  })

  it('remembers a city Boxberry does not serve', async () => {
    const { body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'anadyr', type: 'boxberry' })
    expect(body.points).toEqual([])
    expect(body.message).toBe(DELIVERY_MESSAGES.noSuitablePoints)
    const [row] = await db().select().from(carrierCities).where(and(eq(carrierCities.carrier, 'boxberry'), eq(carrierCities.cityCode, 'anadyr')))
    expect(row).toMatchObject({ carrierCityCode: null })
    expect(row?.pointsRefreshedAt).not.toBeNull()
  })
})

describe('Boxberry prices: DeliveryCosts for the order’s parcel', () => {
  it('prices the city at its reference point with the real box, and the checkout offers it, free from the threshold', async () => {
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
    // 400 g in a 10 cm cube: 1 kg billed, 150 + 30 ₽ + 0.50; Boxberry's one-day period, told as 1–2 days.
    expect(options.find((o) => o.id === BOXBERRY_ID)).toMatchObject({ code: 'boxberry', priceKopecks: 18_050, periodText: 'от 1 до 2 дней', blocked: false })
    expect(lastQuery('DeliveryCosts')).toMatchObject({ target: '68001', weight: '400', height: '10', width: '10', depth: '10', paysum: '0' })
    const dear = await listDeliveryOptions({ cityCode: 'moskva', basket: [{ ...lines[0]!, priceKopecks: 310_000 }] })
    expect(dear.find((o) => o.id === BOXBERRY_ID)?.priceKopecks).toBe(0)
  })

  it('sends the spec’s defaults (100 g, 100 mm) for lines without weight or sizes', async () => {
    await listDeliveryOptions({ cityCode: 'kazan', basket: [{ name: 'Без веса', quantity: 3 }] })
    // 3 × 100 g; 3 × 1 000 cm³ = a cube of 15 cm.
    expect(lastQuery('DeliveryCosts')).toMatchObject({ target: '33001', weight: '300', height: '15', width: '15', depth: '15' })
  })

  it('answers the point detail and the save with the same price', async () => {
    const { status, body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getInfo', type: 'boxberry', id: '68002', basket, city: 'moskva' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: '68002', price: 180.5, shipmentDate: '04.03.2026', deliveryFrom: '05.03.2026', deliveryTo: '06.03.2026', warning: false })
    expect(await quoteDeliveryChoice(db(), { deliveryId: BOXBERRY_ID, cityCode: 'moskva', pointId: '68002', basket: lines })).toMatchObject({ ok: true, priceKopecks: 18_050 })
    expect(await quoteDeliveryChoice(db(), { deliveryId: BOXBERRY_ID, cityCode: 'moskva', pointId: '68007', basket: lines, postPay: true })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.prepayOnly,
    })
  })

  it('prices the courier to the city’s postal code', async () => {
    const city = { code: 'moskva', name: 'Москва', region: 'Москва' }
    const answer = await boxberryCarrier.quote({ q: db(), city, pkg: { weightGrams: 1_500, lengthCm: 20, widthCm: 20, heightCm: 20 }, mode: 'courier', remote: true })
    // 2 kg billed (1.5 kg; 8 000 cm³ is 1.6 kg): 150 + 60 + 120 ₽ + 0.50, two days, told as 2–3.
    expect(answer).toEqual({ ok: true, value: { priceKopecks: 33_050, daysFrom: 2, daysTo: 3, tariffCode: 2, tariffName: 'Boxberry: курьер' } })
    expect(lastQuery('DeliveryCosts')).toMatchObject({ zip: '101000', weight: '1500' })
    expect(lastQuery('DeliveryCosts')?.target).toBeUndefined()
  })
})

describe('Boxberry refusals: token and parameters', () => {
  it('a wrong token is an auth error; a missing parameter is Boxberry refusing the request', async () => {
    const wrong = new BoxberryClient({ baseUrl: fake.url, token: 'not-the-token' })
    await expect(wrong.get('ListCities')).rejects.toMatchObject({ name: 'BoxberryError', kind: 'auth' })
    const right = new BoxberryClient({ baseUrl: fake.url, token: FAKE_BOXBERRY_TOKEN })
    await expect(right.get('DeliveryCosts', { target: '68001' })).rejects.toMatchObject({ kind: 'api', message: expect.stringContaining('Не указан вес') })
    await expect(right.get('ListStatuses', { ImId: 'nothing' })).rejects.toMatchObject({ kind: 'api' })
  })

  it('a parcel Boxberry refuses is “no tariff”, not “down”: the next price is asked at once', async () => {
    const city = { code: 'moskva', name: 'Москва', region: 'Москва' }
    const heavy = await boxberryCarrier.quote({ q: db(), city, pkg: { weightGrams: 16_000, lengthCm: 30, widthCm: 30, heightCm: 30 }, mode: 'pickup', remote: true })
    expect(heavy).toMatchObject({ ok: false, reason: 'no-tariff', detail: expect.stringContaining('Превышен') })
    const calls = fake.calls('DeliveryCosts')
    const light = await boxberryCarrier.quote({ q: db(), city, pkg: { weightGrams: 2_100, lengthCm: 10, widthCm: 10, heightCm: 10 }, mode: 'pickup', remote: true })
    expect(light).toMatchObject({ ok: true, value: { priceKopecks: 24_050 } })
    expect(fake.calls('DeliveryCosts')).toBe(calls + 1)
  })

  it('with a wrong token the checkout goes without Boxberry and the other methods answer', async () => {
    advance(61 * MINUTE)
    vi.stubEnv('BOXBERRY_TOKEN', 'a-wrong-token-0000')
    reloadEnv()
    clearCache()
    try {
      const options = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
      expect(options.map((o) => o.code)).not.toContain('boxberry')
      expect(options.map((o) => o.code)).toEqual(expect.arrayContaining(['courier', 'shop']))
    } finally {
      vi.stubEnv('BOXBERRY_TOKEN', FAKE_BOXBERRY_TOKEN)
      reloadEnv()
      clearCache()
    }
  })
})

describe('Boxberry down while СДЭК answers', () => {
  it('answering 503: no Boxberry option, СДЭК and the own delivery offered, the point detail gives the spec’s message', async () => {
    advance(61 * MINUTE) // past the kept quotes
    fake.mode = 'down'
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(options.map((o) => o.code)).not.toContain('boxberry')
    expect(options.find((o) => o.code === 'sdek')?.priceKopecks).toBeGreaterThan(0)
    // The shop's own courier (ADR 187) answers as well.
    expect(options.map((o) => o.code)).toContain('courier')
    const info = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getInfo', type: 'boxberry', id: '33001', basket })
    expect(info.status).toBe(404)
    expect(info.body).toEqual({ id: null, warning: true, error: DELIVERY_MESSAGES.pointUnavailable })
    expect(await quoteDeliveryChoice(db(), { deliveryId: BOXBERRY_ID, cityCode: 'kazan', pointId: '33001', basket: lines })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.pointUnavailable,
    })
    // The map still shows Boxberry's points: they come from our table.
    const points = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'kazan', type: 'boxberry' })
    expect((points.body.points as unknown[]).length).toBe(20)
  })

  it('after a failure, the next half minute does not call Boxberry at all; then it tries again', async () => {
    advance(61 * MINUTE)
    fake.mode = 'down'
    await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    const calls = fake.log.length
    await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(fake.log.length).toBe(calls)
    advance(31_000)
    fake.mode = 'ok'
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(options.find((o) => o.id === BOXBERRY_ID)?.priceKopecks).toBe(28_050)
  })

  it('not answering at all: the buyer gets the same answers when the time limit ends, СДЭК still priced', async () => {
    advance(61 * MINUTE)
    setBoxberryLimits({ quoteTimeoutMs: 300 })
    fake.mode = 'hang'
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(options.map((o) => o.code)).toContain('sdek')
    expect(options.map((o) => o.code)).not.toContain('boxberry')
  })

  it('a dropped connection is asked again once, on a new one', async () => {
    advance(61 * MINUTE)
    fake.dropNext = 1
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(options.find((o) => o.id === BOXBERRY_ID)?.priceKopecks).toBe(28_050)
  })
})

describe('Boxberry points refresh', () => {
  it('daily and on demand: keeps the points when Boxberry fails, retires the points it dropped', async () => {
    advance(25 * 3_600_000)
    fake.removed.add('33002')
    fake.mode = 'down'
    const failed = await refreshDueCarrierPoints()
    expect(failed.boxberry?.length).toBeGreaterThan(0)
    expect(failed.boxberry?.every((o) => o.status === 'failed')).toBe(true)
    const [kept] = await db().select().from(carrierPoints).where(and(eq(carrierPoints.carrier, 'boxberry'), eq(carrierPoints.code, '33002')))
    expect(kept?.active).toBe(true)

    fake.mode = 'ok'
    expect(await refreshCarrierCity('boxberry', 'kazan')).toEqual({ city: 'kazan', status: 'refreshed', points: 19, skipped: 0 })
    const [gone] = await db().select().from(carrierPoints).where(and(eq(carrierPoints.carrier, 'boxberry'), eq(carrierPoints.code, '33002')))
    expect(gone?.active).toBe(false)
    const done = await refreshDueCarrierPoints()
    expect(done.boxberry).toEqual(expect.arrayContaining([{ city: 'moskva', status: 'refreshed', points: 294, skipped: 6 }]))
    expect(done.boxberry?.map((o) => o.city)).not.toContain('kazan')
  }, 60_000)
})

describe('Boxberry without its token', () => {
  it('keeps the built-in points and never calls Boxberry; in production mode the method is not offered', async () => {
    vi.stubEnv('BOXBERRY_TOKEN', '')
    reloadEnv()
    clearCache()
    try {
      const calls = fake.log.length
      const { body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'boxberry' })
      expect((body.points as { id: string }[])[0]?.id).toMatch(/^BXB-MOSKVA-/)
      vi.stubEnv('SHOP_MODE', 'production')
      vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
      reloadEnv()
      clearCache()
      expect((await listDeliveryOptions({ cityCode: 'moskva', basket: lines })).map((o) => o.code)).not.toContain('boxberry')
      expect(fake.log.length).toBe(calls)
      // Negative control: the token set again, production mode offers Boxberry with its real points.
      vi.stubEnv('BOXBERRY_TOKEN', FAKE_BOXBERRY_TOKEN)
      reloadEnv()
      clearCache()
      advance(61 * MINUTE)
      const offered = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
      expect(offered.find((o) => o.code === 'boxberry')).toMatchObject({ priceKopecks: 18_050 })
    } finally {
      vi.stubEnv('SHOP_MODE', '')
      vi.stubEnv('PUBLIC_URL', '')
      vi.stubEnv('BOXBERRY_TOKEN', FAKE_BOXBERRY_TOKEN)
      reloadEnv()
      clearCache()
    }
  })
})
