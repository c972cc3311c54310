import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { POST as getAddress } from '@/app/ajax/getAddress/route'
import { POST as courier } from '@/app/ajax/VueCourierComponent/route'
import { cityOfVisitor } from '@/domains/delivery/places.server'
import { formPost, newVisitor } from '../../../tests/support/http'
import { setAddressService, setClock } from '../../../tests/support/test-hooks'
import { withFallback } from './address.server'
import { dadataAddressService, untilMoscowMidnight } from './dadata.server'

/**
 * A local DaData written from its documented wire format (dadata.ru/api/suggest/address,
 * dadata.ru/api/iplocate): POST …/suggest/address {query, count, locations, from_bound} →
 * {suggestions: [{value, unrestricted_value, data}]}; GET …/iplocate/address?ip= → {location: … | null};
 * `Authorization: Token <key>`; 403 once the day's requests are spent.
 */
const KEY = 'test-dadata-key'
const MOSCOW = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5'
const KAZAN = '93b3df57-4c89-44df-ac42-96f05e9cd3b9'
const TATARSTAN = '0c089b04-099e-4e0e-955a-6bf1ce525f1a'

type Data = Record<string, string | null>
const moscow = (street: string, house: string | null): { value: string; data: Data } => ({
  value: `г Москва, ${street}${house ? `, д ${house}` : ''}`,
  data: { region_fias_id: MOSCOW, city: 'Москва', city_fias_id: MOSCOW, street, house, fias_level: house ? '8' : '7' },
})
const kazan = (street: string, house: string | null): { value: string; data: Data } => ({
  value: `г Казань, ${street}${house ? `, д ${house}` : ''}`,
  data: { region_fias_id: TATARSTAN, city: 'Казань', city_fias_id: KAZAN, street, house, fias_level: house ? '8' : '7' },
})
const ADDRESSES = [
  moscow('ул Тверская', null),
  moscow('ул Тверская', '7'),
  moscow('ул Тверская', '9'),
  moscow('ул Тверская-Ямская 1-я', null),
  kazan('ул Тверская', null),
  kazan('ул Баумана', null),
  kazan('ул Баумана', '19'),
]
const IPS: Record<string, Data | null> = {
  '46.226.227.20': { city: 'Казань', city_fias_id: KAZAN, region_fias_id: TATARSTAN, fias_id: KAZAN, fias_level: '4' },
  '8.8.8.8': null,
}

const SKIP = new Set(['г', 'ул', 'д', 'дом'])
const words = (text: string) => text.toLowerCase().replace(/ё/g, 'е').replace(/[^a-zа-я0-9-]+/g, ' ').split(' ').filter((w) => w && !SKIP.has(w))

/** What the fake was asked: method, path and the parsed body; and how it should answer next. */
let calls: { method: string; path: string; auth: string | undefined; body: unknown }[] = []
let mode: 'ok' | '503' | '403' = 'ok'
let server: Server
let baseUrl = ''

async function readBody(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const raw = await readBody(req)
      const body: unknown = raw ? JSON.parse(raw) : null
      calls.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization, body })
      res.setHeader('content-type', 'application/json')
      if (req.headers.authorization !== `Token ${KEY}`) return void res.writeHead(401).end('{"message":"Unauthorized"}')
      if (mode !== 'ok') return void res.writeHead(Number(mode)).end('{"message":"error"}')
      if (req.method === 'POST' && url.pathname === '/suggest/address') {
        const { query, count, locations } = body as { query: string; count: number; locations: Data[] }
        const wanted = words(query)
        const found = ADDRESSES.filter((a) => locations.some((l) => Object.entries(l).every(([k, v]) => a.data[k] === v)))
          .filter((a) => wanted.every((w) => words(a.value).some((v) => v.startsWith(w))))
          .slice(0, count)
          .map((a) => ({ value: a.value, unrestricted_value: a.value, data: a.data }))
        return void res.end(JSON.stringify({ suggestions: found }))
      }
      if (req.method === 'GET' && url.pathname === '/iplocate/address') {
        const data = IPS[url.searchParams.get('ip') ?? '']
        return void res.end(JSON.stringify({ location: data ? { value: `г ${data.city}`, unrestricted_value: `г ${data.city}`, data } : null }))
      }
      res.writeHead(404).end('{}')
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let dadata: ReturnType<typeof dadataAddressService>
beforeEach(() => {
  calls = []
  mode = 'ok'
  dadata = dadataAddressService({ apiKey: KEY, baseUrl })
  setAddressService(withFallback(dadata))
})
afterEach(() => {
  setAddressService(null)
  setClock(null)
})

