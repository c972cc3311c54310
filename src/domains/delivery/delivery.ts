/**
 * Pure delivery rules: basket lines for carriers, weight and quantity limits, zones and tariffs,
 * courier dates and the MICRO_* order properties. No I/O here; see delivery.server.ts for use-cases.
 */
import { countOf, type PluralForms } from '@/lib/plural'

export const DELIVERY_MESSAGES = {
  overWeight:
    'Вы превысили максимально допустимый вес посылки для доставки этим способом. Пожалуйста, выберите другой способ доставки или разделите свой заказ на несколько заказов.',
  overQuantity:
    'Вы превысили максимально допустимое кол-во товаров. Пожалуйста, разделите свой заказ на несколько заказов. Количество товаров не должно превышать 125 шт.',
  courierImpossible:
    'По данному адресу невозможно доставить данным способом, попробуйте выбрать другой способ доставки или оплаты.',
  noSdekPoints: 'Извините, в данном населенном пункте, точки СДЭК не найдены',
  noSuitablePoints: 'Мы не нашли пунктов выдачи подходящих по выбранным параметрам.',
  prepayOnly: 'Только предоплата!',
  pointError: 'Ошибка',
  pointUnavailable: 'К сожалению, доставка в данный пункт временно недоступна. Выберите другой пункт.',
  selected: 'Выбрано!',
  choosePoint: 'Пожалуйста, выберите пункт выдачи!',
  fullAddress: 'Введите полный адрес для доставки',
  addressNotFound: 'Адрес не найден, проверьте правильность написания',
  required: 'Обязательное поле',
  chooseDelivery: 'Пожалуйста, выберите способ доставки',
  // Not in the spec: our own wording, listed in ADR 040.
  unknownCity: 'Населённый пункт не найден. Выберите его из списка.',
  shortSearch: 'Введите не менее 2 символов',
  unknownService: 'Способ доставки не найден.',
  slotPast: 'Выбранная дата доставки уже недоступна. Выберите другую дату.',
  slotUnknown: 'Такого интервала доставки нет. Выберите время из списка.',
  slotFull: 'Выбранный интервал доставки уже занят. Выберите другое время.',
  badBasket: 'Не удалось прочитать состав корзины.',
} as const

/** Section 9 of the spec. */
export const DELIVERY_LIMITS = {
  maxPoints: 6000,
  maxItemsPerOrder: 125,
  placeSearchMinChars: 2,
  placeSearchDelayMs: 200,
  addressFastDelayMs: 300,
  addressSlowDelayMs: 2000,
  addressFastAboveChars: 5,
  cookieMaxAgeSeconds: 86_400,
  minZoom: 7,
  maxZoom: 10,
  defaultZoom: 12,
  locationZoomBoost: 8,
  listZoom: 10,
  widenMinPoints: 5,
  widenMaxTimes: 10,
  clusterGrid: 50,
} as const

/** Our own cookie names for the spec's region cookie and 'cannot pay' cookie. */
export const REGION_COOKIE = 'vm_region'
export const CANNOT_PAY_COOKIE = 'vm_cannot_pay'

/** The shop's warehouse: zones are distance bands from here. */
export const WAREHOUSE = { lat: 55.7558, lon: 37.6173 } as const
/** Upper bound (km) of zones 0..4; farther is zone 5. */
export const ZONE_LIMITS_KM = [60, 400, 1200, 2500, 4500] as const

/** Heaviest parcel each component can carry: the largest limit among its services (seed data agrees, see test). */
export const WEIGHT_LIMITS = { point: 30_000, courier: 25_000 } as const


// ---------- basket lines ----------

/** A basket line as the checkout or the browser has it; any field may be missing or malformed. */
export interface DeliveryBasketLine {
  name?: string | null
  externalId?: string | number | null
  priceKopecks?: number | null
  quantity?: number | string | null
  /** Grams per unit. */
  weight?: number | string | null
  /** Millimetres. */
  width?: number | string | null
  length?: number | string | null
  height?: number | string | null
  vat?: number | string | null
  /** The product's aerial-restriction property: 'true' forbids air delivery. */
  aerialRestriction?: string | boolean | null
}

