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
import { ONLINE_PARCEL_MAX_GRAMS, POCHTA, POCHTA_HANDLER, TARIFF_OBJECTS, handsOut, inCity, postOffice, searchArea, tariffAnswer, tariffErrors, tariffQuery, toCarrierPoint, toQuote } from './pochta'
import { PochtaClient, PochtaError } from './pochta-client.server'

/**
 * The Почта России module (ADR 194): a city's post offices copied into carrier_points from otpravka's
 * office search around the city's centre (the first time a city is asked for, then daily by the
 * housekeeping job, and on demand), «Посылка онлайн» prices and periods from the public calculator for
 * the order's parcel, kept an hour. The post slow or down: the failure is remembered for half a minute,
 * and the other methods still answer.
 */

const DELIVERY_TAG = 'delivery'
const POINTS_LIMIT = 20_000
const POCHTA_LIMITS = {
  quoteTimeoutMs: 4_000,
  firstLoadTimeoutMs: 8_000,
  refreshTimeoutMs: 60_000,
  quoteTtlMs: 3_600_000,
  downForMs: 30_000,
  refreshEveryMs: 24 * 3_600_000,
  claimStaleMs: 10 * 60_000,
  dueBatch: 50,
  /** Otpravka's own calls (registration, a status read) from the back office. */
  shipmentTimeoutMs: 10_000,
}
export type PochtaLimits = typeof POCHTA_LIMITS

/** The limits above; the tests shorten the time limits so a post that hangs fails fast (ADR 151). */
export const pochtaLimits = testHook<PochtaLimits>('pochta limits', POCHTA_LIMITS)

export function pochtaSettings() {
  const e = env()
  return {
    token: e.POCHTA_TOKEN,
    login: e.POCHTA_LOGIN,
    password: e.POCHTA_PASSWORD,
    tariffUrl: e.POCHTA_TARIFF_URL,
    apiUrl: e.POCHTA_API_URL,
    fromIndex: e.POCHTA_FROM_INDEX,
    shipments: e.POCHTA_SHIPMENTS === 'true',
  }
}

let shared: { key: string; client: PochtaClient } | null = null
const quotes = new Map<string, { at: number; answer: CarrierAnswer<CarrierQuote> }>()
let downUntil = 0
const firstLoads = new Map<string, Promise<RefreshOutcome>>()

/** One client per process and settings; new settings forget the kept quotes and the down mark. */
export function pochtaClient(): PochtaClient {
  const s = pochtaSettings()
  if (!s.token || !s.login || !s.password) throw new PochtaError('auth', 'POCHTA_TOKEN, POCHTA_LOGIN and POCHTA_PASSWORD are not set')
  const key = [s.tariffUrl, s.apiUrl, s.token, s.login, s.password].join('\n')
  if (shared?.key !== key) {
    shared = { key, client: new PochtaClient({ tariffUrl: s.tariffUrl, apiUrl: s.apiUrl, token: s.token, login: s.login, password: s.password }) }
    quotes.clear()
    downUntil = 0
  }
  return shared.client
}

function down(detail: string): CarrierAnswer<never> {
  return { ok: false, reason: 'down', detail }
}

function toPoint(row: q.CarrierPointRow): CarrierPoint {
  const { carrier: _carrier, refreshedAt: _refreshedAt, ...point } = row
  return { ...point, kind: point.kind === 'POSTAMAT' ? 'POSTAMAT' : 'POST' }
}

async function cityPlace(code: string) {
  const [row] = await db().select({ lat: cities.lat, lon: cities.lon, population: cities.population }).from(cities).where(eq(cities.code, code)).limit(1)
  return row
}

/**
 * Loads a city's offices: otpravka's search by coordinates around the city's centre, kept when the
 * office's settlement is the city and it hands parcels out. The city's index for the calculator is
 * that of the office nearest the centre (the search answers nearest first).
 */
async function refreshCity(city: CarrierCity, timeoutMs: number = pochtaLimits().refreshTimeoutMs): Promise<RefreshOutcome> {
  const database = db()
  const at = now()
  await q.ensureCityRow(database, POCHTA, city.code)
  if (!(await q.claimRefresh(database, POCHTA, city.code, at, new Date(at.getTime() - pochtaLimits().claimStaleMs)))) {
    return { city: city.code, status: 'busy' }
  }
  try {
    const place = await cityPlace(city.code)
    if (!place) throw new PochtaError('invalid', `no coordinates for ${city.code}`)
    const area = searchArea(place.population)
    const answer = await pochtaClient().request('GET', 'postoffice/1.0/nearby', {
      query: { latitude: place.lat, longitude: place.lon, top: area.top, 'search-radius': area.radiusKm, filter: 'ALL' },
      timeoutMs,
    })
    if (!Array.isArray(answer)) throw new PochtaError('invalid', 'Почта России postoffice/nearby: not a list')
    const points: CarrierPoint[] = []
    const seen = new Set<string>()
    let skipped = 0
    for (const item of answer) {
      const parsed = postOffice.safeParse(item)
      // Another settlement's office is not counted as skipped: the search is a circle, the city is not.
      if (parsed.success && !inCity(parsed.data, city.name)) continue
      if (!parsed.success || !handsOut(parsed.data) || seen.has(parsed.data['postal-code'])) {
        skipped += 1
        continue
      }
      seen.add(parsed.data['postal-code'])
      points.push(toCarrierPoint(parsed.data, city.code, city.name))
    }
    const index = points.find((p) => p.kind === 'POST')?.code ?? points[0]?.code ?? null
    await q.replaceCityPoints(database, POCHTA, city.code, points, at)
    await q.finishRefresh(database, POCHTA, city.code, { carrierCityCode: index, refreshedAt: at })
    await announceChanges(database, [DELIVERY_TAG])
    return index ? { city: city.code, status: 'refreshed', points: points.length, skipped } : { city: city.code, status: 'not-served' }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // The offices already in the table stay: yesterday's list is better than none.
    await q.finishRefresh(database, POCHTA, city.code, { error: message.slice(0, 500) })
    logger.warn({ city: city.code, err: message }, 'Почта России offices refresh failed')
    return { city: city.code, status: 'failed', error: message }
  }
}

