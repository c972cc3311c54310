import 'server-only'
/**
 * Delivery use-cases: the API the checkout consumes.
 *
 * - `listDeliveryOptions({ cityCode, basket })` → every method offered in the city (id = DELIVERY_ID,
 *   code, name, description, sort, type 'pickup'|'postal'|'courier', priceKopecks for this basket,
 *   periodText, blocked + blockedMessage when over the method's weight limit, logo), ordered by sort.
 *   Unknown city → [].
 * - `quoteDeliveryChoice(db, { deliveryId, cityCode, pointId?, slot?, address?, basket })` → the price
 *   recomputed from our data (never the client's MICRO_DELIVERY_PRICE) and the ship dates, or
 *   `{ ok: false, message }` for an unknown method, a point of another carrier or city, an unknown or
 *   inactive point, a past, unknown or full courier slot, an over-weight basket, or (postPay: true) a point
 *   that takes no payment on receipt ('Только предоплата!'). Read the choice from
 *   the order properties with `choiceFromProps(props)` (delivery.ts).
 * - `bookCourierSlot(tx, { cityCode, date, time })` → true when a place was taken (call it inside the
 *   order transaction; a conditional upsert, R4); false when full or not offered.
 *   `releaseCourierSlot(tx, same)` gives the place back on cancellation.
 * - `orderDeliveryChoice(tx, same as quoteDeliveryChoice)` → the quote plus what an order stores for
 *   it (the method, the MICRO_* properties, the address, the slot to book): an order edit moves an
 *   order to another delivery with it (ADR 167). It books nothing.
 * - Re-exported pure helpers: `toCarrierBasketLines`, `maximumWeightCheck` (getMaximumWeight),
 *   `maximumQuantityCheck` (getMaximumQuantity), `choiceFromProps`, `DELIVERY_MESSAGES`, the cookies.
 * Dates on the wire are dd.mm.yyyy; a slot time is 'HH:MM - HH:MM'.
 */
import { db as defaultDb, type Db, type Tx } from '@/db/client'
import { cached, invalidateTag } from '@/lib/cache'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { testHook } from '@/lib/test-hooks'
import { DELIVERY_LIMITS, DELIVERY_MESSAGES, carrierCourierProps, courierProps, isCarrierCourier, parcelOf, periodText, pickupProps, tariffPrice, zoneOf, type DeliveryBasketLine, type MicroProps, type ParcelSummary, type Tariff } from './delivery'
import { courierDays, fromRuDate, parseWindow, shipmentDay, toRuDate, windowText, addDays } from './delivery-dates'
import * as q from './delivery.db'
import { packageOf, takesPaymentOnReceipt, type Carrier, type CarrierPoint } from './carriers/carrier'
import { activeCarrier } from './carriers/registry.server'
import type { CityRow, PointRow, ServiceRow } from './delivery.db'

export {
  toCarrierBasketLines,
  toCarrierBasketLine,
  maximumWeightCheck,
  maximumQuantityCheck,
  choiceFromProps,
  pickupProps,
  courierProps,
  carrierCourierProps,
  isCarrierCourier,
  emptyMicroProps,
  DELIVERY_MESSAGES,
  DELIVERY_LIMITS,
  REGION_COOKIE,
  CANNOT_PAY_COOKIE,
  MICRO_PROPS,
} from './delivery'
export type { DeliveryBasketLine, CarrierBasketLine, MicroProps } from './delivery'

export type DeliveryKind = 'pickup' | 'postal' | 'courier'

export interface DeliveryOption {
  id: number
  code: string
  handler: string
  name: string
  description: string
  sort: number
  type: DeliveryKind
  priceKopecks: number
  periodText: string
  blocked: boolean
  blockedMessage?: string
  logo: string
}

export type DeliveryQuote =
  | { ok: true; priceKopecks: number; periodText: string; shipDateFrom?: string; shipDateTo?: string }
  | { ok: false; message: string }

const TAG = 'delivery'

