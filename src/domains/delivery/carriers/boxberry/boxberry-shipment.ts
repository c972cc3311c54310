/**
 * Boxberry parcels (ADR 193): ParselCreate's request and answer, ListStatuses' answer, and what its
 * statuses mean to the shipments domain (ADR 195). Boxberry's statuses have no codes, only names
 * («Поступило в пункт выдачи»): the name is the code. Dates come as 'YYYY-MM-DD HH:MM:SS', Moscow time.
 * No I/O here.
 */
import { z } from 'zod'
import type { CarrierPackage } from '../carrier'
import type { ShipmentOrder, ShipmentOutcome, ShipmentReading, ShipmentStatus } from '../../shipments/shipment-carrier'

export const BOXBERRY_SHIPMENT_MESSAGES = {
  notConfigured: 'Boxberry не подключён: нужен BOXBERRY_TOKEN.',
  refused: 'Boxberry не принял отправление',
  down: 'Boxberry сейчас не отвечает. Попробуйте позже.',
} as const

/** The status a fresh registration has until the first read: Boxberry lists the parcel as not yet handed in. */
export const REGISTERED = 'Создан в личном кабинете'

/** The parcel waits for the buyer at the point: the «ждёт вас» letter goes out (once). */
export const READY_STATUSES: ReadonlySet<string> = new Set(['Поступило в пункт выдачи'])
/** Nothing more will happen to it: the poll stops asking. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['Выдано', 'Возвращено в ИМ'])

/** What Boxberry's statuses mean for the order itself (ADR 195). */
export const BOXBERRY_OUTCOMES: Readonly<Record<string, ShipmentOutcome>> = {
  'Принято к доставке': 'shipped',
  'Передано на сортировку': 'shipped',
  'Отправлено в город назначения': 'shipped',
  'Поступило в пункт выдачи': 'shipped',
  'Выдано': 'delivered',
  'Возвращено в ИМ': 'returned',
}

function rubles(kopecks: number): number {
  return Math.round(kopecks) / 100
}

/**
 * ParselCreate's `sdata` for an order to a point (vid 1): our order id as Boxberry's order_id, the
 * declared value (`price`), what the buyer pays on receipt (`payment_sum`, goods and delivery; 0 for a
 * paid order) and of it the delivery (`delivery_sum`), the point (`shop.name`) and the shop's point of
 * hand-in (`shop.name1`, when set), the recipient, the goods, and the parcel as one box (grams, cm).
 */
export function parcelRequest(input: { order: ShipmentOrder; pointCode: string; fromPoint?: string; pkg: CarrierPackage; door?: BoxberryDoor }) {
  const { order, door } = input
  const goodsKopecks = order.lines.reduce((s, l) => s + l.priceKopecks * l.quantity, 0)
  const owed = order.paid ? 0 : goodsKopecks + order.deliveryKopecks
  return {
    order_id: String(order.id),
    price: rubles(goodsKopecks),
    payment_sum: rubles(owed),
    delivery_sum: order.paid ? 0 : rubles(order.deliveryKopecks),
    vid: door ? 2 : 1,
    shop: { name: door ? '' : input.pointCode, name1: input.fromPoint ?? '' },
    // Courier to the door (ADR 212): the postal code, the settlement and the address; Boxberry's courier
    // chooses the day and keeps its default window (10:00–18:00), as the checkout told the buyer.
    ...(door ? { kurdost: { index: door.zip, citi: door.city, addressp: door.address } } : {}),
    customer: { fio: order.buyerName, phone: order.phone, email: order.email },
    items: order.lines.map((l, i) => ({
      id: String(l.offerId ?? `line-${i + 1}`),
      name: l.name.slice(0, 255),
      UnitName: 'шт',
      price: rubles(l.priceKopecks),
      quantity: l.quantity,
    })),
    weights: { weight: input.pkg.weightGrams, x: input.pkg.lengthCm, y: input.pkg.widthCm, z: input.pkg.heightCm },
  }
}

/** Where Boxberry's courier brings a parcel (vid 2, `kurdost`). */
export interface BoxberryDoor {
  zip: string
  /** «Регион, Город» for a settlement whose name repeats, as Boxberry asks. */
  city: string
  address: string
}

/** The settlement as `kurdost.citi`: the region first when it is not the city itself (Москва). */
export function doorCity(city: { name: string; region: string }): string {
  const region = city.region.trim()
  return region && region.toLowerCase() !== city.name.trim().toLowerCase() ? `${region}, ${city.name}` : city.name
}

/** ParselCreate's answer: the track number (and a label link we do not keep). */
export const parcelAnswer = z.object({ track: z.string().min(1).max(64), label: z.string().nullish() })

/** ListStatuses' answer, oldest first. */
export const statusesAnswer = z.array(
  z.object({
    Date: z.string(),
    Name: z.string().min(1),
    Comment: z.string().nullish(),
  }),
)

/** 'YYYY-MM-DD HH:MM:SS' (Moscow) to ISO 8601 with its offset; an unreadable date stays as sent. */
export function moscowIso(date: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?/.exec(date.trim())
  return m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}+03:00` : date
}

/** A ListStatuses answer as our reading, oldest first; the track is the parcel's ref. */
export function readStatuses(track: string, answer: z.infer<typeof statusesAnswer>): ShipmentReading {
  const statuses: ShipmentStatus[] = answer
    .map((s) => ({ code: s.Name.trim(), name: s.Name.trim(), at: moscowIso(s.Date), city: '' }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
  return { trackNumber: track, statuses, invalid: null }
}
