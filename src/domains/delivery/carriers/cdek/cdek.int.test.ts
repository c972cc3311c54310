import { gzipSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { POST as sdek } from '@/app/ajax/sdek/route'
import { POST as pvz } from '@/app/ajax/VuePvzComponent/route'
import { db } from '@/db/client'
import { carrierCities, carrierPoints, cities } from '@/db/schema'
import { MINUTE, cdekFakeSettings, withCarrierFakes } from '../../../../../tests/support/carrier-fakes'
import { setCdekLimits } from '../../../../../tests/support/cdek-hooks'
import { FAKE_CDEK_KEYS, startFakeCdek, type FakeCdek } from '../../../../../tests/support/fake-cdek'
import { formPost, newVisitor } from '../../../../../tests/support/http'
import { reloadEnv } from '../../../../../tests/support/test-hooks'
import { DELIVERY_MESSAGES } from '../../delivery'
import { listDeliveryOptions, orderDeliveryChoice, quoteDeliveryChoice } from '../../delivery.server'
import { claimRefresh } from '../carriers.db'
import { refreshCarrierCity, refreshDueCarrierPoints } from '../registry.server'
import { CdekClient, CdekError } from './cdek-client.server'
import { cdekClient } from './cdek.server'

/**
 * The СДЭК module against a local fake of СДЭК API v2 (tests/support/fake-cdek.ts, written from the
 * documented wire format): token, points, calculator, a carrier that fails or hangs, the daily refresh.
 */
const visitor = newVisitor()

/** Two pieces of 200 g in 60×60×120 mm boxes: 400 g, 864 cm³, billed as a 10 cm cube. */
const basket = JSON.stringify([{ name: 'Омега-3', id: 12, price: 990, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }])
const lines = [{ name: 'Омега-3', externalId: 12, priceKopecks: 99_000, quantity: 2, weight: 200, width: 60, length: 60, height: 120 }]

let fake: FakeCdek

const { advance, now: clock } = withCarrierFakes({
  start: async () => [(fake = await startFakeCdek())],
  settings: () => cdekFakeSettings(fake),
  resetLimits: () => setCdekLimits(null),
})

async function call(handler: (r: Request) => Promise<Response>, url: string, fields: Record<string, string>) {
  const res = await handler(formPost(url, fields, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('СДЭК OAuth token', () => {
  it('is fetched once, kept until a minute before it expires, then fetched again', async () => {
    const client = cdekClient()
    const before = fake.tokensIssued
    await client.request('GET', 'location/cities', { query: { city: 'Москва' } })
    await client.request('GET', 'location/cities', { query: { city: 'Казань' } })
    expect(fake.tokensIssued - before).toBe(1)
    const kept = fake.tokensIssued
    advance(58 * MINUTE)
    await client.request('GET', 'location/cities', { query: { city: 'Москва' } })
    expect(fake.tokensIssued).toBe(kept)
    advance(2 * MINUTE)
    await client.request('GET', 'location/cities', { query: { city: 'Москва' } })
    expect(fake.tokensIssued).toBe(kept + 1)
  })

  it('is fetched again when СДЭК answers 401, and the call is repeated once', async () => {
    const client = cdekClient()
    await client.request('GET', 'location/cities', { query: { city: 'Москва' } })
    const issued = fake.tokensIssued
    const calls = fake.calls('/location/cities')
    fake.revokeTokens()
    const answer = await client.request('GET', 'location/cities', { query: { city: 'Казань' } })
    expect(answer).toEqual([expect.objectContaining({ code: 424, city: 'Казань' })])
    expect(fake.tokensIssued).toBe(issued + 1)
    expect(fake.calls('/location/cities')).toBe(calls + 2)
  })

  it('sends a GET again on a new connection when the old one was closed, but not a second time', async () => {
    const client = cdekClient()
    await client.request('GET', 'location/cities', { query: { city: 'Москва' } })
    const calls = fake.calls('/location/cities')
    fake.dropNext = 1
    expect(await client.request('GET', 'location/cities', { query: { city: 'Казань' } })).toEqual([expect.objectContaining({ code: 424 })])
    expect(fake.calls('/location/cities')).toBe(calls + 2)
    fake.dropNext = 2
    await expect(client.request('GET', 'location/cities', { query: { city: 'Казань' } })).rejects.toMatchObject({ kind: 'network' })
    expect(fake.calls('/location/cities')).toBe(calls + 4)
  })

  it('refuses wrong keys as an auth error after one token request', async () => {
    const client = new CdekClient({ baseUrl: fake.url, clientId: 'wrong', clientSecret: 'wrong' })
    const tokenCalls = fake.calls('/oauth/token')
    await expect(client.request('GET', 'deliverypoints')).rejects.toMatchObject({ name: 'CdekError', kind: 'auth' })
    expect(fake.calls('/oauth/token')).toBe(tokenCalls + 1)
  })
})

describe('СДЭК points: POST /ajax/VuePvzComponent/ and /ajax/sdek/', () => {
  it('loads the Moscow points into our table once and answers getPoints from it, compact enough for the map', async () => {
    const { status, body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'sdek', postPay: 'N' })
    expect(status).toBe(200)
    const points = body.points as { id: string; name: string; type: string; coords: [number, number]; canGetPayment: boolean; graph: string; address: string }[]
    // 1 100 points, of which every 97th only takes parcels in.
    expect(points).toHaveLength(1100 - 11)
    expect(points[0]).toMatchObject({ id: 'MSK0001', name: 'Москва, ПВЗ №1', type: 'PVZ', address: 'ул. Тестовая, д. 1', graph: 'Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00' })
    expect(points.find((p) => p.id === 'MSK0004')?.type).toBe('POSTAMAT')
    expect(points.some((p) => p.id === 'MSK0097')).toBe(false)
    expect(points[0]!.coords[0]).toBeCloseTo(55.75, 0)
    expect(points[0]!.coords[1]).toBeCloseTo(37.6, 0)
    expect(body.message).toBeUndefined()
    expect(gzipSync(JSON.stringify(body)).length).toBeLessThan(300 * 1024)
    expect(fake.calls('/deliverypoints')).toBe(1)

    const again = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'sdek', postPay: 'N' })
    expect((again.body.points as unknown[]).length).toBe(points.length)
    expect(fake.calls('/deliverypoints')).toBe(1)
    const [row] = await db()
      .select()
      .from(carrierPoints)
      .where(and(eq(carrierPoints.carrier, 'cdek'), eq(carrierPoints.code, 'MSK0001')))
    expect(row).toMatchObject({ cityCode: 'moskva', kind: 'PVZ', haveCash: true, allowedCod: true, weightMaxGrams: 30_000, phone: '+74951000001' })
  }, 120_000) // Writing a thousand rows into PGlite took over 30 s on a machine loaded by parallel runs.

  it('keeps only points that take payment on receipt when postPay=Y', async () => {
    const all = (await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'sdek', postPay: 'N' })).body.points as { id: string; canGetPayment: boolean }[]
    const postPay = (await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'sdek', postPay: 'Y' })).body.points as { id: string; canGetPayment: boolean }[]
    // Postamats take no cash on delivery here, nor does every 13th office.
    expect(all.find((p) => p.id === 'MSK0004')?.canGetPayment).toBe(false)
    expect(all.find((p) => p.id === 'MSK0013')?.canGetPayment).toBe(false)
    expect(all.find((p) => p.id === 'MSK0001')?.canGetPayment).toBe(true)
    expect(postPay.every((p) => p.canGetPayment)).toBe(true)
    expect(postPay.length).toBe(all.filter((p) => p.canGetPayment).length)
  })

  it('answers the carrier map of /ajax/sdek/ with the real points', async () => {
    const { status, body } = await call(sdek, '/ajax/sdek/', { town: 'Казань', country: 'Россия', region: 'Республика Татарстан' })
    expect(status).toBe(200)
    const map = body as Record<string, Record<string, unknown>>
    expect(Object.keys(map)).toHaveLength(25)
    expect(map.KZN0001).toMatchObject({ Name: 'Казань, ПВЗ №1', Address: 'ул. Тестовая, д. 1', City: 'Казань', AddressComment: 'Вход со двора' })
    expect(map.KZN0003?.AddressComment).toBe('Вход со двора. Ближайшая станция: Станция 3')
  })

  it('says there are no СДЭК points in a city СДЭК does not serve, and remembers it', async () => {
    const { status, body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'anadyr', type: 'sdek' })
    expect(status).toBe(200)
    expect(body.points).toEqual([])
    expect(body.message).toBe(DELIVERY_MESSAGES.noSdekPoints)
    const [row] = await db().select().from(carrierCities).where(eq(carrierCities.cityCode, 'anadyr'))
    expect(row).toMatchObject({ carrier: 'cdek', carrierCityCode: null, lastError: '' })
    expect(row?.pointsRefreshedAt).not.toBeNull()
  })
})