/** The delivery service of the shop's own pickup points (ADR 187), seeded as DELIVERY_ID 5. */
export const OWN_PICKUP_HANDLER = 'shop'

// ---------- providers ----------

/** What a carrier offers; built-in providers read our own tables, an external adapter would call its API. */
export interface DeliveryProvider {
  readonly handler: string
  pointsInCity(cityCode: string): Promise<PointRow[]>
  pointById(id: string): Promise<PointRow | undefined>
}

function builtInPickupProvider(serviceId: number, handler: string): DeliveryProvider {
  return {
    handler,
    pointsInCity: (cityCode) =>
      cached(`delivery:points:${serviceId}:${cityCode}`, { tags: [TAG], ttlSeconds: 300 }, () =>
        q.pointsInCity(defaultDb(), [serviceId], cityCode, DELIVERY_LIMITS.maxPoints),
      ),
    pointById: async (id) => {
      const row = await q.pointById(defaultDb(), id)
      return row && row.serviceId === serviceId ? row : undefined
    },
  }
}

/** A real carrier's point as the delivery domain reads points (ADR 176). */
function carrierPointRow(service: ServiceRow, p: CarrierPoint): PointRow {
  return {
    id: p.code,
    serviceId: service.id,
    cityCode: p.cityCode,
    kind: p.kind,
    name: p.name,
    address: p.address,
    addressComment: p.addressComment,
    workTime: p.workTime,
    phone: p.phone,
    lat: p.lat,
    lon: p.lon,
    canGetPayment: takesPaymentOnReceipt(p),
    maxWeightGrams: Math.min(service.maxWeightGrams, p.weightMaxGrams ?? service.maxWeightGrams),
    active: p.active,
  }
}

/** A configured carrier's points: read from our table (carrier_points), which its refresh keeps. */
function carrierPickupProvider(service: ServiceRow, carrier: Carrier): DeliveryProvider {
  return {
    handler: service.handler,
    pointsInCity: async (cityCode) => {
      const city = await findCity(cityCode)
      if (!city) return []
      const key = `delivery:carrier-points:${carrier.code}:${city.code}`
      const points = await cached(key, { tags: [TAG, key], ttlSeconds: 300 }, async () =>
        (await carrier.pointsInCity(city)).slice(0, DELIVERY_LIMITS.maxPoints).map((p) => carrierPointRow(service, p)),
      )
      // None yet (the carrier failed the city's first load): not kept, so the next call tries again.
      if (points.length === 0) invalidateTag(key)
      return points
    },
    pointById: async (id) => {
      const point = await carrier.pointByCode(defaultDb(), id)
      return point ? carrierPointRow(service, point) : undefined
    },
  }
}

/** The registry: one provider per pickup service, keyed by its handler code; a configured carrier first. */
export async function pickupProvider(handler: string): Promise<DeliveryProvider | undefined> {
  const service = (await services()).find((s) => s.handler === handler && s.type !== 'courier')
  if (!service) return undefined
  const carrier = activeCarrier(service.handler)
  if (carrier) return carrierPickupProvider(service, carrier)
  return pointsAreReal(service) ? builtInPickupProvider(service.id, service.handler) : undefined
}

/**
 * Whose points a service without a configured carrier shows (ADR 187): the shop's own points are
 * real; a carrier's points in our own table are the demo's invented ones, offered only in demo mode
 * (the seed also takes them out of use in production, ADR 174; this holds even if one was left).
 */
export function pointsAreReal(service: Pick<ServiceRow, 'handler'>): boolean {
  return service.handler === OWN_PICKUP_HANDLER || env().mode === 'demo'
}

/** In a demo, a carrier method without its keys shows invented points: the checkout says so. */
export const DEMO_POINTS_NOTE = 'Демонстрационные данные: пункты выдачи придуманы для показа магазина, перевозчик не подключён.'