/** The spec's "Basket line sent to delivery services" (a carrier's foreign shape, roubles). */
export interface CarrierBasketLine {
  name: string
  externalId: string
  price: number
  currency: 'RUB'
  vat: number
  quantity: number
  weight: number
  width: number
  length: number
  height: number
  canBeDeliveredByAir: boolean
}

export const PARCEL_DEFAULTS = { weight: 100, size: 100 } as const

function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim().replace(',', '.'))
    return Number.isFinite(n) ? n : null
  }
  return null
}

function dimension(value: unknown): number {
  const n = num(value)
  // A size of 1 or less is a placeholder in catalogue data, not a real size.
  return n === null || n <= 1 ? PARCEL_DEFAULTS.size : n
}

export function toCarrierBasketLine(line: DeliveryBasketLine): CarrierBasketLine {
  const weight = num(line.weight)
  const quantity = num(line.quantity)
  const vat = num(line.vat)
  const price = num(line.priceKopecks)
  const id = line.externalId
  return {
    name: line.name ? String(line.name) : 'name',
    externalId: id === null || id === undefined || id === '' ? 'id' : String(id),
    price: price === null || price < 0 ? 0 : price / 100,
    currency: 'RUB',
    vat: vat === null || vat < 0 ? 0 : vat,
    quantity: quantity === null || quantity < 1 ? 1 : Math.floor(quantity),
    // '0.00' and 0 mean the catalogue has no weight.
    weight: weight === null || weight <= 0 ? PARCEL_DEFAULTS.weight : weight,
    width: dimension(line.width),
    length: dimension(line.length),
    height: dimension(line.height),
    canBeDeliveredByAir: String(line.aerialRestriction ?? '') !== 'true',
  }
}

export function toCarrierBasketLines(lines: readonly DeliveryBasketLine[]): CarrierBasketLine[] {
  return lines.map(toCarrierBasketLine)
}

export interface ParcelSummary {
  weightGrams: number
  /** Volumetric weight in grams (cm³ / 5000 kg), what carriers bill for light bulky parcels. */
  volumeWeightGrams: number
  items: number
  sumKopecks: number
}

export function parcelOf(lines: readonly DeliveryBasketLine[]): ParcelSummary {
  let weightGrams = 0
  let volumeCm3 = 0
  let items = 0
  let sumKopecks = 0
  for (const line of toCarrierBasketLines(lines)) {
    weightGrams += line.weight * line.quantity
    volumeCm3 += ((line.width * line.length * line.height) / 1000) * line.quantity
    items += line.quantity
    sumKopecks += Math.round(line.price * 100) * line.quantity
  }
  return {
    weightGrams: Math.round(weightGrams),
    volumeWeightGrams: Math.round(volumeCm3 / 5),
    items,
    sumKopecks,
  }
}

/** getMaximumWeight: a falsy `point` blocks the pickup component, a falsy `courier` the courier one. */
export function maximumWeightCheck(lines: readonly DeliveryBasketLine[]): {
  point: boolean
  courier: boolean
} {
  const { weightGrams } = parcelOf(lines)
  return { point: weightGrams <= WEIGHT_LIMITS.point, courier: weightGrams <= WEIGHT_LIMITS.courier }
}

/** getMaximumQuantity: true when the order is within 125 items. */
export function maximumQuantityCheck(lines: readonly DeliveryBasketLine[]): boolean {
  return parcelOf(lines).items <= DELIVERY_LIMITS.maxItemsPerOrder
}

// ---------- zones and tariffs ----------

export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

export function zoneOf(point: { lat: number; lon: number }): number {
  const km = distanceKm(WAREHOUSE, point)
  const zone = ZONE_LIMITS_KM.findIndex((limit) => km <= limit)
  return zone === -1 ? ZONE_LIMITS_KM.length : zone
}

export interface Tariff {
  baseKopecks: number
  perKgKopecks: number
  daysFrom: number
  daysTo: number
}