describe('a city found at СДЭК by its FIAS id (ADR 196)', () => {
  const cityCalls = () => fake.log.filter((l) => l.path.startsWith('/location/cities')).map((l) => l.path)

  it('finds a city by its FIAS id where СДЭК names it otherwise, keeps the code, and falls back to the name', async () => {
    const [pushkino] = await db().select().from(cities).where(eq(cities.fiasId, '7f22cfa4-34fa-4fa0-bcb0-620cd8402cfa'))
    expect(pushkino).toBeDefined()
    await db().delete(carrierCities).where(eq(carrierCities.cityCode, pushkino!.code))
    const before = cityCalls().length
    expect(await refreshCarrierCity('cdek', pushkino!.code)).toMatchObject({ status: 'refreshed', points: 3 })
    expect(cityCalls().slice(before)).toEqual([expect.stringContaining('fias_guid=7f22cfa4-34fa-4fa0-bcb0-620cd8402cfa')])
    const [row] = await db().select().from(carrierCities).where(eq(carrierCities.cityCode, pushkino!.code))
    expect(row?.carrierCityCode).toBe('506')
    // Kept in carrier_cities: the next refresh asks СДЭК for the points only.
    const kept = cityCalls().length
    expect(await refreshCarrierCity('cdek', pushkino!.code)).toMatchObject({ status: 'refreshed', points: 3 })
    expect(cityCalls().length).toBe(kept)

    // СДЭК knows no FIAS id for Kazan here: the name and the region find it (negative control of the FIAS path).
    await db().delete(carrierCities).where(eq(carrierCities.cityCode, 'kazan'))
    const k = cityCalls().length
    expect(await refreshCarrierCity('cdek', 'kazan')).toMatchObject({ status: 'refreshed', points: 25 })
    expect(cityCalls().slice(k)).toEqual([expect.stringContaining('fias_guid='), expect.stringContaining('city=')])
    expect((await db().select().from(carrierCities).where(eq(carrierCities.cityCode, 'kazan')))[0]?.carrierCityCode).toBe('424')
  })
})