/** A point of the service by id, through the caller's handle (a transaction's at order time). */
async function pointOf(database: Db | Tx, service: ServiceRow, id: string): Promise<PointRow | undefined> {
  const carrier = activeCarrier(service.handler)
  if (!carrier) return pointsAreReal(service) ? q.pointById(database, id) : undefined
  const point = await carrier.pointByCode(database, id)
  return point ? carrierPointRow(service, point) : undefined
}

// ---------- cached reference data ----------

/*
 * Reference data is cached when read through the shared handle. A caller inside a transaction passes
 * its `tx` (`via`) and reads directly: on PGlite a transaction holds the only connection, so a read
 * through the shared handle from inside it would wait forever.
 */
type Via = Db | Tx | undefined

async function services(via?: Via): Promise<ServiceRow[]> {
  if (via) return q.activeServices(via)
  return cached('delivery:services', { tags: [TAG], ttlSeconds: 300 }, () => q.activeServices(defaultDb()))
}

async function tariffs(via?: Via): Promise<Map<string, Tariff>> {
  const load = async (d: Db | Tx) => new Map((await q.allTariffs(d)).map((r) => [`${r.serviceId}:${r.zone}`, r] as const))
  if (via) return load(via)
  return cached('delivery:tariffs', { tags: [TAG], ttlSeconds: 300 }, () => load(defaultDb()))
}

/** Keys from outside (codes, ids) are looked up only when they could be real: short, no control characters. */
function plausibleKey(value: string | undefined): string | null {
  const key = value?.trim() ?? ''
  return key && key.length <= 100 && !/[\u0000-\u001f\u007f]/.test(key) ? key : null
}

export async function findCity(code: string, via?: Via): Promise<CityRow | undefined> {
  const key = plausibleKey(code)
  if (!key) return undefined
  const load = async (d: Db | Tx) => (await q.cityByCode(d, key)) ?? (await q.cityByName(d, key))
  if (via) return load(via)
  return cached(`delivery:city:${key.toLowerCase()}`, { tags: [TAG], ttlSeconds: 300 }, () => load(defaultDb()))
}

async function pointCounts(cityCode: string): Promise<Map<number, number>> {
  return cached(`delivery:counts:${cityCode}`, { tags: [TAG], ttlSeconds: 300 }, () =>
    q.pointCountsInCity(defaultDb(), cityCode),
  )
}

async function courierCityOf(cityCode: string, via?: Via) {
  if (via) return (await q.courierCity(via, cityCode)) ?? null
  return cached(`delivery:courier-city:${cityCode}`, { tags: [TAG], ttlSeconds: 300 }, async () =>
    (await q.courierCity(defaultDb(), cityCode)) ?? null,
  )
}

async function courierWindows() {
  return cached('delivery:windows', { tags: [TAG], ttlSeconds: 300 }, () => q.windows(defaultDb()))
}

// ---------- pricing ----------

export interface PriceQuote {
  priceKopecks: number
  daysFrom: number
  daysTo: number
}

/**
 * A courier method brought by a carrier (ADR 212), not the shop's own courier with its zones and slots.
 * The checkout's save books a courier slot only for the shop's own courier.
 */
export function usesCourierSlots(service: Pick<ServiceRow, 'type' | 'handler'>): boolean {
  return service.type === 'courier' && !isCarrierCourier(service.handler)
}