/** First kilogram at the base price, each further started kilogram at perKg; bulky parcels pay by volume. */
export function tariffPrice(tariff: Tariff, parcel: ParcelSummary, freeFromKopecks: number | null): number {
  if (freeFromKopecks !== null && parcel.sumKopecks >= freeFromKopecks) return 0
  const billable = Math.max(parcel.weightGrams, parcel.volumeWeightGrams)
  const extraKg = Math.max(0, Math.ceil((billable - 1000) / 1000))
  return tariff.baseKopecks + extraKg * tariff.perKgKopecks
}

const DAYS: PluralForms = ['дня', 'дней', 'дней']
const ONE_DAY: PluralForms = ['день', 'дня', 'дней']

/** 'от 2 до 4 дней', or '3 дня' when the bounds agree. */
export function periodText(daysFrom: number, daysTo: number): string {
  if (daysFrom >= daysTo) return countOf(daysTo, ONE_DAY)
  return `от ${daysFrom} до ${countOf(daysTo, DAYS)}`
}

// ---------- order properties ----------

export const MICRO_PROPS = [
  'MICRO_SOURCE',
  'MICRO_TYPE',
  'MICRO_HANDLER',
  'MICRO_POINT_ID',
  'MICRO_DELIVERY_PRICE',
  'MICRO_SHIP_DATE_FROM',
  'MICRO_SHIP_DATE_TO',
  'ESTIMATED_SHIP_DATE',
  'PROP_ADDRESS',
] as const
export type MicroProp = (typeof MICRO_PROPS)[number]
/** The properties only the widgets write; PROP_ADDRESS is also an ordinary, visible field. */
export const DELIVERY_WIDGET_CODES = MICRO_PROPS.filter(
  (c): c is Exclude<MicroProp, 'PROP_ADDRESS'> => c !== 'PROP_ADDRESS',
)
export type MicroProps = Record<MicroProp, string>

/** The values a confirmed pickup point writes into the order (dates dd.mm.yyyy, price in roubles). */
export function pickupProps(p: {
  handler: string
  kind: string
  pointId: string
  priceKopecks: number
  deliveryFrom: string
  deliveryTo: string
  shipmentDate: string
  address: string
}): MicroProps {
  return {
    MICRO_SOURCE: 'pvz',
    MICRO_TYPE: p.kind,
    MICRO_HANDLER: p.handler,
    MICRO_POINT_ID: p.pointId,
    MICRO_DELIVERY_PRICE: String(p.priceKopecks / 100),
    MICRO_SHIP_DATE_FROM: p.deliveryFrom,
    MICRO_SHIP_DATE_TO: p.deliveryTo,
    ESTIMATED_SHIP_DATE: p.shipmentDate,
    PROP_ADDRESS: p.address,
  }
}

/** Courier: the slot is the date in both ship dates and the window in MICRO_POINT_ID. */
export function courierProps(p: {
  date: string
  time: string
  priceKopecks: number
  shipmentDate: string
  address: string
}): MicroProps {
  return {
    MICRO_SOURCE: 'courier',
    MICRO_TYPE: 'COURIER',
    MICRO_HANDLER: 'courier',
    MICRO_POINT_ID: p.time,
    MICRO_DELIVERY_PRICE: String(p.priceKopecks / 100),
    MICRO_SHIP_DATE_FROM: p.date,
    MICRO_SHIP_DATE_TO: p.date,
    ESTIMATED_SHIP_DATE: p.shipmentDate,
    PROP_ADDRESS: p.address,
  }
}

/**
 * A carrier's courier (ADR 212): the carrier brings the parcel on a day of its own within its period,
 * so there is no slot. The period's first and last day go into the ship dates, MICRO_POINT_ID stays
 * empty, and MICRO_HANDLER names the method ('sdek_courier'), which the shipments domain reads to pick
 * the carrier that takes the parcel to the door.
 */
