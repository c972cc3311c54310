import 'server-only'
import { eq } from 'drizzle-orm'
import { db, type Db } from '@/db/client'
import { cities } from '@/db/schema'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { testHook } from '@/lib/test-hooks'
import { packageKey, type Carrier, type CarrierCity, type CarrierPoint } from '../carrier'
import { KEEPER_LIMITS, carrierKeeper, type LoadedCity } from '../carrier-keeper.server'
import * as q from '../carriers.db'
import { BOXBERRY, BOXBERRY_HANDLER, cityList, courierCityList, courierServes, deliveryCostsAnswer, deliveryCostsQuery, listPoint, matchCity, postalCodeOf, toCarrierPoint, toQuote, zipCheckAnswer, zipServed, type BoxberryCity, type BoxberryCourierCity } from './boxberry'
import { BoxberryClient, BoxberryError } from './boxberry-client.server'

/**
 * The Boxberry module (ADR 193), built as СДЭК's (ADR 176): a city's points copied from ListPoints into
 * carrier_points (the first time the city is asked for, then daily by the housekeeping job, and on
 * demand), prices and periods from DeliveryCosts for the order's parcel, kept an hour. Boxberry slow or
 * down: the failure is remembered for half a minute, and the other methods still answer.
 */

const BOXBERRY_LIMITS = {
  ...KEEPER_LIMITS,
  /** A parcel registration or a status read from the back office or the poll. */
  shipmentTimeoutMs: 15_000,
  /** Boxberry's city list is kept this long in the process. */
  cityListTtlMs: 24 * 3_600_000,
}
export type BoxberryLimits = typeof BOXBERRY_LIMITS

/** The limits above; the tests shorten the time limits so a carrier that hangs fails fast (ADR 151). */
export const boxberryLimits = testHook<BoxberryLimits>('boxberry limits', BOXBERRY_LIMITS)

function settings() {
  const e = env()
  return { token: e.BOXBERRY_TOKEN, baseUrl: e.BOXBERRY_API_URL, from: e.BOXBERRY_FROM_POINT }
}

/** One client per process and settings; a change of token or address forgets what the old one learnt. */
export function boxberryClient(): BoxberryClient {
  const s = settings()
  if (!s.token) throw new BoxberryError('auth', 'BOXBERRY_TOKEN is not set')
  const { token } = s
  return keeper.clientFor(`${s.baseUrl}\n${token}`, () => new BoxberryClient({ baseUrl: s.baseUrl, token }))
}

let cityListCache: { at: number; list: Promise<BoxberryCity[]> } | null = null

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

let courierCitiesCache: { at: number; list: Promise<BoxberryCourierCity[]> } | null = null

/** The cities of Boxberry's courier (CourierListCities, ADR 212), asked once a day per process; a failed ask is not kept. */
async function boxberryCourierCities(timeoutMs: number): Promise<BoxberryCourierCity[]> {
  const at = now().getTime()
  if (!courierCitiesCache || at - courierCitiesCache.at >= boxberryLimits().cityListTtlMs) {
    const list = boxberryClient()
      .get('CourierListCities', {}, timeoutMs)
      .then((json) => {
        const parsed = courierCityList.safeParse(json)
        if (!parsed.success) throw new BoxberryError('invalid', 'Boxberry CourierListCities: unexpected answer')
        return parsed.data
      })
    courierCitiesCache = { at, list }
    list.catch(() => {
      if (courierCitiesCache?.list === list) courierCitiesCache = null
    })
  }
  return courierCitiesCache.list
}

async function kladrOf(code: string): Promise<string | null> {
  const [row] = await db().select({ kladrId: cities.kladrId }).from(cities).where(eq(cities.code, code)).limit(1)
  return row?.kladrId ?? null
}

