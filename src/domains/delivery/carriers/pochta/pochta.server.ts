import 'server-only'
import { eq } from 'drizzle-orm'
import { db } from '@/db/client'
import { cities } from '@/db/schema'
import { env } from '@/lib/env'
import { testHook } from '@/lib/test-hooks'
import { packageKey, type Carrier, type CarrierCity, type CarrierPoint } from '../carrier'
import { KEEPER_LIMITS, carrierKeeper, refusedOn4xx, type LoadedCity } from '../carrier-keeper.server'
import { ONLINE_PARCEL_MAX_GRAMS, POCHTA, POCHTA_HANDLER, TARIFF_OBJECTS, handsOut, inCity, postOffice, searchArea, tariffAnswer, tariffErrors, tariffQuery, toCarrierPoint, toQuote } from './pochta'
import { PochtaClient, PochtaError } from './pochta-client.server'

/**
 * The Почта России module (ADR 194): a city's post offices copied into carrier_points from otpravka's
 * office search around the city's centre (the first time a city is asked for, then daily by the
 * housekeeping job, and on demand), «Посылка онлайн» prices and periods from the public calculator for
 * the order's parcel, kept an hour. The post slow or down: the failure is remembered for half a minute,
 * and the other methods still answer.
 */

const POCHTA_LIMITS = {
  ...KEEPER_LIMITS,
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

/** One client per process and settings; new settings forget the kept quotes and the down mark. */
export function pochtaClient(): PochtaClient {
  const s = pochtaSettings()
  if (!s.token || !s.login || !s.password) throw new PochtaError('auth', 'POCHTA_TOKEN, POCHTA_LOGIN and POCHTA_PASSWORD are not set')
  const { token, login, password } = s
  const key = [s.tariffUrl, s.apiUrl, token, login, password].join('\n')
  return keeper.clientFor(key, () => new PochtaClient({ tariffUrl: s.tariffUrl, apiUrl: s.apiUrl, token, login, password }))
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
async function loadCity(city: CarrierCity, timeoutMs: number): Promise<LoadedCity> {
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
  // No office in the city: the post does not serve it (for our parcels).
  const index = points.find((p) => p.kind === 'POST')?.code ?? points[0]?.code ?? null
  return index ? { carrierCityCode: index, points, skipped } : { carrierCityCode: null }
}

const configured = () => {
  const s = pochtaSettings()
  return Boolean(s.token && s.login && s.password)
}

const keeper = carrierKeeper<PochtaClient>({
  carrier: POCHTA,
  label: 'Почта России',
  logs: { refreshFailed: 'Почта России offices refresh failed', quoteFailed: 'Почта России calculator failed' },
  defaultKind: 'POST',
  limits: () => pochtaLimits(),
  configured,
  loadCity,
  // A 4xx is the calculator refusing this parcel (a wrong index, too heavy), not the post being down.
  readError: (error) => refusedOn4xx(error instanceof PochtaError ? error : new PochtaError('network', String(error))),
  notServed: 'no post office in the city',
  async askQuote(input, index) {
    const { fromIndex } = pochtaSettings()
    if (input.pkg.weightGrams > ONLINE_PARCEL_MAX_GRAMS) return { ok: false, reason: 'no-tariff', detail: '«Посылка онлайн» takes at most 20 kg' }
    const object = TARIFF_OBJECTS[input.mode].code
    return {
      key: `${fromIndex}>${index}:${object}:${packageKey(input.pkg)}`,
      ask: async () => {
        const json = await pochtaClient().tariff(
          'v2/calculate/tariff/delivery',
          tariffQuery({ object, from: fromIndex, to: index, weightGrams: input.pkg.weightGrams }),
          pochtaLimits().quoteTimeoutMs,
        )
        const parsed = tariffAnswer.safeParse(json)
        if (!parsed.success) throw new PochtaError('invalid', 'Почта России calculator: unexpected answer')
        const value = toQuote(parsed.data, input.mode)
        return value ? { ok: true, value } : { ok: false, reason: 'no-tariff', detail: tariffErrors(parsed.data) || 'no price' }
      },
    }
  },
})

export const pochtaCarrier: Carrier = {
  code: POCHTA,
  handler: POCHTA_HANDLER,
  configured,
  ...keeper.methods,
}
