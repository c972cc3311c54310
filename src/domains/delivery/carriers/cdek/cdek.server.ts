import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { announceChanges } from '@/db/change-feed'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { testHook } from '@/lib/test-hooks'
import { packageKey, type Carrier, type CarrierAnswer, type CarrierCity, type CarrierPoint, type CarrierQuote, type RefreshOutcome } from '../carrier'
import * as q from '../carriers.db'
import { CDEK, CDEK_HANDLER, chooseTariff, cityAnswer, deliveryPoint, matchCity, tariffListAnswer, tariffListRequest, toCarrierPoint } from './cdek'
import { CdekClient, CdekError } from './cdek-client.server'

/**
 * The СДЭК module (ADR 176): points of a city copied into carrier_points (the first time a city is
 * asked for, then daily by the housekeeping job, and on demand), prices and periods from the
 * calculator for the order's parcel, kept an hour. СДЭК slow or down: the failure is remembered for
 * half a minute so checkout refreshes do not each wait for it, and the other methods still answer.
 */

/** The delivery domain's cache tag: a refresh makes every instance's point lists read the table again (ADR 160). */
const DELIVERY_TAG = 'delivery'
const POINTS_LIMIT = 20_000
const CDEK_LIMITS = {
  /** A buyer's request waits at most this long for a price. */
  quoteTimeoutMs: 4_000,
  /** The first load of a city while a buyer waits. */
  firstLoadTimeoutMs: 8_000,
  /** The daily refresh has time: Moscow is over a megabyte. */
  refreshTimeoutMs: 60_000,
  quoteTtlMs: 3_600_000,
  /** After a failure, СДЭК counts as down this long: no call, an immediate 'down'. */
  downForMs: 30_000,
  refreshEveryMs: 24 * 3_600_000,
  /** A claim older than this was left by an instance that died mid-refresh. */
  claimStaleMs: 10 * 60_000,
  dueBatch: 50,
}
export type CdekLimits = typeof CDEK_LIMITS

/** The limits above; the tests shorten the time limits so a carrier that hangs fails fast (ADR 151). */
export const cdekLimits = testHook<CdekLimits>('cdek limits', CDEK_LIMITS)

function settings() {
  const e = env()
  return { clientId: e.CDEK_CLIENT_ID, clientSecret: e.CDEK_CLIENT_SECRET, baseUrl: e.CDEK_API_URL, from: e.CDEK_FROM_CITY_CODE }
}

let shared: { key: string; client: CdekClient } | null = null

/** One client (and so one token) per process and settings. */
export function cdekClient(): CdekClient {
  const s = settings()
  if (!s.clientId || !s.clientSecret) throw new CdekError('auth', 'CDEK_CLIENT_ID and CDEK_CLIENT_SECRET are not set')
  const key = `${s.baseUrl}\n${s.clientId}\n${s.clientSecret}`
  if (shared?.key !== key) {
    shared = { key, client: new CdekClient({ baseUrl: s.baseUrl, clientId: s.clientId, clientSecret: s.clientSecret }) }
    quotes.clear()
    downUntil = 0
  }
  return shared.client
}

const quotes = new Map<string, { at: number; answer: CarrierAnswer<CarrierQuote> }>()
let downUntil = 0
const firstLoads = new Map<string, Promise<RefreshOutcome>>()

function down(detail: string): CarrierAnswer<never> {
  return { ok: false, reason: 'down', detail }
}

function toPoint(row: q.CarrierPointRow): CarrierPoint {
  const { carrier: _carrier, refreshedAt: _refreshedAt, ...point } = row
  return { ...point, kind: point.kind === 'POSTAMAT' ? 'POSTAMAT' : 'PVZ' }
}

async function refreshCity(city: CarrierCity, timeoutMs: number = cdekLimits().refreshTimeoutMs): Promise<RefreshOutcome> {
  const database = db()
  const at = now()
  await q.ensureCityRow(database, CDEK, city.code)
  if (!(await q.claimRefresh(database, CDEK, city.code, at, new Date(at.getTime() - cdekLimits().claimStaleMs)))) {
    return { city: city.code, status: 'busy' }
  }
  try {
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
    if (!carrierCity) {
      await q.replaceCityPoints(database, CDEK, city.code, [], at)
      await q.finishRefresh(database, CDEK, city.code, { carrierCityCode: null, refreshedAt: at })
      await announceChanges(database, [DELIVERY_TAG])
      return { city: city.code, status: 'not-served' }
    }
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
    await q.replaceCityPoints(database, CDEK, city.code, points, at)
    await q.finishRefresh(database, CDEK, city.code, { carrierCityCode: carrierCity, refreshedAt: at })
    await announceChanges(database, [DELIVERY_TAG])
    return { city: city.code, status: 'refreshed', points: points.length, skipped }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // The points already in the table stay: yesterday's list is better than none.
    await q.finishRefresh(database, CDEK, city.code, { error: message.slice(0, 500) })
    logger.warn({ city: city.code, err: message }, 'СДЭК points refresh failed')
    return { city: city.code, status: 'failed', error: message }
  }
}