async function priceFor(service: ServiceRow, city: CityRow, parcel: ParcelSummary, via?: Via): Promise<PriceQuote | null> {
  if (usesCourierSlots(service)) {
    // The shop's own courier zone with its own price (ADR 187); without one, the distance tariff.
    const zone = await courierCityOf(city.code, via)
    if (zone && zone.priceKopecks !== null) {
      const threshold = zone.freeFromKopecks ?? service.freeFromKopecks
      const free = threshold !== null && parcel.sumKopecks >= threshold
      return { priceKopecks: free ? 0 : zone.priceKopecks, daysFrom: 0, daysTo: 0 }
    }
  }
  const carrier = activeCarrier(service.handler)
  if (carrier) {
    // No call to the carrier inside a database transaction (the order edit's): a kept quote or none.
    const answer = await carrier.quote({
      q: via ?? defaultDb(),
      city,
      pkg: packageOf(parcel),
      mode: service.type === 'courier' ? 'courier' : 'pickup',
      // A transaction is any handle but the shared one. Not `instanceof PgTransaction`: the built server
      // bundles drizzle into several chunks, and the transaction of a route's copy is no instance of
      // this module's class, so the edit's transaction asked the carrier and read through the shared
      // handle inside it, which on PGlite waits for that transaction forever.
      remote: via === undefined || via === defaultDb(),
    })
    if (!answer.ok) return null
    const free = service.freeFromKopecks !== null && parcel.sumKopecks >= service.freeFromKopecks
    return { priceKopecks: free ? 0 : answer.value.priceKopecks, daysFrom: answer.value.daysFrom, daysTo: answer.value.daysTo }
  }
  // A carrier's courier without its carrier's keys has no price of its own: it is not offered.
  if (isCarrierCourier(service.handler)) return null
  const zone = zoneOf(city)
  const tariff = (await tariffs(via)).get(`${service.id}:${zone}`)
  if (!tariff) return null
  return {
    priceKopecks: tariffPrice(tariff, parcel, service.freeFromKopecks),
    daysFrom: tariff.daysFrom,
    daysTo: tariff.daysTo,
  }
}

/** Delivery dates for a pickup or postal parcel shipped at `at`. */
export function pickupDates(at: Date, quote: PriceQuote) {
  const ship = shipmentDay(at)
  return {
    shipmentDate: toRuDate(ship),
    deliveryFrom: toRuDate(addDays(ship, quote.daysFrom)),
    deliveryTo: toRuDate(addDays(ship, quote.daysTo)),
  }
}

function overWeight(service: ServiceRow, parcel: ParcelSummary, point?: PointRow): boolean {
  return parcel.weightGrams > Math.min(service.maxWeightGrams, point?.maxWeightGrams ?? Number.MAX_SAFE_INTEGER)
}

// ---------- use-cases ----------

export async function listDeliveryOptions(input: {
  cityCode: string
  basket: DeliveryBasketLine[]
}): Promise<DeliveryOption[]> {
  const city = await findCity(input.cityCode)
  if (!city) return []
  const parcel = parcelOf(input.basket)
  const [all, counts, courier] = await Promise.all([services(), pointCounts(city.code), courierCityOf(city.code)])
  const options: DeliveryOption[] = []
  for (const service of all) {
    const ownCourier = usesCourierSlots(service)
    const carrier = ownCourier ? undefined : activeCarrier(service.handler)
    // A carrier's courier is offered only with its carrier's keys (ADR 212), never as demo data.
    if (service.type === 'courier' && !ownCourier && !carrier) continue
    if (service.type !== 'courier' && !carrier && !pointsAreReal(service)) continue
    const demo = service.type !== 'courier' && !carrier && service.handler !== OWN_PICKUP_HANDLER
    // The carrier's courier serves the city when its tariff answers (below): no points needed.
    const available =
      service.type === 'courier' ? !ownCourier || courier !== null : (carrier ? await carrier.pointCount(city) : (counts.get(service.id) ?? 0)) > 0
    if (!available) continue
    const quote = await priceFor(service, city, parcel)
    if (!quote) continue
    const blocked = overWeight(service, parcel)
    const days = ownCourier && courier ? { from: courier.leadDays + quote.daysFrom, to: courier.leadDays + quote.daysTo } : null
    options.push({
      id: service.id,
      code: service.code,
      handler: service.handler,
      name: service.name,
      description: demo ? `${service.description} ${DEMO_POINTS_NOTE}`.trim() : service.description,
      sort: service.sort,
      type: service.type,
      priceKopecks: quote.priceKopecks,
      periodText: days ? periodText(Math.max(1, days.from), Math.max(1, days.to)) : periodText(quote.daysFrom, quote.daysTo),
      blocked,
      ...(blocked ? { blockedMessage: DELIVERY_MESSAGES.overWeight } : {}),
      logo: service.logo,
    })
  }
  return options
}

