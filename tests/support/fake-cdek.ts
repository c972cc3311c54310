/**
 * A local stand-in for СДЭК API v2, written from СДЭК's documented wire format (api-docs.cdek.ru;
 * summary in the project's integrations notes), for the carrier module's tests and bench (ADR 176):
 * - POST /v2/oauth/token, form grant_type=client_credentials&client_id&client_secret
 *   → {access_token, token_type: 'bearer', expires_in, scope, jti}; wrong keys → 401.
 * - Every other call needs `Authorization: Bearer <token>`; an unknown or revoked token → 401.
 * - GET /v2/location/cities?city&country_codes, or ?fias_guid → [{code, city, fias_guid, region, country_code, …}].
 * - GET /v2/deliverypoints?city_code&type → [{code, name, type, location{city_code, latitude,
 *   longitude, address, address_full}, work_time, phones[{number}], have_cash, have_cashless,
 *   allowed_cod, is_handout, weight_min, weight_max (kg), …}].
 * - POST /v2/calculator/tarifflist {type, from_location{code}, to_location{code}, packages[{weight (g),
 *   length, width, height (cm)}]} → {tariff_codes[{tariff_code, tariff_name, delivery_mode, delivery_sum,
 *   period_min, period_max}]}.
 * - POST /v2/orders → 202 {entity{uuid}, requests[{request_uuid, type: 'CREATE', state: 'ACCEPTED'}]};
 *   GET /v2/orders/{uuid} → {entity{uuid, number, cdek_number, statuses[{code, name, date_time, city}]},
 *   requests[{type: 'CREATE', state: SUCCESSFUL | INVALID, errors}]}. A POST /orders without the fields
 *   СДЭК requires (tariff, recipient's name and phone, packages with items, shipment and delivery point)
 *   → 400 with the CREATE request INVALID. `setStatus` moves an order on as СДЭК would; the test then
 *   sends our webhook route the ORDER_STATUS body СДЭК posts ({type, uuid, attributes{…}}).
 * `mode` makes it fail on demand: 'down' answers 503 to everything, 'hang' never answers; `dropNext`
 * closes the connection of the next requests without an answer.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_CDEK_KEYS = { clientId: 'test-client-id', clientSecret: 'test-client-secret' } as const

export interface FakeCdekCity {
  code: number
  city: string
  region: string
  /** Points generated for the city. */
  points: number
  lat: number
  lon: number
  /** The city's FIAS id (fias_guid), as СДЭК's location/cities gives it. */
  fias?: string
}

