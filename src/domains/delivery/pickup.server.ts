import 'server-only'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { kopecksToRubles } from '@/lib/money'
import { DELIVERY_LIMITS, DELIVERY_MESSAGES } from './delivery'
import type { CarrierPointsInput, PvzInput } from './delivery.schema'
import {
  findCity,
  isOverWeight,
  pickupDates,
  pickupProvider,
  quoteForCity,
  serviceByHandler,
  type CityRow,
  type PointRow,
} from './delivery.server'

/** A point in the picker's list: small, since Moscow sends more than a thousand. */
export interface PickerPoint {
  id: string
  name: string
  type: string
  address: string
  coords: [number, number]
  canGetPayment: boolean
  graph: string
}

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

function toPickerPoint(p: PointRow): PickerPoint {
  return {
    id: p.id,
    name: p.name,
    type: p.kind,
    address: p.address,
    coords: [p.lat, p.lon],
    canGetPayment: p.canGetPayment,
    graph: p.workTime,
  }
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

export async function getPoints(input: Extract<PvzInput, { action: 'getPoints' }>) {
  const city = await cityOrFail(input.city)
  const provider = await providerOrFail(input.type)
  const all = await provider.pointsInCity(city.code)
  const points = (input.postPay === 'Y' ? all.filter((p) => p.canGetPayment) : all)
    .slice(0, DELIVERY_LIMITS.maxPoints)
    .map(toPickerPoint)
  const message =
    points.length > 0
      ? undefined
      : all.length === 0 && provider.handler === 'sdek'
        ? DELIVERY_MESSAGES.noSdekPoints
        : DELIVERY_MESSAGES.noSuitablePoints
  return {
    points,
    location: { coords: { lat: city.lat, lon: city.lon }, zoom: locationZoom(city) },
    ...(message ? { message } : {}),
  }
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