export async function quoteDeliveryChoice(
  database: Db | Tx,
  input: {
    deliveryId: number
    cityCode: string
    pointId?: string
    slot?: { date: string; time: string }
    address?: string
    basket: DeliveryBasketLine[]
    /** Payment on receipt chosen: a point that only takes prepaid parcels is refused. */
    postPay?: boolean
  },
): Promise<DeliveryQuote> {
  const service = (await services(database)).find((s) => s.id === input.deliveryId)
  if (!service) return { ok: false, message: DELIVERY_MESSAGES.chooseDelivery }
  const city = await findCity(input.cityCode, database)
  if (!city) return { ok: false, message: DELIVERY_MESSAGES.unknownCity }
  const parcel = parcelOf(input.basket)
  const quote = await priceFor(service, city, parcel, database)
  if (!quote && service.type === 'courier' && !usesCourierSlots(service)) return { ok: false, message: DELIVERY_MESSAGES.courierImpossible }
  // A carrier that did not answer: the spec's message for a point it cannot deliver to now.
  if (!quote) return { ok: false, message: activeCarrier(service.handler) ? DELIVERY_MESSAGES.pointUnavailable : DELIVERY_MESSAGES.unknownService }

  if (service.type === 'courier' && !usesCourierSlots(service)) {
    // The carrier's courier (ADR 212): the address as for the shop's courier, no slot; the carrier's period.
    if (overWeight(service, parcel)) return { ok: false, message: DELIVERY_MESSAGES.overWeight }
    if (!input.address?.trim()) return { ok: false, message: DELIVERY_MESSAGES.fullAddress }
    const dates = pickupDates(now(), quote)
    return {
      ok: true,
      priceKopecks: quote.priceKopecks,
      periodText: periodText(quote.daysFrom, quote.daysTo),
      shipDateFrom: dates.deliveryFrom,
      shipDateTo: dates.deliveryTo,
    }
  }

  if (service.type === 'courier') {
    if (!(await courierCityOf(city.code, database))) return { ok: false, message: DELIVERY_MESSAGES.courierImpossible }
    if (overWeight(service, parcel)) return { ok: false, message: DELIVERY_MESSAGES.overWeight }
    if (!input.address?.trim()) return { ok: false, message: DELIVERY_MESSAGES.fullAddress }
    const check = await checkSlot(database, city.code, input.slot)
    if (!check.ok) return check
    return {
      ok: true,
      priceKopecks: quote.priceKopecks,
      periodText: `${toRuDate(check.date)} ${windowText(check.window.timeFrom, check.window.timeTo)}`,
      shipDateFrom: toRuDate(check.date),
      shipDateTo: toRuDate(check.date),
    }
  }

  if (!input.pointId?.trim()) return { ok: false, message: DELIVERY_MESSAGES.choosePoint }
  const pointId = plausibleKey(input.pointId)
  const point = pointId ? await pointOf(database, service, pointId) : undefined
  if (!point || !point.active || point.serviceId !== service.id || point.cityCode !== city.code) {
    return { ok: false, message: DELIVERY_MESSAGES.pointUnavailable }
  }
  if (overWeight(service, parcel, point)) return { ok: false, message: DELIVERY_MESSAGES.overWeight }
  if (input.postPay && !point.canGetPayment) return { ok: false, message: DELIVERY_MESSAGES.prepayOnly }
  const dates = pickupDates(now(), quote)
  return {
    ok: true,
    priceKopecks: quote.priceKopecks,
    periodText: periodText(quote.daysFrom, quote.daysTo),
    shipDateFrom: dates.deliveryFrom,
    shipDateTo: dates.deliveryTo,
  }
}

export type OrderDeliveryChoice =
  | {
      ok: true
      priceKopecks: number
      service: { id: number; name: string; type: DeliveryKind }
      props: MicroProps
      /** The courier's address, or the point's. */
      address: string
      /** Courier: the slot to book, in the form the order's slot booking keeps. */
      slot: SlotInput | null
    }
  | { ok: false; message: string }

