/**
 * A local stand-in for Boxberry's JSON API, written from Boxberry's documented wire format
 * (help.boxberry.ru; summary in the project's integrations notes), for the Boxberry module's tests
 * (ADR 193). One address, `/json.php?token=…&method=…`; a refusal is a 200 answer with `err`:
 * - a token other than FAKE_BOXBERRY_TOKEN → [{err: 'Ошибка авторизации: неверный токен'}];
 * - GET ListCities → [{Code, Name, Region, Kladr, CountryCode, Prefix, …}];
 * - GET ListPoints?CityCode&prepaid → [{Code, Name, Address, AddressReduce, Phone, WorkShedule,
 *   TripDescription, Metro, CityCode, CityName, PostCode, GPS "lat,lon", OnlyPrepaidOrders Yes|No,
 *   Acquiring Yes|No, TypeOfOffice (1 own office, 2 partner), Postamat (true|false), LoadLimit (kg),
 *   VolumeLimit, DeliveryPeriod, …}] (fields as ListPoints' documentation describes them, ADR 211); without
 *   prepaid=1 the prepaid-only points are left out, as Boxberry does;
 * - GET DeliveryCosts?weight (g)&target (point) | zip&ordersum&deliverysum&paysum&height&width&depth (cm)
 *   → {price, price_base, price_service, delivery_period}; no weight, or neither target nor zip, or an
 *   unknown point → {err}; over 15 kg → {err};
 * - POST ParselCreate, form sdata=<JSON {order_id, vid, shop{name, name1}, customer{fio, phone, email},
 *   items[], weights{weight, x, y, z}, price, payment_sum, delivery_sum}> → {track, label}; a missing
 *   required field or an order_id already taken → {err};
 * - GET CourierListCities → [{City, Region, Area, DeliveryPeriod}] (the cities with `courier`);
 * - GET ZipCheck?Zip → [{ExpressDelivery: 1|0, ZoneExpressDelivery, Remoteness}]: 1 for the postal code of a
 *   courier city; DeliveryCosts with `zip` prices only those;
 * - ParselCreate with vid 2 (courier) needs kurdost{index, citi, addressp} and no shop.name;
 * - GET ListStatuses?ImId (track or order_id) → [{Date 'YYYY-MM-DD HH:MM:SS' Moscow time, Name,
 *   Comment}], oldest first; unknown → [{err}].
 * `mode` makes it fail on demand: 'down' answers 503 (an HTML page) to everything, 'hang' never
 * answers; `dropNext` closes the connection of the next requests without an answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_BOXBERRY_TOKEN = 'fake-boxberry-token-0001'

export interface FakeBoxberryCity {
  Code: string
  Name: string
  Region: string
  Kladr: string
  PostCode: string
  /** Points generated for the city. */
  points: number
  lat: number
  lon: number
  /** Added to the price: the destination's zone. */
  zone: number
  /** Boxberry's courier delivers here (CourierListCities, ZipCheck). */
  courier: boolean
}

export const FAKE_BOXBERRY_CITIES: FakeBoxberryCity[] = [
  { Code: '68', Name: 'Москва', Region: 'Москва', Kladr: '7700000000000', PostCode: '101000', points: 300, lat: 55.7558, lon: 37.6173, zone: 0, courier: true },
  { Code: '010', Name: 'Санкт-Петербург', Region: 'Санкт-Петербург', Kladr: '7800000000000', PostCode: '190000', points: 30, lat: 59.9386, lon: 30.3141, zone: 1, courier: true },
  { Code: '33', Name: 'Казань', Region: 'Татарстан', Kladr: '1600000100000', PostCode: '420000', points: 20, lat: 55.7963, lon: 49.1088, zone: 1, courier: true },
  // A namesake in another region: found by KLADR code, never by name alone.
  { Code: '901', Name: 'Казань', Region: 'Тюменская', Kladr: '7200800000100', PostCode: '627420', points: 2, lat: 57.3, lon: 69.6, zone: 2, courier: false },
]

export interface FakeBoxberryParcel {
  track: string
  sdata: Record<string, unknown>
  statuses: { Date: string; Name: string; Comment: string }[]
}

export interface FakeBoxberry {
  url: string
  mode: 'ok' | 'down' | 'hang'
  dropNext: number
  /** Every request, in order: HTTP method, Boxberry method, the query (token left out) and the form's sdata. */
  log: { http: string; method: string; query: Record<string, string>; sdata: unknown }[]
  /** Points left out of a city's list from now on (their codes). */
  removed: Set<string>
  parcels: Map<string, FakeBoxberryParcel>
  /** Postal codes ZipCheck says the courier does not reach, though their city is in CourierListCities. */
  zipsWithoutCourier: Set<string>
  /** Adds a status (newest, last) to a parcel, as Boxberry would. */
  setStatus(track: string, name: string, date: string): void
  calls(method: string): number
  close(): Promise<void>
}

