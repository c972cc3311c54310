import 'server-only'
import { eq } from 'drizzle-orm'
import { db, type Db, type Tx } from '@/db/client'
import { announceChanges } from '@/db/change-feed'
import { cities } from '@/db/schema'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { testHook } from '@/lib/test-hooks'
import { packageKey, type Carrier, type CarrierAnswer, type CarrierCity, type CarrierPoint, type CarrierQuote, type RefreshOutcome } from '../carrier'
import * as q from '../carriers.db'
import { BOXBERRY, BOXBERRY_HANDLER, cityList, deliveryCostsAnswer, deliveryCostsQuery, listPoint, matchCity, postalCodeOf, toCarrierPoint, toQuote, type BoxberryCity } from './boxberry'
import { BoxberryClient, BoxberryError } from './boxberry-client.server'

/**
 * The Boxberry module (ADR 193), built as СДЭК's (ADR 176): a city's points copied from ListPoints into
 * carrier_points (the first time the city is asked for, then daily by the housekeeping job, and on
 * demand), prices and periods from DeliveryCosts for the order's parcel, kept an hour. Boxberry slow or
 * down: the failure is remembered for half a minute, and the other methods still answer.
 */

const DELIVERY_TAG = 'delivery'
const POINTS_LIMIT = 20_000
const BOXBERRY_LIMITS = {
  /** A buyer's request waits at most this long for a price. */
  quoteTimeoutMs: 4_000,
  /** The first load of a city (its city list and points) while a buyer waits. */
  firstLoadTimeoutMs: 8_000,
  refreshTimeoutMs: 60_000,
  /** A parcel registration or a status read from the back office or the poll. */
  shipmentTimeoutMs: 15_000,
  quoteTtlMs: 3_600_000,
  /** Boxberry's city list is kept this long in the process. */
  cityListTtlMs: 24 * 3_600_000,
  downForMs: 30_000,
  refreshEveryMs: 24 * 3_600_000,
  claimStaleMs: 10 * 60_000,
  dueBatch: 50,
}
export type BoxberryLimits = typeof BOXBERRY_LIMITS

/** The limits above; the tests shorten the time limits so a carrier that hangs fails fast (ADR 151). */
export const boxberryLimits = testHook<BoxberryLimits>('boxberry limits', BOXBERRY_LIMITS)

function settings() {
  const e = env()
  return { token: e.BOXBERRY_TOKEN, baseUrl: e.BOXBERRY_API_URL, from: e.BOXBERRY_FROM_POINT }
}

let shared: { key: string; client: BoxberryClient } | null = null

/** One client per process and settings; a change of token or address forgets what the old one learnt. */
export function boxberryClient(): BoxberryClient {
  const s = settings()
  if (!s.token) throw new BoxberryError('auth', 'BOXBERRY_TOKEN is not set')
  const key = `${s.baseUrl}\n${s.token}`
  if (shared?.key !== key) {
    shared = { key, client: new BoxberryClient({ baseUrl: s.baseUrl, token: s.token }) }
    quotes.clear()
    cityListCache = null
    downUntil = 0
  }
  return shared.client
}

const quotes = new Map<string, { at: number; answer: CarrierAnswer<CarrierQuote> }>()
let downUntil = 0
let cityListCache: { at: number; list: Promise<BoxberryCity[]> } | null = null
const firstLoads = new Map<string, Promise<RefreshOutcome>>()

function down(detail: string): CarrierAnswer<never> {
  return { ok: false, reason: 'down', detail }
}

function toPoint(row: q.CarrierPointRow): CarrierPoint {
  const { carrier: _carrier, refreshedAt: _refreshedAt, ...point } = row
  return { ...point, kind: point.kind === 'POSTAMAT' ? 'POSTAMAT' : 'PVZ' }
}