/**
 * The checkout's quote of a delivery choice (same checks, same price, free-delivery threshold
 * included) and what an order keeps of it, read through the caller's transaction.
 */
export async function orderDeliveryChoice(tx: Db | Tx, input: Parameters<typeof quoteDeliveryChoice>[1]): Promise<OrderDeliveryChoice> {
  const quote = await quoteDeliveryChoice(tx, input)
  if (!quote.ok) return quote
  const service = (await services(tx)).find((s) => s.id === input.deliveryId)
  const city = await findCity(input.cityCode, tx)
  if (!service || !city) return { ok: false, message: DELIVERY_MESSAGES.chooseDelivery }
  const shipmentDate = toRuDate(shipmentDay(now()))
  const base = { ok: true as const, priceKopecks: quote.priceKopecks, service: { id: service.id, name: service.name, type: service.type } }
  if (service.type === 'courier' && !usesCourierSlots(service)) {
    const address = input.address?.trim() ?? ''
    return {
      ...base,
      props: carrierCourierProps({
        handler: service.handler,
        deliveryFrom: quote.shipDateFrom ?? '',
        deliveryTo: quote.shipDateTo ?? '',
        priceKopecks: quote.priceKopecks,
        shipmentDate,
        address,
      }),
      address,
      slot: null,
    }
  }
  if (service.type === 'courier') {
    const range = parseWindow(input.slot?.time ?? '')
    const address = input.address?.trim() ?? ''
    if (!range || !quote.shipDateFrom) return { ok: false, message: DELIVERY_MESSAGES.slotUnknown }
    const time = windowText(range.timeFrom, range.timeTo)
    return {
      ...base,
      props: courierProps({ date: quote.shipDateFrom, time, priceKopecks: quote.priceKopecks, shipmentDate, address }),
      address,
      slot: { cityCode: city.code, date: quote.shipDateFrom, time },
    }
  }
  const point = await pointOf(tx, service, input.pointId?.trim() ?? '')
  if (!point) return { ok: false, message: DELIVERY_MESSAGES.pointUnavailable }
  return {
    ...base,
    props: pickupProps({
      handler: service.handler,
      kind: point.kind,
      pointId: point.id,
      priceKopecks: quote.priceKopecks,
      deliveryFrom: quote.shipDateFrom ?? '',
      deliveryTo: quote.shipDateTo ?? '',
      shipmentDate,
      address: point.address,
    }),
    address: point.address,
    slot: null,
  }
}

/** Two slot bookings name the same place (dates in either form, spaces in the window aside). */
export function sameSlot(a: SlotInput | null, b: SlotInput | null): boolean {
  if (!a || !b) return a === b
  const wa = parseWindow(a.time)
  const wb = parseWindow(b.time)
  return a.cityCode === b.cityCode && fromRuDate(a.date) === fromRuDate(b.date) && wa !== null && wb !== null && wa.timeFrom === wb.timeFrom && wa.timeTo === wb.timeTo
}

type SlotCheck = { ok: true; date: string; window: q.WindowRow } | { ok: false; message: string }

/** A slot is offered when its date is one of the courier days, its window exists and it has room. */
async function checkSlot(database: Db | Tx, cityCode: string, slot?: { date: string; time: string }): Promise<SlotCheck> {
  if (!slot?.date?.trim() || !slot.time?.trim()) return { ok: false, message: DELIVERY_MESSAGES.required }
  const date = fromRuDate(slot.date)
  const range = parseWindow(slot.time)
  if (!date || !range) return { ok: false, message: DELIVERY_MESSAGES.slotUnknown }
  const courier = await courierCityOf(cityCode, database)
  if (!courier) return { ok: false, message: DELIVERY_MESSAGES.courierImpossible }
  const days = courierDays(now(), courier.leadDays)
  if (date < days[0]!) return { ok: false, message: DELIVERY_MESSAGES.slotPast }
  if (!days.includes(date)) return { ok: false, message: DELIVERY_MESSAGES.slotUnknown }
  const window = (await q.windows(database)).find((w) => w.timeFrom === range.timeFrom && w.timeTo === range.timeTo)
  if (!window) return { ok: false, message: DELIVERY_MESSAGES.slotUnknown }
  const [load] = await q.slotLoads(database, cityCode, [date]).then((rows) => rows.filter((r) => r.windowId === window.id))
  if ((load ? load.booked >= load.capacity : window.capacity < 1)) return { ok: false, message: DELIVERY_MESSAGES.slotFull }
  return { ok: true, date, window }
}