describe('СДЭК prices: POST /calculator/tarifflist for the order’s parcel', () => {
  it('prices a point with the cheapest склад-склад tariff for the real parcel', async () => {
    const { status, body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getInfo', type: 'sdek', id: 'MSK0001', basket, city: 'moskva' })
    expect(status).toBe(200)
    // 234 «Экономичная посылка» 255 ₽ beats 136 at 290 ₽; 3 to 5 days from Wednesday's shipment.
    expect(body).toMatchObject({ id: 'MSK0001', price: 255, shipmentDate: '04.03.2026', deliveryFrom: '07.03.2026', deliveryTo: '09.03.2026', warning: false })
    const request = fake.log.filter((l) => l.path === '/calculator/tarifflist').at(-1)?.body
    expect(request).toMatchObject({ from_location: { code: 44 }, to_location: { code: 44 }, packages: [{ weight: 400, length: 10, width: 10, height: 10 }] })
  })

  it('lists СДЭК at checkout at the calculator price, free from the service’s threshold', async () => {
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
    expect(options.find((o) => o.id === 1)).toMatchObject({ code: 'sdek', priceKopecks: 25_500, periodText: 'от 3 до 5 дней', blocked: false })
    const dear = await listDeliveryOptions({ cityCode: 'moskva', basket: [{ ...lines[0]!, priceKopecks: 260_000 }] })
    expect(dear.find((o) => o.id === 1)?.priceKopecks).toBe(0)
  })

  it('sends the spec’s defaults (100 g, 100 mm) for lines without weight or sizes', async () => {
    await listDeliveryOptions({ cityCode: 'kazan', basket: [{ name: 'Без веса', quantity: 3 }] })
    const request = fake.log.filter((l) => l.path === '/calculator/tarifflist').at(-1)?.body
    // 3 × 100 g; 3 × 1 000 cm³ = a cube of 15 cm (3 000 cm³ rounded up to whole centimetres).
    expect(request).toMatchObject({ to_location: { code: 424 }, packages: [{ weight: 300, length: 15, width: 15, height: 15 }] })
  })

  it('quotes the chosen point at save, and inside a transaction uses the kept quote without calling СДЭК', async () => {
    const quote = await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'MSK0001', basket: lines })
    expect(quote).toMatchObject({ ok: true, priceKopecks: 25_500 })
    const calls = fake.calls('/calculator/tarifflist')
    const choice = await db().transaction((tx) => orderDeliveryChoice(tx, { deliveryId: 1, cityCode: 'moskva', pointId: 'MSK0001', basket: lines }))
    expect(choice).toMatchObject({ ok: true, priceKopecks: 25_500, props: { MICRO_HANDLER: 'sdek', MICRO_POINT_ID: 'MSK0001', MICRO_TYPE: 'PVZ', PROP_ADDRESS: 'ул. Тестовая, д. 1' } })
    const unknownParcel = await db().transaction((tx) =>
      orderDeliveryChoice(tx, { deliveryId: 1, cityCode: 'moskva', pointId: 'MSK0001', basket: [{ ...lines[0]!, quantity: 7 }] }),
    )
    expect(unknownParcel).toEqual({ ok: false, message: DELIVERY_MESSAGES.pointUnavailable })
    expect(fake.calls('/calculator/tarifflist')).toBe(calls)
  })

  it('refuses payment on receipt at a point that takes none, and a point of another city', async () => {
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'MSK0004', basket: lines, postPay: true })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.prepayOnly,
    })
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'KZN0001', basket: lines })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.pointUnavailable,
    })
  })
})