/** The city's first load, while a buyer waits (bounded); later reads come from the table. */
async function ensureLoaded(city: CarrierCity): Promise<void> {
  const row = await q.cityRow(db(), POCHTA, city.code)
  if (row?.pointsRefreshedAt) return
  if (now().getTime() < downUntil) return
  let pending = firstLoads.get(city.code)
  if (!pending) {
    pending = refreshCity(city, pochtaLimits().firstLoadTimeoutMs).finally(() => firstLoads.delete(city.code))
    firstLoads.set(city.code, pending)
  }
  if ((await pending).status === 'failed') downUntil = now().getTime() + pochtaLimits().downForMs
}

async function quote(input: Parameters<Carrier['quote']>[0]): Promise<CarrierAnswer<CarrierQuote>> {
  const { fromIndex } = pochtaSettings()
  if (input.remote) await ensureLoaded(input.city)
  const row = await q.cityRow(input.q, POCHTA, input.city.code)
  if (!row?.carrierCityCode) return row?.pointsRefreshedAt ? { ok: false, reason: 'no-tariff', detail: 'no post office in the city' } : down('city not loaded')
  if (input.pkg.weightGrams > ONLINE_PARCEL_MAX_GRAMS) return { ok: false, reason: 'no-tariff', detail: '«Посылка онлайн» takes at most 20 kg' }
  const object = TARIFF_OBJECTS[input.mode].code
  const key = `${fromIndex}>${row.carrierCityCode}:${object}:${packageKey(input.pkg)}`
  const at = now().getTime()
  const kept = quotes.get(key)
  if (kept && at - kept.at < pochtaLimits().quoteTtlMs) return kept.answer
  if (!input.remote) return down('no kept quote inside a transaction')
  if (at < downUntil) return down('Почта России failed less than a minute ago')
  try {
    const json = await pochtaClient().tariff(
      'v2/calculate/tariff/delivery',
      tariffQuery({ object, from: fromIndex, to: row.carrierCityCode, weightGrams: input.pkg.weightGrams }),
      pochtaLimits().quoteTimeoutMs,
    )
    const parsed = tariffAnswer.safeParse(json)
    if (!parsed.success) throw new PochtaError('invalid', 'Почта России calculator: unexpected answer')
    const value = toQuote(parsed.data, input.mode)
    const answer: CarrierAnswer<CarrierQuote> = value ? { ok: true, value } : { ok: false, reason: 'no-tariff', detail: tariffErrors(parsed.data) || 'no price' }
    if (quotes.size > 5_000) quotes.clear()
    quotes.set(key, { at, answer })
    return answer
  } catch (error) {
    const e = error instanceof PochtaError ? error : new PochtaError('network', String(error))
    // A 4xx is the calculator refusing this parcel (a wrong index, too heavy), not the post being down.
    if (e.kind === 'http' && e.status !== undefined && e.status < 500) return { ok: false, reason: 'no-tariff', detail: e.message }
    downUntil = now().getTime() + pochtaLimits().downForMs
    logger.warn({ err: e.message, kind: e.kind }, 'Почта России calculator failed')
    return down(e.message)
  }
}

async function refreshDue(): Promise<RefreshOutcome[]> {
  if (!pochtaCarrier.configured()) return []
  const database = db()
  const due = await q.citiesDue(database, POCHTA, new Date(now().getTime() - pochtaLimits().refreshEveryMs), pochtaLimits().dueBatch)
  const out: RefreshOutcome[] = []
  for (const code of due) {
    const city = await q.cityByCode(database, code)
    if (city) out.push(await refreshCity(city))
  }
  return out
}

export const pochtaCarrier: Carrier = {
  code: POCHTA,
  handler: POCHTA_HANDLER,
  configured: () => {
    const s = pochtaSettings()
    return Boolean(s.token && s.login && s.password)
  },
  async pointsInCity(city) {
    await ensureLoaded(city)
    return q.pointsInCity(db(), POCHTA, city.code, POINTS_LIMIT)
  },
  async pointCount(city) {
    await ensureLoaded(city)
    return q.pointCount(db(), POCHTA, city.code)
  },
  async pointByCode(database: Db | Tx, code: string) {
    const row = await q.pointByCode(database, POCHTA, code)
    return row ? toPoint(row) : undefined
  },
  quote,
  refreshCity: (city) => refreshCity(city),
  refreshDue,
}