export const FAKE_CDEK_CITIES: FakeCdekCity[] = [
  { code: 44, city: 'Москва', region: 'Москва', points: 1100, lat: 55.7558, lon: 37.6173, fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5' },
  { code: 137, city: 'Санкт-Петербург', region: 'Санкт-Петербург', points: 40, lat: 59.9386, lon: 30.3141, fias: 'c2deb16a-0330-4f05-821f-1d09c93331e6' },
  // Kazan without its FIAS id here: the name is the fallback.
  { code: 424, city: 'Казань', region: 'Республика Татарстан', points: 25, lat: 55.7963, lon: 49.1088 },
  // СДЭК's name differs from ours («Пушкино»): only the FIAS id finds it.
  { code: 506, city: 'Пушкино (Пушкинский р-н)', region: 'Московская область', points: 3, lat: 56.0104, lon: 37.8471, fias: '7f22cfa4-34fa-4fa0-bcb0-620cd8402cfa' },
]

export interface FakeCdekOrder {
  uuid: string
  body: Record<string, unknown>
  cdekNumber: string | null
  statuses: { code: string; name: string; date_time: string; city: string }[]
  /** СДЭК's asynchronous check refused the order: GET answers the CREATE request INVALID with this error. */
  invalid?: string
}

export interface FakeCdek {
  url: string
  mode: 'ok' | 'down' | 'hang'
  /** The next this many requests get their connection closed without an answer (a stale keep-alive socket). */
  dropNext: number
  /** Token lifetime in seconds, as expires_in answers it. */
  expiresIn: number
  /** Every request, in order: method and path (with query). */
  log: { method: string; path: string; body: unknown }[]
  tokensIssued: number
  /** Forgets every issued token: the next call with one gets a 401. */
  revokeTokens(): void
  /** Points left out of a city's list from now on (their codes). */
  removed: Set<string>
  orders: Map<string, FakeCdekOrder>
  /** Adds a status (newest) to an order, and its track number once СДЭК has accepted it. */
  setStatus(uuid: string, code: string, dateTime: string, cdekNumber?: string): void
  calls(path: string): number
  close(): Promise<void>
}

function pointsOf(city: FakeCdekCity, removed: Set<string>): unknown[] {
  const prefix = city.city === 'Москва' ? 'MSK' : city.city === 'Казань' ? 'KZN' : 'SPB'
  const out: unknown[] = []
  for (let i = 1; i <= city.points; i++) {
    const code = `${prefix}${String(i).padStart(4, '0')}`
    if (removed.has(code)) continue
    const postamat = i % 4 === 0
    // A deterministic spread of about 20 km around the centre.
    const dLat = (((i * 7919) % 1000) / 1000 - 0.5) * 0.3
    const dLon = (((i * 104729) % 1000) / 1000 - 0.5) * 0.5
    out.push({
      code,
      name: `${city.city}, ${postamat ? 'Постамат' : 'ПВЗ'} №${i}`,
      uuid: randomUUID(),
      address_comment: postamat ? 'В торговом центре, первый этаж' : 'Вход со двора',
      nearest_station: i % 3 === 0 ? `Станция ${i % 50}` : undefined,
      work_time: postamat ? 'Пн-Вс 00:00-23:59' : 'Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00',
      phones: [{ number: `+7495${String(1000000 + i).slice(-7)}` }],
      email: 'pvz@example.ru',
      type: postamat ? 'POSTAMAT' : 'PVZ',
      owner_code: 'cdek',
      take_only: false,
      is_handout: i % 97 !== 0,
      is_reception: true,
      is_dressing_room: !postamat,
      have_cashless: !postamat || i % 8 === 0,
      have_cash: !postamat,
      allowed_cod: !postamat && i % 13 !== 0,
      weight_min: 0,
      weight_max: postamat ? 20 : 30,
      location: {
        country_code: 'RU',
        region_code: 81,
        region: city.region,
        city_code: city.code,
        city: city.city,
        fias_guid: randomUUID(),
        postal_code: '101000',
        longitude: Number((city.lon + dLon).toFixed(6)),
        latitude: Number((city.lat + dLat).toFixed(6)),
        address: `ул. Тестовая, д. ${i}`,
        address_full: `${city.region}, ${city.city}, ул. Тестовая, д. ${i}`,
      },
    })
  }
  return out
}

/** Documented-looking tariffs: 136/234 склад-склад (mode 4), 137/233 склад-дверь (mode 3), 368 склад-постамат (7). */
function tariffs(packages: { weight: number; length: number; width: number; height: number }[], to: number) {
  const grams = packages.reduce((s, p) => s + Math.max(p.weight, (p.length * p.width * p.height) / 5), 0)
  const kg = Math.max(1, Math.ceil(grams / 1000))
  const far = to === 44 ? 0 : 1
  return [
    { tariff_code: 136, tariff_name: 'Посылка склад-склад', tariff_description: '', delivery_mode: 4, delivery_sum: 250 + 40 * kg + 100 * far, period_min: 1 + far, period_max: 2 + far },
    { tariff_code: 234, tariff_name: 'Экономичная посылка склад-склад', tariff_description: '', delivery_mode: 4, delivery_sum: 210 + 45 * kg + 100 * far, period_min: 3 + far, period_max: 5 + far },
    { tariff_code: 137, tariff_name: 'Посылка склад-дверь', tariff_description: '', delivery_mode: 3, delivery_sum: 390.5 + 50 * kg + 120 * far, period_min: 1 + far, period_max: 2 + far },
    // Dearer than 137 for a light parcel, cheaper from 8 kg: which door tariff is cheapest depends on the box.
    { tariff_code: 233, tariff_name: 'Экономичная посылка склад-дверь', tariff_description: '', delivery_mode: 3, delivery_sum: 430 + 45 * kg + 120 * far, period_min: 3 + far, period_max: 5 + far },
    { tariff_code: 368, tariff_name: 'Посылка склад-постамат', tariff_description: '', delivery_mode: 7, delivery_sum: 200 + 40 * kg, period_min: 2, period_max: 3 },
  ]
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' })
  res.end(JSON.stringify(body))
}

export async function startFakeCdek(cities: FakeCdekCity[] = FAKE_CDEK_CITIES): Promise<FakeCdek> {
  const tokens = new Set<string>()
  const hanging = new Set<ServerResponse>()
  const state: Omit<FakeCdek, 'url' | 'close'> = {
    mode: 'ok',
    dropNext: 0,
    expiresIn: 3600,
    log: [],
    tokensIssued: 0,
    revokeTokens: () => tokens.clear(),
    removed: new Set(),
    orders: new Map(),
    calls: (path) => state.log.filter((l) => l.path.split('?')[0] === path).length,
    setStatus: (uuid, code, dateTime, cdekNumber) => {
      const order = state.orders.get(uuid)
      if (!order) throw new Error(`fake СДЭК: no order ${uuid}`)
      // СДЭК lists the newest status first.
      order.statuses.unshift({ code, name: code, date_time: dateTime, city: 'Москва' })
      if (cdekNumber) order.cdekNumber = cdekNumber
    },
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req)
      const url = new URL(req.url ?? '/', 'http://fake')
      const path = url.pathname.replace(/^\/v2/, '')
      let body: unknown = raw
      try {
        body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw
      } catch {
        body = raw
      }
      state.log.push({ method: req.method ?? '', path: `${path}${url.search}`, body })
      if (state.dropNext > 0) {
        state.dropNext -= 1
        req.socket.destroy()
        return
      }
      if (state.mode === 'hang') {
        hanging.add(res)
        return
      }
      if (state.mode === 'down') return send(res, 503, { errors: [{ code: 'v2_internal_error', message: 'Service unavailable' }] })

      if (req.method === 'POST' && path === '/oauth/token') {
        const form = new URLSearchParams(raw)
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== FAKE_CDEK_KEYS.clientId || form.get('client_secret') !== FAKE_CDEK_KEYS.clientSecret) {
          return send(res, 401, { error: 'invalid_client', error_description: 'Bad credentials' })
        }
        const token = `tok-${++state.tokensIssued}-${randomUUID()}`
        tokens.add(token)
        return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: state.expiresIn, scope: 'order:all payment:all', jti: randomUUID() })
      }
      const auth = req.headers.authorization ?? ''
      if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
        return send(res, 401, { requests: [{ errors: [{ code: 'v2_token_expired', message: 'Token expired' }] }] })
      }
      if (req.method === 'GET' && path === '/location/cities') {
        const name = (url.searchParams.get('city') ?? '').toLowerCase()
        const fias = url.searchParams.get('fias_guid')
        return send(
          res,
          200,
          cities
            .filter((c) => (fias ? c.fias === fias : c.city.toLowerCase() === name))
            .map((c) => ({ code: c.code, city: c.city, ...(c.fias ? { fias_guid: c.fias } : {}), country_code: 'RU', country: 'Россия', region: c.region, region_code: 81, longitude: c.lon, latitude: c.lat })),
        )
      }
      if (req.method === 'GET' && path === '/deliverypoints') {
        const city = cities.find((c) => String(c.code) === url.searchParams.get('city_code'))
        return send(res, 200, city ? pointsOf(city, state.removed) : [])
      }
      if (req.method === 'POST' && path === '/calculator/tarifflist') {
        const b = body as { to_location?: { code?: number }; packages?: { weight: number; length: number; width: number; height: number }[] }
        if (!b.packages?.length || !b.to_location?.code) return send(res, 400, { errors: [{ code: 'v2_field_is_empty', message: 'packages is empty' }] })
        if (b.packages.some((p) => p.weight > 30_000)) return send(res, 200, { tariff_codes: [], errors: [{ code: 'ERR_WEIGHT_LIMIT', message: 'Превышен вес' }] })
        return send(res, 200, { tariff_codes: tariffs(b.packages, b.to_location.code) })
      }
      if (req.method === 'POST' && path === '/orders') {
        // The fields СДЭК requires of an online shop's order (type 1) from an office to a point.
        const o = body as { type?: number; tariff_code?: number; recipient?: { name?: string; phones?: { number?: string }[] }; packages?: { weight?: number; items?: unknown[] }[]; shipment_point?: string; from_location?: unknown; delivery_point?: string; to_location?: { code?: number; fias_guid?: string; postal_code?: string; address?: string } }
        const missing = [
          !o.tariff_code && 'tariff_code',
          !o.recipient?.name && 'recipient.name',
          !o.recipient?.phones?.[0]?.number && 'recipient.phones',
          !o.packages?.length && 'packages',
          o.type === 1 && o.packages?.some((p) => !p.items?.length) && 'packages.items',
          !o.shipment_point && !o.from_location && 'shipment_point',
          !o.delivery_point && !o.to_location && 'delivery_point',
          // A door delivery: the address, and the city by its code, FIAS id or postcode.
          o.to_location && !o.to_location.address && 'to_location.address',
          o.to_location && !o.to_location.code && !o.to_location.fias_guid && !o.to_location.postal_code && 'to_location.code',
        ].filter(Boolean)
        if (missing.length) return send(res, 400, { requests: [{ type: 'CREATE', state: 'INVALID', errors: missing.map((m) => ({ code: 'v2_field_is_empty', message: `${String(m)} is empty` })) }] })
        const uuid = randomUUID()
        state.orders.set(uuid, { uuid, body: body as Record<string, unknown>, cdekNumber: null, statuses: [{ code: 'ACCEPTED', name: 'Принят', date_time: '2026-03-04T10:00:00+0300', city: 'Москва' }] })
        return send(res, 202, { entity: { uuid }, requests: [{ request_uuid: randomUUID(), type: 'CREATE', date_time: '2026-03-04T10:00:00+0300', state: 'ACCEPTED', errors: [], warnings: [] }] })
      }
      const order = req.method === 'GET' ? /^\/orders\/([0-9a-f-]{36})$/.exec(path) : null
      if (order) {
        const found = state.orders.get(order[1]!)
        if (!found) return send(res, 404, { requests: [{ state: 'INVALID', errors: [{ code: 'v2_entity_not_found', message: 'Order not found' }] }] })
        return send(res, 200, {
          entity: { uuid: found.uuid, number: (found.body as { number?: string }).number, cdek_number: found.cdekNumber, statuses: found.statuses },
          requests: [
            found.invalid
              ? { request_uuid: randomUUID(), type: 'CREATE', state: 'INVALID', errors: [{ code: 'v2_invalid_value', message: found.invalid }] }
              : { request_uuid: randomUUID(), type: 'CREATE', state: 'SUCCESSFUL', errors: [] },
          ],
        })
      }
      return send(res, 404, { errors: [{ code: 'v2_not_found', message: `No route ${path}` }] })
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v2`,
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}