describe('СДЭК down: the others still answer', () => {
  it('answering 503: no СДЭК option, the other methods offered, the point detail gives the spec’s message', async () => {
    advance(61 * MINUTE) // past the kept quotes
    fake.mode = 'down'
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
    expect(options.map((o) => o.code)).not.toContain('sdek')
    expect(options.map((o) => o.id)).toEqual(expect.arrayContaining([2, 3, 4]))
    const info = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getInfo', type: 'sdek', id: 'MSK0001', basket })
    expect(info.status).toBe(404)
    expect(info.body).toEqual({ id: null, warning: true, error: DELIVERY_MESSAGES.pointUnavailable })
    // The points come from our table: the map still shows them.
    const points = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'sdek' })
    expect((points.body.points as unknown[]).length).toBeGreaterThan(1000)
    expect(await quoteDeliveryChoice(db(), { deliveryId: 1, cityCode: 'moskva', pointId: 'MSK0001', basket: lines })).toEqual({
      ok: false,
      message: DELIVERY_MESSAGES.pointUnavailable,
    })
  })

  it('after a failure, the next half minute does not call СДЭК at all; then it tries again', async () => {
    advance(61 * MINUTE)
    fake.mode = 'down'
    await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
    const calls = fake.log.length
    await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
    expect(fake.log.length).toBe(calls)
    advance(31_000)
    fake.mode = 'ok'
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
    expect(options.find((o) => o.id === 1)?.priceKopecks).toBe(25_500)
  })

  it('not answering at all: the buyer gets the same answers when the time limit ends', async () => {
    advance(61 * MINUTE)
    setCdekLimits({ quoteTimeoutMs: 300 })
    fake.mode = 'hang'
    const options = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
    expect(options.map((o) => o.id)).toEqual(expect.arrayContaining([2, 3, 4]))
    expect(options.map((o) => o.id)).not.toContain(1)
    const info = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getInfo', type: 'sdek', id: 'MSK0001', basket })
    expect(info.body).toMatchObject({ id: null, error: DELIVERY_MESSAGES.pointUnavailable })
  })
})

