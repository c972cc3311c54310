import 'server-only'
import type { Db, Tx } from '@/db/client'
import { env } from '@/lib/env'
import { testHook } from '@/lib/test-hooks'
import { packageKey, type Carrier, type CarrierCity, type CarrierPoint } from '../carrier'
import { KEEPER_LIMITS, carrierKeeper, refusedOn4xx, type LoadedCity } from '../carrier-keeper.server'
import * as q from '../carriers.db'
import { CDEK, CDEK_HANDLER, chooseTariff, cityAnswer, deliveryPoint, matchCity, tariffListAnswer, tariffListRequest, toCarrierPoint } from './cdek'
import { CdekClient, CdekError } from './cdek-client.server'

/**
 * The СДЭК module (ADR 176): points of a city copied into carrier_points (the first time a city is
 * asked for, then daily by the housekeeping job, and on demand), prices and periods from the
 * calculator for the order's parcel, kept an hour. СДЭК slow or down: the failure is remembered for
 * half a minute so checkout refreshes do not each wait for it, and the other methods still answer.
 */

const CDEK_LIMITS = { ...KEEPER_LIMITS }
export type CdekLimits = typeof CDEK_LIMITS

/** The limits above; the tests shorten the time limits so a carrier that hangs fails fast (ADR 151). */
export const cdekLimits = testHook<CdekLimits>('cdek limits', CDEK_LIMITS)

function settings() {
  const e = env()
  return { clientId: e.CDEK_CLIENT_ID, clientSecret: e.CDEK_CLIENT_SECRET, baseUrl: e.CDEK_API_URL, from: e.CDEK_FROM_CITY_CODE }
}

/** One client (and so one token) per process and settings. */
export function cdekClient(): CdekClient {
  const s = settings()
  if (!s.clientId || !s.clientSecret) throw new CdekError('auth', 'CDEK_CLIENT_ID and CDEK_CLIENT_SECRET are not set')
  const { clientId, clientSecret } = s
  return keeper.clientFor(`${s.baseUrl}\n${clientId}\n${clientSecret}`, () => new CdekClient({ baseUrl: s.baseUrl, clientId, clientSecret }))
}

/** СДЭК's code of the city (by FIAS id first, then by name), then its points; a point that hands nothing out is left out. */
async function loadCity(city: CarrierCity, timeoutMs: number, database: Db): Promise<LoadedCity> {
  const client = cdekClient()
  const row = await q.cityRow(database, CDEK, city.code)
  let carrierCity = row?.carrierCityCode ?? null
  // By the city's FIAS id first (ADR 196): names differ («Пушкино» / «Пушкино (Пушкинский р-н)») and repeat.
  const fias = carrierCity ? null : await q.cityFiasId(database, city.code)
  if (fias) {
    const byFias = cityAnswer.safeParse(await client.request('GET', 'location/cities', { query: { fias_guid: fias, country_codes: 'RU', size: 5 }, timeoutMs }))
    if (!byFias.success) throw new CdekError('invalid', 'СДЭК location/cities: unexpected answer')
    const ru = byFias.data.filter((c) => (c.country_code ?? 'RU') === 'RU')
    carrierCity = ru.length === 1 ? String(ru[0]!.code) : null
  }
  if (!carrierCity) {
    const found = cityAnswer.safeParse(
      await client.request('GET', 'location/cities', { query: { country_codes: 'RU', city: city.name, size: 50 }, timeoutMs }),
    )
    if (!found.success) throw new CdekError('invalid', 'СДЭК location/cities: unexpected answer')
    const match = matchCity(found.data, city)
    carrierCity = match ? String(match.code) : null
  }
  if (!carrierCity) return { carrierCityCode: null }
  const answer = await client.request('GET', 'deliverypoints', { query: { city_code: carrierCity, type: 'ALL', country_code: 'RU' }, timeoutMs })
  if (!Array.isArray(answer)) throw new CdekError('invalid', 'СДЭК deliverypoints: not a list')
  const points: CarrierPoint[] = []
  let skipped = 0
  for (const item of answer) {
    const parsed = deliveryPoint.safeParse(item)
    // A point that hands nothing out, or that we cannot read, is left out rather than failing the city.
    if (!parsed.success || parsed.data.is_handout === false) skipped += 1
    else points.push(toCarrierPoint(parsed.data, city.code))
  }
  return { carrierCityCode: carrierCity, points, skipped }
}

const configured = () => {
  const s = settings()
  return Boolean(s.clientId && s.clientSecret)
}

const keeper = carrierKeeper<CdekClient>({
  carrier: CDEK,
  label: 'СДЭК',
  logs: { refreshFailed: 'СДЭК points refresh failed', quoteFailed: 'СДЭК calculator failed' },
  defaultKind: 'PVZ',
  limits: () => cdekLimits(),
  configured,
  loadCity,
  // A 4xx other than 401 is СДЭК refusing this parcel, not СДЭК being down.
  readError: (error) => refusedOn4xx(error instanceof CdekError ? error : new CdekError('network', String(error))),
  notServed: 'СДЭК does not serve the city',
  async askQuote(input, cityCode) {
    const { from } = settings()
    return {
      key: `${from}>${cityCode}:${input.mode}:${packageKey(input.pkg)}`,
      ask: async () => {
        const json = await cdekClient().request('POST', 'calculator/tarifflist', {
          body: tariffListRequest(from, cityCode, input.pkg),
          timeoutMs: cdekLimits().quoteTimeoutMs,
          repeatable: true,
        })
        const parsed = tariffListAnswer.safeParse(json)
        if (!parsed.success) throw new CdekError('invalid', 'СДЭК tarifflist: unexpected answer')
        const best = chooseTariff(parsed.data, input.mode)
        return best ? { ok: true, value: best } : { ok: false, reason: 'no-tariff', detail: 'no tariff in this mode' }
      },
    }
  },
})

/** СДЭК's code of one of our cities, as the points refresh found it; null when unknown or not served. */
export async function cdekCityCode(database: Db | Tx, cityCode: string): Promise<number | null> {
  const code = Number((await q.cityRow(database, CDEK, cityCode))?.carrierCityCode)
  return Number.isInteger(code) && code > 0 ? code : null
}

export const cdekCarrier: Carrier = {
  code: CDEK,
  handler: CDEK_HANDLER,
  courierHandler: 'sdek_courier',
  configured,
  ...keeper.methods,
}