export function carrierCourierProps(p: {
  handler: string
  deliveryFrom: string
  deliveryTo: string
  priceKopecks: number
  shipmentDate: string
  address: string
}): MicroProps {
  return {
    MICRO_SOURCE: 'courier',
    MICRO_TYPE: 'COURIER',
    MICRO_HANDLER: p.handler,
    MICRO_POINT_ID: '',
    MICRO_DELIVERY_PRICE: String(p.priceKopecks / 100),
    MICRO_SHIP_DATE_FROM: p.deliveryFrom,
    MICRO_SHIP_DATE_TO: p.deliveryTo,
    ESTIMATED_SHIP_DATE: p.shipmentDate,
    PROP_ADDRESS: p.address,
  }
}

/** The shop's own courier (zones, days and windows, ADR 187). */
export const OWN_COURIER_HANDLER = 'courier'

/** The carriers' courier methods (ADR 212): the method's handler and the carrier module's code. */
export const CARRIER_COURIER_HANDLERS: Readonly<Record<string, string>> = { sdek_courier: 'cdek', boxberry_courier: 'boxberry' }

/** A courier method brought by a carrier, not by the shop: no zones, no slots. */
export function isCarrierCourier(handler: string): boolean {
  return Object.hasOwn(CARRIER_COURIER_HANDLERS, handler)
}

export function emptyMicroProps(): MicroProps {
  return Object.fromEntries(MICRO_PROPS.map((k) => [k, ''])) as MicroProps
}

/** What the checkout passes to quoteDeliveryChoice, read back from the order properties. */
export function choiceFromProps(props: Partial<Record<string, string>>): {
  pointId?: string
  slot?: { date: string; time: string }
  address?: string
} {
  const address = props.PROP_ADDRESS?.trim() || undefined
  if (props.MICRO_SOURCE === 'courier') {
    const date = props.MICRO_SHIP_DATE_FROM?.trim() ?? ''
    const time = props.MICRO_POINT_ID?.trim() ?? ''
    return { address, slot: date || time ? { date, time } : undefined }
  }
  return { pointId: props.MICRO_POINT_ID?.trim() || undefined, address }
}

// ---------- picker helpers (shared by the browser components) ----------

/** What the checkout gives every delivery picker (pickup points, postal offices, courier). */
export interface DeliveryPickerProps {
  /** Location code of the checkout. */
  cityCode: string
  /** The checkout's DELIVERY_ID of this method (kept for the caller's bookkeeping). */
  deliveryId: number | string
  /** Carrier code: 'sdek', 'boxberry', 'russianpost' or 'courier'. */
  type: string
  basket: readonly DeliveryBasketLine[]
  /** Called with the MICRO_* order properties and PROP_ADDRESS once the choice is complete. */
  onConfirm: (props: Record<string, string>) => void
  /** The choice became incomplete or the buyer left: the caller clears the delivery fields. */
  onLeave: () => void
  /** Payment on receipt chosen: only choices that accept it are offered. */
  postPay?: boolean
}

/** Section 9: 12 without a location zoom, else location zoom + 8; always kept between 7 and 10. */
export function pickerZoom(locationZoom: number | null | undefined): number {
  const z = locationZoom ? locationZoom + DELIVERY_LIMITS.locationZoomBoost : DELIVERY_LIMITS.defaultZoom
  return Math.min(DELIVERY_LIMITS.maxZoom, Math.max(DELIVERY_LIMITS.minZoom, z))
}

/** The `basket` field of the picker calls: a JSON list of lines, prices in roubles. */
export function basketToWire(lines: readonly DeliveryBasketLine[]): string {
  return JSON.stringify(
    lines.map((l) => ({
      name: l.name ?? undefined,
      id: l.externalId ?? undefined,
      price: typeof l.priceKopecks === 'number' ? l.priceKopecks / 100 : undefined,
      quantity: l.quantity ?? undefined,
      weight: l.weight ?? undefined,
      width: l.width ?? undefined,
      length: l.length ?? undefined,
      height: l.height ?? undefined,
      vat: l.vat ?? undefined,
      aerialRestriction: l.aerialRestriction ?? undefined,
    })),
  )
}

/** A location as the location input and /ajax/places/ carry it; `code` is the checkout's location value. */
export interface Place {
  code: string
  name: string
  region: string
  display: string
  coords: { lat: number; lon: number }
}
