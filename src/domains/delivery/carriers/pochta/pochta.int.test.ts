import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { POST as pvz } from '@/app/ajax/VuePvzComponent/route'
import { db } from '@/db/client'
import { carrierCities, carrierPoints } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { MINUTE, cdekFakeSettings, withCarrierFakes } from '../../../../../tests/support/carrier-fakes'
import { startFakeCdek, type FakeCdek } from '../../../../../tests/support/fake-cdek'
import { FAKE_POCHTA_KEYS, startFakePochta, type FakePochta } from '../../../../../tests/support/fake-pochta'
import { formPost, newVisitor } from '../../../../../tests/support/http'
import { setPochtaLimits } from '../../../../../tests/support/pochta-hooks'
import { reloadEnv, stubSettings } from '../../../../../tests/support/test-hooks'
import { DELIVERY_MESSAGES } from '../../delivery'
import { listDeliveryOptions, orderDeliveryChoice, quoteDeliveryChoice } from '../../delivery.server'
import { refreshCarrierCity, refreshDueCarrierPoints } from '../registry.server'
import { PochtaClient } from './pochta-client.server'

/**
 * The Почта России module against a local fake of its documented wire formats (tests/support/
 * fake-pochta.ts): the offices of a city from otpravka's search, «Посылка онлайн» from the public
 * calculator for the real parcel, a wrong token, the post down or hanging while СДЭК still answers.
 */
const visitor = newVisitor()
const POST = 3 // delivery_services.id of «Почта России» (handler russianpost)

/** Two pieces of 200 g: a 400 g parcel. */
const basket = JSON.stringify([{ name: 'Омега-3', id: 12, price: 990, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }])
const lines = [{ name: 'Омега-3', externalId: 12, priceKopecks: 99_000, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }]

let fake: FakePochta
let cdek: FakeCdek

function keys(token: string = FAKE_POCHTA_KEYS.token): Record<string, string> {
  return {
    POCHTA_TOKEN: token,
    POCHTA_LOGIN: FAKE_POCHTA_KEYS.login,
    POCHTA_PASSWORD: FAKE_POCHTA_KEYS.password,
    POCHTA_TARIFF_URL: fake.url,
    POCHTA_API_URL: fake.url,
    POCHTA_FROM_INDEX: '101000',
  }
}

/** Other keys mid-test: the cached delivery answers were the old keys'. */
function useKeys(token?: string) {
  stubSettings(keys(token))
  clearCache()
}

const { advance } = withCarrierFakes({
  start: async () => [(fake = await startFakePochta()), (cdek = await startFakeCdek())],
  settings: () => ({ ...cdekFakeSettings(cdek), ...keys() }),
  resetLimits: () => setPochtaLimits(null),
})

type PickerPoint = { id: string; name: string; type: string; coords: [number, number]; canGetPayment: boolean; graph: string; address: string }