const visitor = newVisitor()
async function call(handler: (r: Request) => Promise<Response>, url: string, fields: Record<string, string>) {
  const res = await handler(formPost(url, fields, visitor))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const basket = JSON.stringify([{ name: 'Омега-3', id: 12, price: 990, quantity: 2, weight: 200 }])
const courierFields = { type: 'courier', city: 'moskva', postPay: 'N', basket }

describe('POST /ajax/getAddress/ with DaData', () => {
  it("asks DaData within the chosen city's FIAS id and marks house-level suggestions complete", async () => {
    const { status, body } = await call(getAddress, '/ajax/getAddress/', { CITY: 'moskva', ADDRESS: 'Тверская' })
    expect(status).toBe(200)
    expect(body.suggestions).toEqual([
      { value: 'г Москва, ул Тверская', complete: false },
      { value: 'г Москва, ул Тверская, д 7', complete: true },
      { value: 'г Москва, ул Тверская, д 9', complete: true },
      { value: 'г Москва, ул Тверская-Ямская 1-я', complete: false },
    ])
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/suggest/address',
        auth: `Token ${KEY}`,
        // Moscow is a federal city: FIAS level 1, so the filter is its region id.
        body: { query: 'Тверская', count: 10, locations: [{ region_fias_id: MOSCOW }], restrict_value: false, from_bound: { value: 'street' } },
      },
    ])
    const inKazan = await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Тверская' })
    expect(inKazan.body.suggestions).toEqual([{ value: 'г Казань, ул Тверская', complete: false }])
    expect(calls[1]?.body).toMatchObject({ locations: [{ city_fias_id: KAZAN }] })
  })

  it("answers 'Адрес не найден…' when DaData finds nothing in the city", async () => {
    const { body } = await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Несуществующая' })
    expect(body).toEqual({ suggestions: [], message: 'Адрес не найден, проверьте правильность написания' })
  })

  it('asks DaData once for a repeated query (cached), and again for a new one', async () => {
    await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Баумана' })
    const again = await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: ' баумана ' })
    expect(again.body.suggestions).toEqual([
      { value: 'г Казань, ул Баумана', complete: false },
      { value: 'г Казань, ул Баумана, д 19', complete: true },
    ])
    expect(calls).toHaveLength(1)
    await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Баумана 19' })
    expect(calls).toHaveLength(2)
    expect(dadata.requests()).toBe(2)
  })
})

describe('POST /ajax/VueCourierComponent/ with DaData', () => {
  it('takes a suggested full address without asking again, and refuses a street without a house', async () => {
    await call(getAddress, '/ajax/getAddress/', { CITY: 'moskva', ADDRESS: 'Тверская' })
    const full = await call(courier, '/ajax/VueCourierComponent/', { ...courierFields, address: 'г Москва, ул Тверская, д 7' })
    expect(full.status).toBe(200)
    expect(full.body.address).toBe('г Москва, ул Тверская, д 7')
    expect((full.body.couriers as unknown[]).length).toBeGreaterThan(0)
    expect(calls).toHaveLength(1)
    const street = await call(courier, '/ajax/VueCourierComponent/', { ...courierFields, address: 'г Москва, ул Тверская' })
    expect([street.status, street.body.error]).toEqual([400, 'Введите полный адрес для доставки'])
    const unknown = await call(courier, '/ajax/VueCourierComponent/', { ...courierFields, address: 'Несуществующая 5' })
    expect([unknown.status, unknown.body.error]).toEqual([400, 'Адрес не найден, проверьте правильность написания'])
  })
})