/** Boxberry's city list (ListCities), asked once a day per process; a failed ask is not kept. */
async function boxberryCities(timeoutMs: number): Promise<BoxberryCity[]> {
  const at = now().getTime()
  if (!cityListCache || at - cityListCache.at >= boxberryLimits().cityListTtlMs) {
    const list = boxberryClient()
      .get('ListCities', {}, timeoutMs)
      .then((json) => {
        const parsed = cityList.safeParse(json)
        if (!parsed.success) throw new BoxberryError('invalid', 'Boxberry ListCities: unexpected answer')
        return parsed.data
      })
    cityListCache = { at, list }
    list.catch(() => {
      if (cityListCache?.list === list) cityListCache = null
    })
  }
  return cityListCache.list
}

async function kladrOf(code: string): Promise<string | null> {
  const [row] = await db().select({ kladrId: cities.kladrId }).from(cities).where(eq(cities.code, code)).limit(1)
  return row?.kladrId ?? null
}

async function refreshCity(city: CarrierCity, timeoutMs: number = boxberryLimits().refreshTimeoutMs): Promise<RefreshOutcome> {
  const database = db()
  const at = now()
  await q.ensureCityRow(database, BOXBERRY, city.code)
  if (!(await q.claimRefresh(database, BOXBERRY, city.code, at, new Date(at.getTime() - boxberryLimits().claimStaleMs)))) {
    return { city: city.code, status: 'busy' }
  }
  try {
    const client = boxberryClient()
    const row = await q.cityRow(database, BOXBERRY, city.code)
    let carrierCity = row?.carrierCityCode ?? null
    if (!carrierCity) {
      const match = matchCity(await boxberryCities(timeoutMs), { ...city, kladrId: await kladrOf(city.code) })
      carrierCity = match?.Code ?? null
    }
    if (!carrierCity) {
      await q.replaceCityPoints(database, BOXBERRY, city.code, [], at)
      await q.finishRefresh(database, BOXBERRY, city.code, { carrierCityCode: null, refreshedAt: at })
      await announceChanges(database, [DELIVERY_TAG])
      return { city: city.code, status: 'not-served' }
    }
    // prepaid=1: every point, those that take only prepaid parcels too (their flag says so).
    const answer = await client.get('ListPoints', { CityCode: carrierCity, prepaid: 1 }, timeoutMs)
    if (!Array.isArray(answer)) throw new BoxberryError('invalid', 'Boxberry ListPoints: not a list')
    const points: CarrierPoint[] = []
    let skipped = 0
    for (const item of answer) {
      const parsed = listPoint.safeParse(item)
      const point = parsed.success ? toCarrierPoint(parsed.data, city.code) : null
      // A point we cannot read or place on the map is left out rather than failing the city.
      if (point) points.push(point)
      else skipped += 1
    }
    await q.replaceCityPoints(database, BOXBERRY, city.code, points, at)
    await q.finishRefresh(database, BOXBERRY, city.code, { carrierCityCode: carrierCity, refreshedAt: at })
    await announceChanges(database, [DELIVERY_TAG])
    return { city: city.code, status: 'refreshed', points: points.length, skipped }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // The points already in the table stay: yesterday's list is better than none.
    await q.finishRefresh(database, BOXBERRY, city.code, { error: message.slice(0, 500) })
    logger.warn({ city: city.code, err: message }, 'Boxberry points refresh failed')
    return { city: city.code, status: 'failed', error: message }
  }
}

/** The city's first load, while a buyer waits (bounded); later reads come from the table. */
async function ensureLoaded(city: CarrierCity): Promise<void> {
  const row = await q.cityRow(db(), BOXBERRY, city.code)
  if (row?.pointsRefreshedAt) return
  if (now().getTime() < downUntil) return
  let pending = firstLoads.get(city.code)
  if (!pending) {
    pending = refreshCity(city, boxberryLimits().firstLoadTimeoutMs).finally(() => firstLoads.delete(city.code))
    firstLoads.set(city.code, pending)
  }
  if ((await pending).status === 'failed') downUntil = now().getTime() + boxberryLimits().downForMs
}

/**
 * A price for the city. DeliveryCosts prices a parcel to one point (`target`) or to a postal code
 * (`zip`, courier); Boxberry's tariff depends on the destination's zone, not the point, so the city is
 * priced at its reference point, the first of its active points by code (ADR 193). Courier: that
 * point's postal code.
 */
