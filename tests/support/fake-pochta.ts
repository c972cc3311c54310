/**
 * A local stand-in for Почта России, written from its documented wire formats (the project's
 * integrations notes; tariff.pochta.ru/post-calculator-api.pdf ch. 1.1; otpravka.pochta.ru/specification),
 * for the Почта России module's tests (ADR 194). One server answers both services:
 * - the public calculator: GET /v2/calculate/tariff/delivery?json&object&from&to&weight (no keys)
 *   → {id, name, from, to, weight, pay, paynds (kopecks), nds, delivery{min, max, deadline}}; an unknown
 *   object or index, or a parcel over 20 kg → 400 {errors[{msg, code}]}.
 * - otpravka, every call with `Authorization: AccessToken <token>` and `X-User-Authorization: Basic
 *   base64(login:password)`, otherwise 401 {code, desc, sub-code}:
 *   - GET /postoffice/1.0/nearby?latitude&longitude&top&search-radius&filter → the offices within the
 *     radius, nearest first, at most `top`: [{postal-code, address-source, latitude, longitude, type-code,
 *     settlement, region, is-closed, is-temporary-closed, is-private-category, working-hours[{weekday-id,
 *     begin-worktime, end-worktime}], phones[{phone-number, phone-town-code, is-fax}]}];
 *   - PUT /1.0/user/backlog [order…] → {result-ids[id]}, or for an order without a field otpravka requires
 *     (address-type-to, mail-type, mail-category, mass, index-to, order-num, recipient-name, given-name,
 *     surname, place-to, region-to, tel-address) {errors[{error-codes[{code, description}], position}]};
 *   - GET /1.0/backlog/{id} → the order as stored, while it is new (not in a batch), else 404;
 *   - GET /1.0/shipment/{id} → the order in its batch with barcode, human-operation-name, last-oper-type,
 *     last-oper-attr, last-oper-date once `setOperation` has moved it on, else 404; the type and attribute
 *     are the tracking reference's codes as strings ('8' / '2' «Прибыло в место вручения», '2' / '1'
 *     «Вручение адресату»), except otpravka's own 'ID_ASSIGNMENT' for the track number (ADR 194, 211);
 *   - GET /1.0/shipment/search?query=<order-num or barcode> → [order with barcode, human-operation-name,
 *     last-oper-type, last-oper-attr, last-oper-date] once `setOperation` has moved it on, else [].
 * `mode`: 'down' answers 503 to everything, 'hang' never answers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_POCHTA_KEYS = { token: 'test-pochta-token', login: 'shop@example.ru', password: 'pochta-secret' } as const

export interface FakePochtaCity {
  settlement: string
  region: string
  lat: number
  lon: number
  /** Offices generated for the settlement; their indices start here. */
  offices: number
  firstIndex: number
}

/** Moscow's 120 offices, Khimki's 6 just outside it (inside Moscow's search circle), Kazan's 14. */
export const FAKE_POCHTA_CITIES: FakePochtaCity[] = [
  { settlement: 'Москва', region: 'Москва', lat: 55.7558, lon: 37.6173, offices: 120, firstIndex: 101000 },
  { settlement: 'Химки', region: 'Московская область', lat: 55.897, lon: 37.4297, offices: 6, firstIndex: 141400 },
  { settlement: 'Казань', region: 'Республика Татарстан', lat: 55.7963, lon: 49.1088, offices: 14, firstIndex: 420000 },
]

export interface FakePochtaOrder {
  id: number
  body: Record<string, unknown>
  barcode: string
  /** In a batch: GET /1.0/backlog/{id} no longer finds it; the shipment search does. */
  batched: boolean
  operation: { type: string; attr: string; name: string; date: string } | null
}

export interface FakePochta {
  url: string
  mode: 'ok' | 'down' | 'hang'
  log: { method: string; path: string; body: unknown; headers: Record<string, string> }[]
  /** Offices (indices) that are temporarily closed from now on. */
  closed: Set<string>
  orders: Map<number, FakePochtaOrder>
  /** Puts the order in a batch with a barcode and gives it a last operation, as the post would. */
  setOperation(id: number, operation: { type: string; attr: string; name: string; date: string }): void
  calls(path: string): number
  close(): Promise<void>
}

interface Office {
  index: string
  lat: number
  lon: number
  city: FakePochtaCity
  n: number
}

function officesOf(city: FakePochtaCity): Office[] {
  const out: Office[] = []
  for (let n = 0; n < city.offices; n++) {
    // A deterministic spread of about 15 km around the centre (2 km for a small town).
    const spread = city.offices > 50 ? 0.25 : 0.03
    const dLat = (((n * 7919) % 1000) / 1000 - 0.5) * spread
    const dLon = (((n * 104729) % 1000) / 1000 - 0.5) * spread * 1.6
    out.push({ index: String(city.firstIndex + n), lat: Number((city.lat + dLat).toFixed(6)), lon: Number((city.lon + dLon).toFixed(6)), city, n })
  }
  return out
}