function pointCode(city: FakeBoxberryCity, i: number): string {
  return `${city.Code.padStart(3, '0').slice(-2)}${String(i).padStart(3, '0')}`
}

function pointsOf(city: FakeBoxberryCity, removed: Set<string>, prepaid: boolean): unknown[] {
  const out: unknown[] = []
  for (let i = 1; i <= city.points; i++) {
    const code = pointCode(city, i)
    if (removed.has(code)) continue
    const postamat = i % 5 === 0
    const prepaidOnly = i % 7 === 0
    if (prepaidOnly && !prepaid) continue
    const dLat = (((i * 7919) % 1000) / 1000 - 0.5) * 0.3
    const dLon = (((i * 104729) % 1000) / 1000 - 0.5) * 0.5
    const street = `Тестовая ул, д.${i}`
    out.push({
      Code: code,
      Name: `${city.Name} ${street}`,
      Address: `${city.PostCode}, ${city.Name} г, ${street}`,
      AddressReduce: street,
      Phone: `8-800-222-80-00`,
      WorkShedule: postamat ? 'пн-вс:00.00-24.00' : 'пн-пт:10.00-20.00, сб:10.00-16.00',
      TripDescription: postamat ? 'В торговом центре, у входа' : 'Вход со двора',
      DeliveryPeriod: city.zone + 1,
      CityCode: city.Code,
      CityName: city.Name,
      TariffZone: String(city.zone + 1),
      Settlement: city.Name,
      Area: city.Region,
      Country: 'Россия',
      OnlyPrepaidOrders: prepaidOnly || postamat ? 'Yes' : 'No',
      Acquiring: i % 2 === 0 ? 'Yes' : 'No',
      DigitalSignature: 'No',
      // 1 Boxberry's own office, 2 a partner's: says nothing of postamats.
      TypeOfOffice: i % 3 === 0 ? '2' : '1',
      Postamat: postamat,
      NalKD: 'Yes',
      Metro: i % 3 === 0 ? `Станция ${i % 40}` : '',
      VolumeLimit: '0.16',
      LoadLimit: postamat ? '5' : '15',
      // Every 50th point has no coordinates yet: it cannot go on a map.
      GPS: i % 50 === 0 ? '' : `${(city.lat + dLat).toFixed(6)},${(city.lon + dLon).toFixed(6)}`,
      PostCode: city.PostCode,
    })
  }
  return out
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

function num(v: string | null): number {
  const n = Number(v ?? '')
  return Number.isFinite(n) ? n : 0
}

export async function startFakeBoxberry(cities: FakeBoxberryCity[] = FAKE_BOXBERRY_CITIES): Promise<FakeBoxberry> {
  const hanging = new Set<ServerResponse>()
  let tracks = 0
  const state: Omit<FakeBoxberry, 'url' | 'close'> = {
    mode: 'ok',
    dropNext: 0,
    log: [],
    removed: new Set(),
    parcels: new Map(),
    zipsWithoutCourier: new Set(),
    calls: (method) => state.log.filter((l) => l.method === method).length,
    setStatus: (track, name, date) => {
      const parcel = state.parcels.get(track)
      if (!parcel) throw new Error(`fake Boxberry: no parcel ${track}`)
      parcel.statuses.push({ Date: date, Name: name, Comment: '' })
    },
  }

  function pointByCode(code: string): FakeBoxberryCity | undefined {
    return cities.find((c) => code.startsWith(c.Code.padStart(3, '0').slice(-2)) && Number(code.slice(2)) >= 1 && Number(code.slice(2)) <= c.points)
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req)
      const url = new URL(req.url ?? '/', 'http://fake')
      const method = url.searchParams.get('method') ?? ''
      const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'token'))
      let sdata: unknown = null
      if (req.method === 'POST') {
        try {
          sdata = JSON.parse(new URLSearchParams(raw).get('sdata') ?? 'null')
        } catch {
          sdata = 'unreadable'
        }
      }
      state.log.push({ http: req.method ?? '', method, query, sdata })
      if (state.dropNext > 0) {
        state.dropNext -= 1
        req.socket.destroy()
        return
      }
      if (state.mode === 'hang') {
        hanging.add(res)
        return
      }
      if (state.mode === 'down') {
        res.writeHead(503, { 'content-type': 'text/html' })
        res.end('<html><body>503 Service Temporarily Unavailable</body></html>')
        return
      }
      if (url.pathname !== '/json.php') return send(res, { err: 'Метод не найден' }, 404)
      if (url.searchParams.get('token') !== FAKE_BOXBERRY_TOKEN) return send(res, [{ err: 'Ошибка авторизации: неверный токен' }])

      if (req.method === 'GET' && method === 'ListCities') {
        return send(
          res,
          cities.map((c) => ({ Code: c.Code, Name: c.Name, ReceptionLaburi: 'Yes', ForeignReceptionReturns: 'No', Terminal: 'Yes', Kladr: c.Kladr, Region: c.Region, CountryCode: '643', UniqNumber: c.Code, District: '', Prefix: 'г', CourierDelivery: 'Yes' })),
        )
      }
      if (req.method === 'GET' && method === 'ListPoints') {
        const city = cities.find((c) => c.Code === url.searchParams.get('CityCode'))
        return send(res, city ? pointsOf(city, state.removed, url.searchParams.get('prepaid') === '1') : [])
      }
      if (req.method === 'GET' && method === 'DeliveryCosts') {
        const weight = num(url.searchParams.get('weight'))
        const target = url.searchParams.get('target')
        const zip = url.searchParams.get('zip')
        if (weight <= 0) return send(res, { err: 'Не указан вес посылки' })
        if (!target && !zip) return send(res, { err: 'Не указан пункт выдачи или индекс' })
        const city = target ? pointByCode(target) : cities.find((c) => c.PostCode === zip && c.courier)
        if (!city) return send(res, { err: target ? 'Пункт выдачи не найден' : 'Курьерская доставка по индексу невозможна' })
        if (weight > 15_000) return send(res, { err: 'Превышен максимальный вес посылки' })
        const volumeGrams = (num(url.searchParams.get('height')) * num(url.searchParams.get('width')) * num(url.searchParams.get('depth'))) / 5
        const kg = Math.max(1, Math.ceil(Math.max(weight, volumeGrams) / 1000))
        const base = 150 + 30 * kg + 100 * city.zone + (zip ? 120 : 0)
        const service = Math.round(num(url.searchParams.get('ordersum')) * 0.5) / 100
        return send(res, { price: base + service + 0.5, price_base: base + 0.5, price_service: service, delivery_period: String(1 + city.zone + (zip ? 1 : 0)) })
      }
      if (req.method === 'GET' && method === 'CourierListCities') {
        return send(res, cities.filter((c) => c.courier).map((c) => ({ City: c.Name, Region: '', Area: c.Region, DeliveryPeriod: 1 + c.zone })))
      }
      if (req.method === 'GET' && method === 'ZipCheck') {
        const zip = url.searchParams.get('Zip') ?? ''
        if (!/^\d{6}$/.test(zip)) return send(res, [{ err: 'Не указан почтовый индекс' }])
        const city = state.zipsWithoutCourier.has(zip) ? undefined : cities.find((c) => c.PostCode === zip && c.courier)
        return send(res, [{ ExpressDelivery: city ? 1 : 0, ZoneExpressDelivery: city ? city.zone + 1 : 0, Remoteness: 0 }])
      }
      if (req.method === 'POST' && method === 'ParselCreate') {
        const s = (sdata && typeof sdata === 'object' ? sdata : {}) as {
          order_id?: string
          vid?: number | string
          shop?: { name?: string }
          customer?: { fio?: string; phone?: string }
          kurdost?: { index?: string; citi?: string; addressp?: string }
          items?: unknown[]
          weights?: { weight?: number | string }
        }
        const missing = [
          !s.order_id && 'order_id',
          !s.vid && 'vid',
          String(s.vid) === '1' && !s.shop?.name && 'shop.name',
          String(s.vid) === '2' && !/^\d{6}$/.test(s.kurdost?.index ?? '') && 'kurdost.index',
          String(s.vid) === '2' && !s.kurdost?.citi && 'kurdost.citi',
          String(s.vid) === '2' && !s.kurdost?.addressp && 'kurdost.addressp',
          !s.customer?.fio && 'customer.fio',
          !s.customer?.phone && 'customer.phone',
          !s.items?.length && 'items',
          !num(String(s.weights?.weight ?? '')) && 'weights.weight',
        ].filter(Boolean)
        if (missing.length) return send(res, { err: `Не заполнено обязательное поле: ${missing.join(', ')}` })
        if ([...state.parcels.values()].some((p) => (p.sdata as { order_id?: string }).order_id === s.order_id)) {
          return send(res, { err: `Значение «${s.order_id}» для «Номер заказа в ИМ» уже занято.` })
        }
        if (String(s.vid) === '1' && !pointByCode(s.shop?.name ?? '')) return send(res, { err: 'Пункт выдачи не найден' })
        const track = `BBR${String(13_790_000 + ++tracks)}`
        state.parcels.set(track, { track, sdata: s as Record<string, unknown>, statuses: [{ Date: '2026-03-04 10:00:00', Name: 'Загружен реестр ИМ', Comment: '' }] })
        return send(res, { track, label: `https://api.boxberry.ru/?act=build&track=${track}` })
      }
      if (req.method === 'GET' && method === 'ListStatuses') {
        const id = url.searchParams.get('ImId') ?? ''
        const parcel = state.parcels.get(id) ?? [...state.parcels.values()].find((p) => (p.sdata as { order_id?: string }).order_id === id)
        if (!parcel) return send(res, [{ err: 'Посылка не найдена' }])
        return send(res, parcel.statuses)
      }
      return send(res, { err: `Неизвестный метод ${method}` })
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/json.php`,
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}