/** R4: a slot place is taken only while the slot has room. The race test's negative control switches it off. */
export const slotGuard = testHook('delivery slot guard', true)

export interface SlotInput {
  cityCode: string
  /** dd.mm.yyyy or YYYY-MM-DD */
  date: string
  /** 'HH:MM - HH:MM' */
  time: string
}

async function resolveSlot(tx: Db | Tx, input: SlotInput) {
  const date = fromRuDate(input.date)
  const range = parseWindow(input.time)
  if (!date || !range) return null
  const window = (await q.windows(tx)).find((w) => w.timeFrom === range.timeFrom && w.timeTo === range.timeTo)
  return window ? { date, window } : null
}

/** Takes one place in the slot inside the caller's order transaction; false when full or not offered. */
export async function bookCourierSlot(tx: Db | Tx, input: SlotInput): Promise<boolean> {
  const city = await findCity(input.cityCode, tx)
  if (!city) return false
  const courier = await courierCityOf(city.code, tx)
  if (!courier) return false
  const slot = await resolveSlot(tx, input)
  if (!slot || !courierDays(now(), courier.leadDays).includes(slot.date)) return false
  return q.takeSlotPlace(
    tx,
    { cityCode: city.code, date: slot.date, windowId: slot.window.id, capacity: slot.window.capacity },
    slotGuard(),
  )
}

/** Gives a place back when an order is cancelled; false when there was nothing booked. */
export async function releaseCourierSlot(tx: Db | Tx, input: SlotInput): Promise<boolean> {
  const city = await findCity(input.cityCode, tx)
  const slot = await resolveSlot(tx, input)
  if (!city || !slot) return false
  return q.releaseSlotPlace(tx, { cityCode: city.code, date: slot.date, windowId: slot.window.id })
}

// ---------- what the spec's calls need ----------

export interface CourierDay {
  date: string
  times: string[]
}

/** Courier days and free windows for a city; null when the courier does not serve it. */
export async function courierSchedule(cityCode: string): Promise<{ days: CourierDay[]; shipmentDate: string } | null> {
  const courier = await courierCityOf(cityCode)
  if (!courier) return null
  const at = now()
  const days = courierDays(at, courier.leadDays)
  const [allWindows, loads] = await Promise.all([courierWindows(), q.slotLoads(defaultDb(), cityCode, days)])
  const full = new Set(loads.filter((l) => l.booked >= l.capacity).map((l) => `${l.date}:${l.windowId}`))
  return {
    shipmentDate: toRuDate(shipmentDay(at)),
    days: days
      .map((day) => ({
        date: toRuDate(day),
        times: allWindows
          .filter((w) => w.capacity > 0 && !full.has(`${day}:${w.id}`))
          .map((w) => windowText(w.timeFrom, w.timeTo)),
      }))
      .filter((d) => d.times.length > 0),
  }
}

export async function serviceByHandler(handler: string): Promise<ServiceRow | undefined> {
  return (await services()).find((s) => s.handler === handler || s.code === handler)
}

export async function quoteForCity(service: ServiceRow, city: CityRow, basket: DeliveryBasketLine[]) {
  const parcel = parcelOf(basket)
  const quote = await priceFor(service, city, parcel)
  return quote ? { ...quote, parcel, overWeight: overWeight(service, parcel) } : null
}

export { overWeight as isOverWeight }
export type { CityRow, PointRow, ServiceRow }
