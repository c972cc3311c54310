import 'server-only'
import { db } from '@/db/client'
import { cached, invalidateTag } from '@/lib/cache'
import { JsonText } from '@/lib/json-text'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { kopecksToRubles } from '@/lib/money'
import { activeCarrier } from './carriers/registry.server'
import { DELIVERY_MESSAGES } from './delivery'
import type { CarrierPointsInput, PvzInput } from './delivery.schema'
import {
  carrierPickerSource,
  carrierSource,
  getPointsBody,
  pointsAnswerOf,
  serviceSource,
  storedPointsOf,
  toPickerPoint,
  type PickerPoint,
  type StoredPoints,
} from './points-answer'
import { fillAnswer, readStoredPoints, serviceAnswer } from './points-answer.db'
import {
  findCity,
  isOverWeight,
  pickupDates,
  pickupProvider,
  quoteForCity,
  serviceByHandler,
  type CityRow,
} from './delivery.server'

export type { PickerPoint } from './points-answer'

export interface PickerPointDetail extends PickerPoint {
  price: number
  deliveryFrom: string
  deliveryTo: string
  shipmentDate: string
  comment: string
  warning: boolean
  warningText?: string
}

/** Location zoom of the original service: 1 for the biggest cities, 2 otherwise (the map adds 8). */
function locationZoom(city: CityRow): number {
  return city.population >= 2_000_000 ? 1 : 2
}

async function cityOrFail(code: string): Promise<CityRow> {
  const city = await findCity(code)
  if (!city) throw new Refusal('not-found', DELIVERY_MESSAGES.unknownCity, { error: DELIVERY_MESSAGES.unknownCity, points: [] })
  return city
}

async function providerOrFail(type: string) {
  const provider = await pickupProvider(type)
  if (!provider) throw new Refusal('invalid', DELIVERY_MESSAGES.unknownService, { error: DELIVERY_MESSAGES.unknownService, points: [] })
  return provider
}

const TAG = 'delivery'

/**
 * A city's points of the method as the picker lists them, stored as JSON (ADR 211): the row written
 * when the points last changed, kept in the process like every delivery list. A carrier's city with no
 * row or no points goes through the carrier's first load and the live query; an answer without points
 * is not kept in the process, so the next call tries the first load again (ADR 176).
 */
async function storedPoints(handler: string, city: CityRow, postPay: boolean): Promise<StoredPoints> {
  const carrier = activeCarrier(handler)
  if (carrier) {
    const source = carrierSource(carrier.code)
    const key = `delivery:points-answer:${source}:${city.code}:${postPay ? 'Y' : 'N'}`
    const points = await cached(key, { tags: [TAG, key], ttlSeconds: 300 }, async () => {
      const stored = await readStoredPoints(db(), source, city.code, postPay)
      if (stored && stored.total > 0) return stored
      const live = pointsAnswerOf((await carrier.pointsInCity(city)).map(carrierPickerSource))
      if (live.points > 0) await fillAnswer(db(), source, city.code, live)
      return storedPointsOf(live, postPay)
    })
    if (points.total === 0) invalidateTag(key)
    return points
  }
  const service = await serviceByHandler(handler)
  if (!service) return storedPointsOf(pointsAnswerOf([]), postPay)
  const source = serviceSource(service.id)
  return cached(`delivery:points-answer:${source}:${city.code}:${postPay ? 'Y' : 'N'}`, { tags: [TAG], ttlSeconds: 300 }, async () => {
    const stored = await readStoredPoints(db(), source, city.code, postPay)
    if (stored) return stored
    const live = await serviceAnswer(db(), service.id, city.code)
    await fillAnswer(db(), source, city.code, live)
    return storedPointsOf(live, postPay)
  })
}

/** The spec's getPoints: the stored points' text joined with the city's location, not serialised again. */
export async function getPoints(input: Extract<PvzInput, { action: 'getPoints' }>): Promise<JsonText> {
  const city = await cityOrFail(input.city)
  const provider = await providerOrFail(input.type)
  const points = await storedPoints(provider.handler, city, input.postPay === 'Y')
  const location = { coords: { lat: city.lat, lon: city.lon }, zoom: locationZoom(city) }
  return new JsonText(getPointsBody(points, { handler: provider.handler, location }))
}

export async function getInfo(input: Extract<PvzInput, { action: 'getInfo' }>): Promise<PickerPointDetail> {
  const provider = await providerOrFail(input.type)
  const point = await provider.pointById(input.id)
  const city = point ? await findCity(point.cityCode) : undefined
  const service = await serviceByHandler(provider.handler)
  const otherCity = input.city ? (await findCity(input.city))?.code !== point?.cityCode : false
  const otherKind = input['point-type'] ? input['point-type'] !== point?.kind : false
  if (!point || !point.active || !city || !service || otherCity || otherKind) {
    throw new Refusal('not-found', DELIVERY_MESSAGES.pointUnavailable, { id: null, warning: true, error: DELIVERY_MESSAGES.pointUnavailable })
  }
  const quote = await quoteForCity(service, city, input.basket)
  if (!quote) throw new Refusal('not-found', DELIVERY_MESSAGES.pointUnavailable, { id: null, warning: true, error: DELIVERY_MESSAGES.pointUnavailable })
  const dates = pickupDates(now(), quote)
  const overWeight = isOverWeight(service, quote.parcel, point)
  return {
    ...toPickerPoint(point),
    // The detail carries the full address: it becomes the order's PROP_ADDRESS.
    address: `г ${city.name}, ${point.address}`,
    price: kopecksToRubles(quote.priceKopecks),
    deliveryFrom: dates.deliveryFrom,
    deliveryTo: dates.deliveryTo,
    shipmentDate: dates.shipmentDate,
    comment: point.addressComment,
    warning: overWeight,
    ...(overWeight ? { warningText: DELIVERY_MESSAGES.overWeight } : {}),
  }
}

/** POST /ajax/VuePvzComponent/ */
export async function pvz(input: PvzInput) {
  return input.action === 'getPoints' ? getPoints(input) : getInfo(input)
}

export interface CarrierMapPoint {
  Name: string
  Address: string
  AddressComment: string
  WorkTime: string
  Phone: string
  /** Longitude, as the carriers' widgets name it. */
  cX: number
  /** Latitude. */
  cY: number
  FullAddress: string
  City: string
}

const RUSSIA = new Set(['', 'ru', 'rus', 'россия', 'российская федерация', 'russia'])

/** POST /ajax/sdek/ and /ajax/boxberry/: the carrier's points of a town as a map by point code. */
export async function carrierPoints(handler: string, input: CarrierPointsInput): Promise<Record<string, CarrierMapPoint>> {
  if (!RUSSIA.has((input.country ?? '').toLowerCase())) return {}
  const city = await cityOrFail(input.town)
  if (input.region && city.region.toLowerCase() !== input.region.toLowerCase() && city.code !== input.town) {
    throw new Refusal('not-found', DELIVERY_MESSAGES.unknownCity, { error: DELIVERY_MESSAGES.unknownCity })
  }
  const provider = await providerOrFail(handler)
  const points = await provider.pointsInCity(city.code)
  const out: Record<string, CarrierMapPoint> = {}
  for (const p of points) {
    out[p.id] = {
      Name: p.name,
      Address: p.address,
      AddressComment: p.addressComment,
      WorkTime: p.workTime,
      Phone: p.phone,
      cX: p.lon,
      cY: p.lat,
      FullAddress: `${city.region === city.name ? '' : `${city.region}, `}г ${city.name}, ${p.address}`,
      City: city.name,
    }
  }
  return out
}