describe('DaData down', () => {
  it('the form still works with free text, and DaData is left alone for a minute', async () => {
    mode = '503'
    const t0 = new Date('2026-03-04T07:00:00Z')
    setClock(() => t0)
    const { status, body } = await call(getAddress, '/ajax/getAddress/', { CITY: 'moskva', ADDRESS: 'ул Тверская, 7' })
    expect(status).toBe(200)
    expect(body.suggestions).toEqual([{ value: 'г Москва, ул Тверская, 7', complete: true }])
    const full = await call(courier, '/ajax/VueCourierComponent/', { ...courierFields, address: 'г Москва, ул Тверская, 7' })
    expect(full.status).toBe(200)
    expect(full.body.address).toBe('г Москва, ул Тверская, 7')
    // The first failure paused the service: the courier call did not reach DaData.
    expect(calls).toHaveLength(1)
    mode = 'ok'
    setClock(() => new Date(t0.getTime() + 61_000))
    const back = await call(getAddress, '/ajax/getAddress/', { CITY: 'moskva', ADDRESS: 'ул Тверская, 7' })
    expect(back.body.suggestions).toEqual([{ value: 'г Москва, ул Тверская, д 7', complete: true }])
    expect(calls).toHaveLength(2)
  })

  it('an unreachable DaData (nothing listening) is down too, not an error for the buyer', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    setAddressService(withFallback(dadataAddressService({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}` })))
    const { status, body } = await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Баумана' })
    expect(status).toBe(200)
    expect(body.suggestions).toEqual([{ value: 'г Казань, Баумана', complete: false }])
  })

  it('after 403 (the day’s requests spent) waits for Moscow midnight', async () => {
    mode = '403'
    // 23:30 in Moscow: half an hour to go.
    const t0 = new Date('2026-03-04T20:30:00Z')
    expect(untilMoscowMidnight(t0)).toBe(30 * 60_000)
    setClock(() => t0)
    await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Баумана' })
    mode = 'ok'
    setClock(() => new Date(t0.getTime() + 29 * 60_000))
    await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Баумана' })
    expect(calls).toHaveLength(1)
    setClock(() => new Date(t0.getTime() + 31 * 60_000))
    const next = await call(getAddress, '/ajax/getAddress/', { CITY: 'kazan', ADDRESS: 'Баумана' })
    expect(next.body.suggestions).toEqual([
      { value: 'г Казань, ул Баумана', complete: false },
      { value: 'г Казань, ул Баумана, д 19', complete: true },
    ])
    expect(calls).toHaveLength(2)
  })
})

describe('city by IP (iplocate)', () => {
  it("finds the visitor's city by its FIAS id, once per address", async () => {
    expect((await cityOfVisitor('46.226.227.20'))?.code).toBe('kazan')
    expect((await cityOfVisitor('46.226.227.20'))?.code).toBe('kazan')
    expect(calls).toEqual([{ method: 'GET', path: '/iplocate/address', auth: `Token ${KEY}`, body: null }])
  })

  it('finds nobody for an address DaData does not place, and never asks about our own network', async () => {
    expect(await cityOfVisitor('8.8.8.8')).toBeNull()
    expect(await cityOfVisitor('10.1.2.3')).toBeNull()
    expect(await cityOfVisitor('unknown')).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('finds nobody when DaData is down', async () => {
    mode = '503'
    expect(await cityOfVisitor('46.226.227.20')).toBeNull()
  })

  it('finds nobody without DaData (no key: the free-text service)', async () => {
    setAddressService(null)
    expect(await cityOfVisitor('46.226.227.20')).toBeNull()
    expect(calls).toEqual([])
  })
})