/** The city's first load, while a buyer waits (bounded); later reads come from the table. */
async function ensureLoaded(city: CarrierCity): Promise<void> {
  const row = await q.cityRow(db(), CDEK, city.code)
  if (row?.pointsRefreshedAt) return
  // СДЭК failed a moment ago: the buyer gets the no-points answer now rather than another wait.
  if (now().getTime() < downUntil) return
  let pending = firstLoads.get(city.code)
  if (!pending) {
    pending = refreshCity(city, cdekLimits().firstLoadTimeoutMs).finally(() => firstLoads.delete(city.code))
    firstLoads.set(city.code, pending)
  }
  if ((await pending).status === 'failed') downUntil = now().getTime() + cdekLimits().downForMs
}

async function quote(input: Parameters<Carrier['quote']>[0]): Promise<CarrierAnswer<CarrierQuote>> {
  const { from } = settings()
  if (input.remote) await ensureLoaded(input.city)
  const row = await q.cityRow(input.q, CDEK, input.city.code)
  if (!row?.carrierCityCode) return row?.pointsRefreshedAt ? { ok: false, reason: 'no-tariff', detail: 'СДЭК does not serve the city' } : down('city not loaded')
  const key = `${from}>${row.carrierCityCode}:${input.mode}:${packageKey(input.pkg)}`
  const at = now().getTime()
  const kept = quotes.get(key)
  if (kept && at - kept.at < cdekLimits().quoteTtlMs) return kept.answer
  if (!input.remote) return down('no kept quote inside a transaction')
  if (at < downUntil) return down('СДЭК failed less than a minute ago')
  try {
    const json = await cdekClient().request('POST', 'calculator/tarifflist', {
      body: tariffListRequest(from, row.carrierCityCode, input.pkg),
      timeoutMs: cdekLimits().quoteTimeoutMs,
      repeatable: true,
    })
    const parsed = tariffListAnswer.safeParse(json)
    if (!parsed.success) throw new CdekError('invalid', 'СДЭК tarifflist: unexpected answer')
    const best = chooseTariff(parsed.data, input.mode)
    const answer: CarrierAnswer<CarrierQuote> = best ? { ok: true, value: best } : { ok: false, reason: 'no-tariff', detail: 'no tariff in this mode' }
    if (quotes.size > 5_000) quotes.clear()
    quotes.set(key, { at, answer })
    return answer
  } catch (error) {
    const e = error instanceof CdekError ? error : new CdekError('network', String(error))
    // A 4xx other than 401 is СДЭК refusing this parcel, not СДЭК being down.
    if (e.kind === 'http' && e.status !== undefined && e.status < 500) return { ok: false, reason: 'no-tariff', detail: e.message }
    downUntil = now().getTime() + cdekLimits().downForMs
    logger.warn({ err: e.message, kind: e.kind }, 'СДЭК calculator failed')
    return down(e.message)
  }
}

/** СДЭК's code of one of our cities, as the points refresh found it; null when unknown or not served. */
export async function cdekCityCode(database: Db | Tx, cityCode: string): Promise<number | null> {
  const code = Number((await q.cityRow(database, CDEK, cityCode))?.carrierCityCode)
  return Number.isInteger(code) && code > 0 ? code : null
}

async function refreshDue(): Promise<RefreshOutcome[]> {
  if (!cdekCarrier.configured()) return []
  const database = db()
  const due = await q.citiesDue(database, CDEK, new Date(now().getTime() - cdekLimits().refreshEveryMs), cdekLimits().dueBatch)
  const out: RefreshOutcome[] = []
  for (const code of due) {
    const city = await q.cityByCode(database, code)
    if (city) out.push(await refreshCity(city))
  }
  return out
}

export const cdekCarrier: Carrier = {
  code: CDEK,
  handler: CDEK_HANDLER,
  configured: () => {
    const s = settings()
    return Boolean(s.clientId && s.clientSecret)
  },
  async pointsInCity(city) {
    await ensureLoaded(city)
    return q.pointsInCity(db(), CDEK, city.code, POINTS_LIMIT)
  },
  async pointCount(city) {
    await ensureLoaded(city)
    return q.pointCount(db(), CDEK, city.code)
  },
  async pointByCode(database: Db | Tx, code: string) {
    const row = await q.pointByCode(database, CDEK, code)
    return row ? toPoint(row) : undefined
  },
  quote,
  refreshCity: (city) => refreshCity(city),
  refreshDue,
}