async function quote(input: Parameters<Carrier['quote']>[0]): Promise<CarrierAnswer<CarrierQuote>> {
  const { from } = settings()
  if (input.remote) await ensureLoaded(input.city)
  const row = await q.cityRow(input.q, BOXBERRY, input.city.code)
  if (!row?.carrierCityCode) return row?.pointsRefreshedAt ? { ok: false, reason: 'no-tariff', detail: 'Boxberry does not serve the city' } : down('city not loaded')
  const [reference] = await q.pointsInCity(input.q, BOXBERRY, input.city.code, 1)
  if (!reference) return { ok: false, reason: 'no-tariff', detail: 'no Boxberry point in the city' }
  const zip = input.mode === 'courier' ? postalCodeOf(reference.addressFull) : null
  if (input.mode === 'courier' && !zip) return { ok: false, reason: 'no-tariff', detail: 'no postal code for the courier' }
  const key = `${from ?? ''}>${input.mode === 'pickup' ? reference.code : `zip:${zip}`}:${packageKey(input.pkg)}`
  const at = now().getTime()
  const kept = quotes.get(key)
  if (kept && at - kept.at < boxberryLimits().quoteTtlMs) return kept.answer
  if (!input.remote) return down('no kept quote inside a transaction')
  if (at < downUntil) return down('Boxberry failed less than a minute ago')
  try {
    const json = await boxberryClient().get(
      'DeliveryCosts',
      deliveryCostsQuery({ pkg: input.pkg, orderSumKopecks: 0, from, ...(input.mode === 'pickup' ? { target: reference.code } : { zip: zip ?? '' }) }),
      boxberryLimits().quoteTimeoutMs,
    )
    const parsed = deliveryCostsAnswer.safeParse(json)
    if (!parsed.success) throw new BoxberryError('invalid', 'Boxberry DeliveryCosts: unexpected answer')
    const value = toQuote(parsed.data, input.mode)
    const answer: CarrierAnswer<CarrierQuote> = value ? { ok: true, value } : { ok: false, reason: 'no-tariff', detail: 'no price in the answer' }
    if (quotes.size > 5_000) quotes.clear()
    quotes.set(key, { at, answer })
    return answer
  } catch (error) {
    const e = error instanceof BoxberryError ? error : new BoxberryError('network', String(error))
    // Boxberry refusing this parcel (its `err`: too heavy, a point that takes no parcels) is not Boxberry down.
    if (!e.down && e.kind !== 'auth') return { ok: false, reason: 'no-tariff', detail: e.message }
    downUntil = now().getTime() + boxberryLimits().downForMs
    logger.warn({ err: e.message, kind: e.kind }, 'Boxberry DeliveryCosts failed')
    return down(e.message)
  }
}

async function refreshDue(): Promise<RefreshOutcome[]> {
  if (!boxberryCarrier.configured()) return []
  const database = db()
  const due = await q.citiesDue(database, BOXBERRY, new Date(now().getTime() - boxberryLimits().refreshEveryMs), boxberryLimits().dueBatch)
  const out: RefreshOutcome[] = []
  for (const code of due) {
    const city = await q.cityByCode(database, code)
    if (city) out.push(await refreshCity(city))
  }
  return out
}

export const boxberryCarrier: Carrier = {
  code: BOXBERRY,
  handler: BOXBERRY_HANDLER,
  configured: () => Boolean(settings().token),
  async pointsInCity(city) {
    await ensureLoaded(city)
    return q.pointsInCity(db(), BOXBERRY, city.code, POINTS_LIMIT)
  },
  async pointCount(city) {
    await ensureLoaded(city)
    return q.pointCount(db(), BOXBERRY, city.code)
  },
  async pointByCode(database: Db | Tx, code: string) {
    const row = await q.pointByCode(database, BOXBERRY, code)
    return row ? toPoint(row) : undefined
  },
  quote,
  refreshCity: (city) => refreshCity(city),
  refreshDue,
}