function km(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180
  const dLat = (bLat - aLat) * rad
  const dLon = (bLon - aLon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

function officeJson(o: Office, distanceKm: number, closed: Set<string>) {
  const postamat = o.n % 10 === 9
  const day = (id: number, from: string | null, to: string | null) => ({
    'weekday-id': id,
    'weekday-name': ['', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'][id],
    'begin-worktime': from,
    'end-worktime': to,
    lunches: [],
  })
  return {
    'postal-code': o.index,
    'address-source': `${o.city.settlement === 'Москва' ? '' : `${o.city.region}, `}г ${o.city.settlement}, ул Почтовая, д ${o.n + 1}`,
    distance: Math.round(distanceKm * 1000),
    district: '',
    region: o.city.region,
    settlement: o.city.settlement,
    latitude: o.lat,
    longitude: o.lon,
    'type-code': postamat ? 'ПОЧТОМАТ' : o.n === 0 ? 'ГОПС' : 'СОПС',
    'type-id': postamat ? 24 : 8,
    'ufps-code': '770',
    'is-closed': false,
    'is-private-category': o.n % 31 === 30,
    'is-temporary-closed': closed.has(o.index) || o.n % 17 === 16,
    'temporary-closed-reason': null,
    'works-on-saturdays': true,
    'works-on-sundays': postamat,
    phones: postamat ? [] : [{ 'phone-number': `${String(2000000 + o.n).slice(-7)}`, 'phone-town-code': '495', 'phone-type-name': 'Телефон', 'is-fax': false }],
    'working-hours': postamat
      ? [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, '00:00:00.000', '23:59:00.000'))
      : [
          ...[1, 2, 3, 4, 5].map((d) => day(d, '08:00:00.000', '20:00:00.000')),
          day(6, '09:00:00.000', '18:00:00.000'),
          day(7, null, null),
        ],
  }
}

/** «Посылка онлайн» in the fake: 180 ₽ + 25 ₽ per started half kilogram, 100 ₽ more outside Moscow; VAT 20 %. */
function tariff(object: number, from: string, to: string, weight: number) {
  const far = to.startsWith('10') || to.startsWith('11') || to.startsWith('12') ? 0 : 1
  const courier = object === 24030 ? 150 : 0
  const pay = (180 + 25 * Math.ceil(weight / 500) + 100 * far + courier) * 100
  return {
    caption: 'Расчет тарифов, контрольных сроков доставки',
    version: '2.13.0',
    id: object,
    name: object === 24030 ? 'Курьер онлайн обыкновенный' : 'Посылка онлайн обыкновенная',
    mailtype: object === 24030 ? 24 : 23,
    mailctg: 0,
    from: Number(from),
    to: Number(to),
    weight,
    pay,
    paynds: Math.round(pay * 1.2),
    nds: Math.round(pay * 0.2),
    ground: { val: pay, valnds: Math.round(pay * 1.2) },
    delivery: { min: 2 + far, max: 4 + 2 * far, deadline: '20260310T235900' },
  }
}

const REQUIRED = ['address-type-to', 'mail-type', 'mail-category', 'mass', 'index-to', 'order-num', 'recipient-name', 'given-name', 'surname', 'place-to', 'region-to', 'tel-address'] as const

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' })
  res.end(JSON.stringify(body))
}

export async function startFakePochta(cities: FakePochtaCity[] = FAKE_POCHTA_CITIES): Promise<FakePochta> {
  const hanging = new Set<ServerResponse>()
  const offices = cities.flatMap(officesOf)
  const basic = `Basic ${Buffer.from(`${FAKE_POCHTA_KEYS.login}:${FAKE_POCHTA_KEYS.password}`).toString('base64')}`
  let nextId = 900_000
  const state: Omit<FakePochta, 'url' | 'close'> = {
    mode: 'ok',
    log: [],
    closed: new Set(),
    orders: new Map(),
    calls: (path) => state.log.filter((l) => l.path.split('?')[0] === path).length,
    setOperation: (id, operation) => {
      const order = state.orders.get(id)
      if (!order) throw new Error(`fake Почта: no order ${id}`)
      order.batched = true
      order.barcode ||= `8010${String(id).padStart(10, '0')}`
      order.operation = operation
    },
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req)
      const url = new URL(req.url ?? '/', 'http://fake')
      const path = url.pathname
      let body: unknown = raw
      try {
        body = raw ? JSON.parse(raw) : raw
      } catch {
        body = raw
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
      state.log.push({ method: req.method ?? '', path: `${path}${url.search}`, body, headers })
      if (state.mode === 'hang') {
        hanging.add(res)
        return
      }
      if (state.mode === 'down') return send(res, 503, { code: 503, desc: 'Service Unavailable' })

      if (req.method === 'GET' && (path === '/v2/calculate/tariff/delivery' || path === '/v2/calculate/tariff')) {
        const q = url.searchParams
        const object = Number(q.get('object'))
        const from = q.get('from') ?? ''
        const to = q.get('to') ?? ''
        const weight = Number(q.get('weight'))
        if (!q.has('json')) return send(res, 400, { errors: [{ msg: 'Не указан формат ответа', code: 1000 }] })
        if (object !== 23030 && object !== 24030) return send(res, 400, { errors: [{ msg: `Неизвестный объект расчета ${object}`, code: 1301 }] })
        if (!/^\d{6}$/.test(from) || !/^\d{6}$/.test(to)) return send(res, 400, { errors: [{ msg: 'Неверный индекс', code: 1340 }] })
        if (!Number.isInteger(weight) || weight <= 0 || weight > 20_000) return send(res, 400, { errors: [{ msg: 'Вес отправления вне допустимого диапазона', code: 1351 }] })
        const answer = tariff(object, from, to, weight)
        return send(res, 200, path === '/v2/calculate/tariff' ? { ...answer, delivery: undefined } : answer)
      }

      if (req.headers.authorization !== `AccessToken ${FAKE_POCHTA_KEYS.token}` || req.headers['x-user-authorization'] !== basic) {
        return send(res, 401, { code: '1001', desc: 'Unauthorized', 'sub-code': 'UNAUTHORIZED' })
      }

      if (req.method === 'GET' && path === '/postoffice/1.0/nearby') {
        const lat = Number(url.searchParams.get('latitude'))
        const lon = Number(url.searchParams.get('longitude'))
        const top = Number(url.searchParams.get('top') ?? 3)
        const radius = Number(url.searchParams.get('search-radius') ?? 5)
        if (!Number.isFinite(lat) || !Number.isFinite(lon)) return send(res, 400, { code: '1002', desc: 'latitude and longitude are required' })
        const found = offices
          .map((o) => ({ o, d: km(lat, lon, o.lat, o.lon) }))
          .filter((x) => x.d <= radius)
          .sort((a, b) => a.d - b.d)
          .slice(0, top)
          .map((x) => officeJson(x.o, x.d, state.closed))
        return send(res, 200, found)
      }

      if (req.method === 'PUT' && path === '/1.0/user/backlog') {
        if (!Array.isArray(body)) return send(res, 400, { code: '1002', desc: 'A list of orders is expected' })
        const ids: number[] = []
        const errors: unknown[] = []
        body.forEach((item: unknown, position: number) => {
          const order = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>
          const missing = REQUIRED.filter((f) => order[f] === undefined || order[f] === null || order[f] === '')
          if (missing.length > 0) {
            errors.push({ 'error-codes': missing.map((f) => ({ code: 'EMPTY_' + f.toUpperCase().replace(/-/g, '_'), description: `Не заполнено поле ${f}` })), position })
            return
          }
          const id = ++nextId
          state.orders.set(id, { id, body: order, barcode: '', batched: false, operation: null })
          ids.push(id)
        })
        return send(res, 200, errors.length > 0 ? { errors, 'result-ids': ids } : { 'result-ids': ids })
      }

      const backlog = /^\/1\.0\/backlog\/(\d+)$/.exec(path)
      if (req.method === 'GET' && backlog) {
        const order = state.orders.get(Number(backlog[1]))
        if (!order || order.batched) return send(res, 404, { code: '1404', desc: 'Заказ не найден', 'sub-code': 'NOT_FOUND' })
        return send(res, 200, { ...order.body, id: order.id, version: 1 })
      }

      const shipment = /^\/1\.0\/shipment\/(\d+)$/.exec(path)
      if (req.method === 'GET' && shipment) {
        const order = state.orders.get(Number(shipment[1]))
        if (!order || !order.batched) return send(res, 404, { code: '1404', desc: 'Заказ не найден', 'sub-code': 'NOT_FOUND' })
        return send(res, 200, {
          ...order.body,
          id: order.id,
          barcode: order.barcode,
          'batch-name': '1',
          'human-operation-name': order.operation?.name,
          'last-oper-type': order.operation?.type,
          'last-oper-attr': order.operation?.attr,
          'last-oper-date': order.operation?.date,
        })
      }

      if (req.method === 'GET' && path === '/1.0/shipment/search') {
        const query = url.searchParams.get('query') ?? ''
        const found = [...state.orders.values()].filter((o) => o.batched && (o.barcode === query || o.body['order-num'] === query))
        return send(
          res,
          200,
          found.map((o) => ({
            ...o.body,
            id: o.id,
            barcode: o.barcode,
            'batch-name': '1',
            'human-operation-name': o.operation?.name,
            'last-oper-type': o.operation?.type,
            'last-oper-attr': o.operation?.attr,
            'last-oper-date': o.operation?.date,
          })),
        )
      }

      return send(res, 404, { code: '1404', desc: `No route ${req.method} ${path}` })
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of hanging) res.destroy()
      hanging.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}