/** Boxberry's code of the city from its city list, then the city's points from ListPoints. */
async function loadCity(city: CarrierCity, timeoutMs: number, database: Db): Promise<LoadedCity> {
  const client = boxberryClient()
  const row = await q.cityRow(database, BOXBERRY, city.code)
  let carrierCity = row?.carrierCityCode ?? null
  if (!carrierCity) {
    const match = matchCity(await boxberryCities(timeoutMs), { ...city, kladrId: await kladrOf(city.code) })
    carrierCity = match?.Code ?? null
  }
  if (!carrierCity) return { carrierCityCode: null }
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
  return { carrierCityCode: carrierCity, points, skipped }
}

const configured = () => Boolean(settings().token)

const keeper = carrierKeeper<BoxberryClient>({
  carrier: BOXBERRY,
  label: 'Boxberry',
  logs: { refreshFailed: 'Boxberry points refresh failed', quoteFailed: 'Boxberry DeliveryCosts failed' },
  defaultKind: 'PVZ',
  limits: () => boxberryLimits(),
  configured,
  loadCity,
  readError(error) {
    const e = error instanceof BoxberryError ? error : new BoxberryError('network', String(error))
    // Boxberry refusing this parcel (its `err`: too heavy, a point that takes no parcels) is not Boxberry down.
    return { refused: !e.down && e.kind !== 'auth', message: e.message, kind: e.kind }
  },
  notServed: 'Boxberry does not serve the city',
  /**
   * A price for the city. DeliveryCosts prices a parcel to one point (`target`) or to a postal code
   * (`zip`, courier); Boxberry's tariff depends on the destination's zone, not the point, so the city is
   * priced at its reference point, the first of its active points by code (ADR 193). Courier: that
   * point's postal code.
   */
  async askQuote(input) {
    const { from } = settings()
    const [reference] = await q.pointsInCity(input.q, BOXBERRY, input.city.code, 1)
    if (!reference) return { ok: false, reason: 'no-tariff', detail: 'no Boxberry point in the city' }
    const zip = input.mode === 'courier' ? postalCodeOf(reference.addressFull) : null
    if (input.mode === 'courier' && !zip) return { ok: false, reason: 'no-tariff', detail: 'no postal code for the courier' }
    return {
      key: `${from ?? ''}>${input.mode === 'pickup' ? reference.code : `zip:${zip}`}:${packageKey(input.pkg)}`,
      ask: async () => {
        if (input.mode === 'courier') {
          // The door delivery: Boxberry's courier must serve the city (CourierListCities) and the postal code (ZipCheck).
          const timeoutMs = boxberryLimits().quoteTimeoutMs
          if (!courierServes(await boxberryCourierCities(timeoutMs), input.city)) return { ok: false, reason: 'no-tariff', detail: 'no Boxberry courier in the city' }
          const check = zipCheckAnswer.safeParse(await boxberryClient().get('ZipCheck', { Zip: zip ?? '' }, timeoutMs))
          if (!check.success) throw new BoxberryError('invalid', 'Boxberry ZipCheck: unexpected answer')
          if (!zipServed(check.data)) return { ok: false, reason: 'no-tariff', detail: 'no Boxberry courier to the postal code' }
        }
        const json = await boxberryClient().get(
          'DeliveryCosts',
          deliveryCostsQuery({ pkg: input.pkg, orderSumKopecks: 0, from, ...(input.mode === 'pickup' ? { target: reference.code } : { zip: zip ?? '' }) }),
          boxberryLimits().quoteTimeoutMs,
        )
        const parsed = deliveryCostsAnswer.safeParse(json)
        if (!parsed.success) throw new BoxberryError('invalid', 'Boxberry DeliveryCosts: unexpected answer')
        const value = toQuote(parsed.data, input.mode)
        return value ? { ok: true, value } : { ok: false, reason: 'no-tariff', detail: 'no price in the answer' }
      },
    }
  },
  // The city list belongs to the old token or address.
  onNewClient: () => {
    cityListCache = null
    courierCitiesCache = null
  },
})

export const boxberryCarrier: Carrier = {
  code: BOXBERRY,
  handler: BOXBERRY_HANDLER,
  courierHandler: 'boxberry_courier',
  configured,
  ...keeper.methods,
}