async function call(fields: Record<string, string>) {
  const res = await pvz(formPost('/ajax/VuePvzComponent/', fields, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('Почта России offices: postoffice/1.0/nearby into carrier_points', () => {
  it('loads Moscow’s open public offices once, with hours and coordinates, and answers the map from the table', async () => {
    const { status, body } = await call({ action: 'getPoints', city: 'moskva', type: 'russianpost', postPay: 'N' })
    expect(status).toBe(200)
    const points = body.points as PickerPoint[]
    // 120 offices, less 7 temporarily closed and 3 private ones; Khimki's 6 in the search circle are not Moscow's.
    expect(points).toHaveLength(110)
    expect(points.every((p) => /^10\d{4}$/.test(p.id))).toBe(true)
    expect(points.some((p) => p.id === '101016')).toBe(false) // temporarily closed
    expect(points.some((p) => p.id === '101030')).toBe(false) // private
    const office = points.find((p) => p.id === '101001')
    expect(office).toMatchObject({ name: 'Отделение Почты России 101001', type: 'POST', address: 'ул Почтовая, д 2', graph: 'Пн-Пт 08:00-20:00, Сб 09:00-18:00, Вс выходной', canGetPayment: true })
    expect(office!.coords[0]).toBeCloseTo(55.75, 0)
    expect(office!.coords[1]).toBeCloseTo(37.6, 0)
    expect(points.find((p) => p.id === '101009')).toMatchObject({ type: 'POSTAMAT', canGetPayment: false, graph: 'Пн-Вс 00:00-23:59' })

    const request = fake.log.find((l) => l.path.startsWith('/postoffice/1.0/nearby'))!
    expect(request.headers.authorization).toBe(`AccessToken ${FAKE_POCHTA_KEYS.token}`)
    expect(request.headers['x-user-authorization']).toBe(`Basic ${Buffer.from(`${FAKE_POCHTA_KEYS.login}:${FAKE_POCHTA_KEYS.password}`).toString('base64')}`)
    const query = new URL(request.path, 'http://x').searchParams
    expect(Number(query.get('latitude'))).toBeCloseTo(55.7558, 3)
    expect(Number(query.get('search-radius'))).toBe(39)

    const again = await call({ action: 'getPoints', city: 'moskva', type: 'russianpost', postPay: 'Y' })
    expect((again.body.points as PickerPoint[]).every((p) => p.canGetPayment)).toBe(true)
    expect(fake.calls('/postoffice/1.0/nearby')).toBe(1)
    const [row] = await db().select().from(carrierPoints).where(and(eq(carrierPoints.carrier, 'pochta'), eq(carrierPoints.code, '101001')))
    expect(row).toMatchObject({ cityCode: 'moskva', kind: 'POST', phone: '+7 (495) 2000001', allowedCod: true, addressFull: '101001, г Москва, ул Почтовая, д 2', addressComment: '' })
    const [city] = await db().select().from(carrierCities).where(and(eq(carrierCities.carrier, 'pochta'), eq(carrierCities.cityCode, 'moskva')))
    expect(city?.carrierCityCode).toMatch(/^101\d{3}$/)
    expect(city?.lastError).toBe('')
  })
})

describe('Почта России prices: «Посылка онлайн» from the calculator for the order’s parcel', () => {
  it('prices a Moscow office for the real 400 g parcel, with the post’s delivery period', async () => {
    const { status, body } = await call({ action: 'getInfo', type: 'russianpost', id: '101001', basket, city: 'moskva' })
    expect(status).toBe(200)
    // 180 ₽ + 25 ₽ for the first half kilogram, VAT 20 %: 246 ₽; 2 to 4 days from Wednesday's shipment.
    expect(body).toMatchObject({ id: '101001', price: 246, shipmentDate: '04.03.2026', deliveryFrom: '06.03.2026', deliveryTo: '08.03.2026', warning: false })
    const request = fake.log.filter((l) => l.path.startsWith('/v2/calculate/tariff/delivery')).at(-1)!
    expect(request.path).toMatch(/\?json&/)
    const query = new URL(request.path, 'http://x').searchParams
    expect(Object.fromEntries(query)).toMatchObject({ object: '23030', from: '101000', weight: '400' })
    expect(query.get('to')).toMatch(/^101\d{3}$/)
    // The calculator is public: its call carries none of the account's keys.
    expect(request.headers.authorization).toBeUndefined()
  })

  it('lists the post at checkout for another city at its own price, and the weight counts', async () => {
    const kazan = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    // 180 + 25 + 100 (outside Moscow) = 305 ₽ + VAT = 366 ₽; 3 to 6 days.
    expect(kazan.find((o) => o.id === POST)).toMatchObject({ code: 'russianpost', priceKopecks: 36_600, periodText: 'от 3 до 6 дней', blocked: false })
    const heavy = await listDeliveryOptions({ cityCode: 'kazan', basket: [{ ...lines[0]!, quantity: 12, weight: 250 }] })
    // 3 kg: six half kilograms, 180 + 150 + 100 = 430 ₽ + VAT = 516 ₽.
    expect(heavy.find((o) => o.id === POST)?.priceKopecks).toBe(51_600)
    expect(new URL(fake.log.filter((l) => l.path.startsWith('/v2/calculate')).at(-1)!.path, 'http://x').searchParams.get('weight')).toBe('3000')
  })

  it('quotes the chosen office at save, and inside a transaction uses the kept quote without calling the post', async () => {
    expect(await quoteDeliveryChoice(db(), { deliveryId: POST, cityCode: 'moskva', pointId: '101001', basket: lines })).toMatchObject({ ok: true, priceKopecks: 24_600 })
    const calls = fake.calls('/v2/calculate/tariff/delivery')
    const choice = await db().transaction((tx) => orderDeliveryChoice(tx, { deliveryId: POST, cityCode: 'moskva', pointId: '101001', basket: lines }))
    expect(choice).toMatchObject({ ok: true, priceKopecks: 24_600, props: { MICRO_HANDLER: 'russianpost', MICRO_POINT_ID: '101001', MICRO_TYPE: 'POST' } })
    expect(fake.calls('/v2/calculate/tariff/delivery')).toBe(calls)
    expect(choice.ok && choice.props.PROP_ADDRESS).toBe('ул Почтовая, д 2')
    // A почтомат takes prepaid parcels only.
    expect(await quoteDeliveryChoice(db(), { deliveryId: POST, cityCode: 'moskva', pointId: '101009', basket: lines, postPay: true })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.prepayOnly,
    })
  })
})

describe('Почта России with a wrong token', () => {
  it('is refused as an auth error; the city gets no offices, the error is kept, the other methods answer', async () => {
    await expect(
      new PochtaClient({ tariffUrl: fake.url, apiUrl: fake.url, token: 'wrong', login: FAKE_POCHTA_KEYS.login, password: FAKE_POCHTA_KEYS.password }).request('GET', 'postoffice/1.0/nearby', {
        query: { latitude: 55.75, longitude: 37.61 },
      }),
    ).rejects.toMatchObject({ name: 'PochtaError', kind: 'auth', status: 401 })
    useKeys('wrong-token')
    try {
      const { body } = await call({ action: 'getPoints', city: 'sankt-peterburg', type: 'russianpost' })
      expect(body).toMatchObject({ points: [], message: DELIVERY_MESSAGES.noSuitablePoints })
      const [city] = await db().select().from(carrierCities).where(and(eq(carrierCities.carrier, 'pochta'), eq(carrierCities.cityCode, 'sankt-peterburg')))
      expect(city?.lastError).toContain('401')
      expect(city?.pointsRefreshedAt).toBeNull()
      const options = await listDeliveryOptions({ cityCode: 'sankt-peterburg', basket: lines })
      expect(options.map((o) => o.id)).not.toContain(POST)
      expect(options.length).toBeGreaterThan(0)
    } finally {
      useKeys()
      advance(31_000) // past the half minute the failure is remembered
    }
  })
})

describe('Почта России down while СДЭК still answers', () => {
  it('answering 503: no post option, СДЭК and the others offered, the office detail gives the spec’s message', async () => {
    await listDeliveryOptions({ cityCode: 'kazan', basket: lines }) // loads Kazan for both carriers
    advance(61 * MINUTE) // past the kept quotes
    fake.mode = 'down'
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(options.map((o) => o.id)).not.toContain(POST)
    expect(options.find((o) => o.id === 1)).toMatchObject({ code: 'sdek', priceKopecks: expect.any(Number) })
    expect(cdek.calls('/calculator/tarifflist')).toBeGreaterThan(0)
    const info = await call({ action: 'getInfo', type: 'russianpost', id: '420001', basket })
    expect(info.status).toBe(404)
    expect(info.body).toEqual({ id: null, warning: true, error: DELIVERY_MESSAGES.pointUnavailable })
    // The offices come from our table: the map still shows them.
    const points = await call({ action: 'getPoints', city: 'kazan', type: 'russianpost' })
    expect((points.body.points as unknown[]).length).toBe(14)
    expect(await quoteDeliveryChoice(db(), { deliveryId: POST, cityCode: 'kazan', pointId: '420001', basket: lines })).toEqual({ ok: false, message: DELIVERY_MESSAGES.pointUnavailable })
    // For half a minute the post is not asked again; then it is, and answers.
    const calls = fake.log.length
    await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(fake.log.length).toBe(calls)
    advance(31_000)
    fake.mode = 'ok'
    expect((await listDeliveryOptions({ cityCode: 'kazan', basket: lines })).find((o) => o.id === POST)?.priceKopecks).toBe(36_600)
  })

  it('not answering at all: the buyer gets the same answers when the time limit ends', async () => {
    advance(61 * MINUTE)
    setPochtaLimits({ quoteTimeoutMs: 300 })
    fake.mode = 'hang'
    const options = await listDeliveryOptions({ cityCode: 'kazan', basket: lines })
    expect(options.map((o) => o.id)).not.toContain(POST)
    expect(options.map((o) => o.id)).toContain(1)
    const info = await call({ action: 'getInfo', type: 'russianpost', id: '420001', basket })
    expect(info.body).toMatchObject({ id: null, error: DELIVERY_MESSAGES.pointUnavailable })
  })
})

describe('Почта России offices refresh', () => {
  it('daily: keeps the offices when the post fails, retires an office that closed', async () => {
    advance(25 * 3_600_000)
    fake.mode = 'down'
    const failed = await refreshDueCarrierPoints()
    expect(failed.pochta?.length).toBeGreaterThan(0)
    expect(failed.pochta?.every((o) => o.status === 'failed')).toBe(true)
    const [kept] = await db().select().from(carrierPoints).where(and(eq(carrierPoints.carrier, 'pochta'), eq(carrierPoints.code, '420002')))
    expect(kept?.active).toBe(true)

    fake.mode = 'ok'
    fake.closed.add('420002')
    const done = await refreshDueCarrierPoints()
    expect(done.pochta).toEqual(expect.arrayContaining([{ city: 'kazan', status: 'refreshed', points: 13, skipped: 1 }]))
    const [gone] = await db().select().from(carrierPoints).where(and(eq(carrierPoints.carrier, 'pochta'), eq(carrierPoints.code, '420002')))
    expect(gone?.active).toBe(false)
    expect((await refreshDueCarrierPoints()).pochta).toEqual([])
  })

  it('on demand, for the back office: one city now; a city without offices is not served', async () => {
    const before = fake.calls('/postoffice/1.0/nearby')
    expect(await refreshCarrierCity('pochta', 'kazan')).toEqual({ city: 'kazan', status: 'refreshed', points: 13, skipped: 1 })
    expect(fake.calls('/postoffice/1.0/nearby')).toBe(before + 1)
    expect(await refreshCarrierCity('pochta', 'anadyr')).toEqual({ city: 'anadyr', status: 'not-served' })
    expect(await refreshCarrierCity('pochta', 'atlantida')).toBeNull()
  })
})

describe('Почта России without keys', () => {
  it('in production mode the post is not offered at all; with keys it is (negative control)', async () => {
    vi.stubEnv('SHOP_MODE', 'production')
    vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
    vi.stubEnv('POCHTA_PASSWORD', '')
    reloadEnv()
    clearCache()
    try {
      const calls = fake.log.length
      expect((await listDeliveryOptions({ cityCode: 'kazan', basket: lines })).map((o) => o.id)).not.toContain(POST)
      expect((await call({ action: 'getPoints', city: 'kazan', type: 'russianpost' })).status).toBe(400)
      expect(fake.log.length).toBe(calls)
      vi.stubEnv('POCHTA_PASSWORD', FAKE_POCHTA_KEYS.password)
      reloadEnv()
      clearCache()
      expect((await listDeliveryOptions({ cityCode: 'kazan', basket: lines })).map((o) => o.id)).toContain(POST)
    } finally {
      vi.stubEnv('SHOP_MODE', '')
      vi.stubEnv('PUBLIC_URL', 'http://localhost:3000')
      useKeys()
    }
  })
})