describe('СДЭК down on a city’s first load', () => {
  it('answers the spec’s no-points message when the time limit ends, and does not wait again for half a minute', async () => {
    advance(61 * MINUTE)
    setCdekLimits({ firstLoadTimeoutMs: 300 })
    fake.mode = 'hang'
    const first = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'sankt-peterburg', type: 'sdek' })
    expect(first.body).toMatchObject({ points: [], message: DELIVERY_MESSAGES.noSdekPoints })
    const calls = fake.log.length
    const options = await listDeliveryOptions({ cityCode: 'sankt-peterburg', basket: lines })
    expect(options.map((o) => o.id)).not.toContain(1)
    expect(options.length).toBeGreaterThan(0)
    expect(fake.log.length).toBe(calls)
    advance(31_000)
    fake.mode = 'ok'
    const later = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'sankt-peterburg', type: 'sdek' })
    expect((later.body.points as unknown[]).length).toBe(40)
  })
})

describe('СДЭК points refresh', () => {
  it('daily: refreshes cities over a day old, keeps the points when СДЭК fails, retires the points it dropped', async () => {
    advance(25 * 3_600_000)
    fake.removed.add('MSK0002')
    fake.mode = 'down'
    const failed = await refreshDueCarrierPoints()
    expect(failed.cdek?.length).toBeGreaterThan(0)
    expect(failed.cdek?.every((o) => o.status === 'failed')).toBe(true)
    const [kept] = await db().select().from(carrierPoints).where(eq(carrierPoints.code, 'MSK0002'))
    expect(kept?.active).toBe(true)
    const [city] = await db().select().from(carrierCities).where(eq(carrierCities.cityCode, 'moskva'))
    expect(city?.lastError).toContain('503')

    fake.mode = 'ok'
    const done = await refreshDueCarrierPoints()
    expect(done.cdek).toEqual(expect.arrayContaining([{ city: 'moskva', status: 'refreshed', points: 1100 - 11 - 1, skipped: 11 }]))
    const [gone] = await db().select().from(carrierPoints).where(eq(carrierPoints.code, 'MSK0002'))
    expect(gone?.active).toBe(false)
    const info = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getInfo', type: 'sdek', id: 'MSK0002', basket })
    expect(info.body).toMatchObject({ id: null, error: DELIVERY_MESSAGES.pointUnavailable })
    expect((await refreshDueCarrierPoints()).cdek).toEqual([])
  }, 120_000)

  it('on demand, for the back office: one city now', async () => {
    const before = fake.calls('/deliverypoints')
    expect(await refreshCarrierCity('cdek', 'kazan')).toEqual({ city: 'kazan', status: 'refreshed', points: 25, skipped: 0 })
    expect(fake.calls('/deliverypoints')).toBe(before + 1)
    expect(await refreshCarrierCity('cdek', 'atlantida')).toBeNull()
  })

  it('two instances: a city’s refresh is taken by one until its claim goes stale', async () => {
    const at = clock()
    const stale = new Date(at.getTime() - 10 * MINUTE)
    expect(await claimRefresh(db(), 'cdek', 'kazan', at, stale)).toBe(true)
    expect(await claimRefresh(db(), 'cdek', 'kazan', at, stale)).toBe(false)
    expect(await refreshCarrierCity('cdek', 'kazan')).toEqual({ city: 'kazan', status: 'busy' })
    const later = new Date(at.getTime() + 11 * MINUTE)
    expect(await claimRefresh(db(), 'cdek', 'kazan', later, new Date(later.getTime() - 10 * MINUTE))).toBe(true)
  })
})

describe('СДЭК without keys', () => {
  it('keeps the built-in points and prices and never calls СДЭК', async () => {
    vi.stubEnv('CDEK_CLIENT_SECRET', '')
    reloadEnv()
    try {
      const calls = fake.log.length
      const { body } = await call(pvz, '/ajax/VuePvzComponent/', { action: 'getPoints', city: 'moskva', type: 'sdek' })
      expect((body.points as { id: string }[])[0]?.id).toMatch(/^SDK-MOSKVA-/)
      const options = await listDeliveryOptions({ cityCode: 'moskva', basket: lines })
      expect(options.find((o) => o.id === 1)?.priceKopecks).toBe(19_900)
      expect(fake.log.length).toBe(calls)
      expect(() => cdekClient()).toThrow(CdekError)
    } finally {
      vi.stubEnv('CDEK_CLIENT_SECRET', FAKE_CDEK_KEYS.clientSecret)
      reloadEnv()
    }
  })
})
