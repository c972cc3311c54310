import type { Db } from '@/db/client'
import type { CarrierCity, CarrierPackage } from '../carriers/carrier'
import type { DeliveryBasketLine } from '../delivery'

/**
 * A carrier that takes parcels (ADR 195): what the shipments domain (shipments.server.ts) asks of it.
 * The domain owns the rest — one row per order claimed before the call, every update a re-read, the
 * webhook hint, the poll, the buyer's «ждёт вас» letter once, the order's timeline and status — so a
 * carrier only registers a parcel and reads one back. Adapters are listed in shipment-carriers.server.ts.
 * Pure types here; no I/O.
 */

/** One status of the carrier's history, in our terms. */
export interface ShipmentStatus {
  /** The carrier's own code ('ACCEPTED_AT_PICK_UP_POINT'). */
  code: string
  /** Our Russian name of it (statusNames), or the carrier's own. */
  name: string
  /** ISO 8601 */
  at: string
  city: string
}

/** What a re-read tells us: the track number, the statuses oldest first, or why the carrier refused the parcel. */
export interface ShipmentReading {
  trackNumber: string
  statuses: ShipmentStatus[]
  /** The carrier checked the registration later and refused it: the reason. The order may be registered again. */
  invalid: string | null
}

/** The order as a carrier needs it to register its parcel. */
export interface ShipmentOrder {
  id: number
  buyerName: string
  email: string
  phone: string
  paid: boolean
  deliveryKopecks: number
  lines: { name: string; offerId: number | null; priceKopecks: number; quantity: number; weightGrams: number }[]
}

export interface ShipmentRequest {
  /** For reads only (the city's carrier code, a kept quote); never held across the carrier's call. */
  q: Db
  order: ShipmentOrder
  /** The order's city; null when it is no longer in the table. */
  city: CarrierCity | null
  /** The order's lines with their weights and sizes, for a carrier that prices the parcel again. */
  lines: DeliveryBasketLine[]
  /** The order's parcel as one box (packageOf). */
  pkg: CarrierPackage
  /** 'pickup': to the carrier's point `pointCode`; 'courier': to the buyer's door at `address`. */
  mode: 'pickup' | 'courier'
  pointCode: string
  address: string
}

/** A carrier registered the parcel; `ref` is its id of it (СДЭК's uuid), kept in carrier_shipments.uuid. */
export type RegisterOutcome =
  | { ok: true; ref: string; trackNumber: string; statusCode: string; statusName: string; tariffCode: number | null }
  /** 'refused': the carrier answered no (the message says why, in Russian); 'down': no answer, try later. */
  | { ok: false; kind: 'refused' | 'down'; message: string }

export type ReadOutcome = { ok: true; reading: ShipmentReading } | { ok: false; error: string }

/** What a carrier status means for the order: the parcel is on its way, was handed to the buyer, or goes back. */
export type ShipmentOutcome = 'shipped' | 'delivered' | 'returned'

export interface ShipmentCarrier {
  /** The code kept in carrier_shipments.carrier ('cdek'). */
  readonly code: string
  /** The delivery handler of orders it ships to its points (order props MICRO_HANDLER, 'sdek'); also the order's TRACK_CARRIER. */
  readonly handler: string
  /** The handlers of orders it takes to the door: its own courier method ('sdek_courier', ADR 212), and for СДЭК the shop's courier too. */
  readonly courierHandlers?: readonly string[]
  /** Its name for staff and buyers: «СДЭК». */
  readonly name: string
  /** Where the buyer collects a parcel, for the «ждёт вас» letter: «в пункте выдачи СДЭК». */
  readonly readyPlace: string
  /** Its keys are set. */
  configured(): boolean
  /** Why a parcel cannot be registered now (not configured, a setting missing), in Russian; null when it can. */
  registrationBlocker(): string | null
  /** Registers the parcel. Called outside any transaction, once the shipment row is claimed. */
  register(request: ShipmentRequest): Promise<RegisterOutcome>
  /** Reads the parcel back by its ref. */
  read(ref: string): Promise<ReadOutcome>
  /** The parcel waits for the buyer at the point: the letter goes out (once). */
  readonly readyStatuses: ReadonlySet<string>
  /** Nothing more will happen: the poll stops asking. */
  readonly finalStatuses: ReadonlySet<string>
  /** Our Russian names of its status codes; a code not here keeps the carrier's name. */
  readonly statusNames: Readonly<Record<string, string>>
  /** Statuses that move the order itself (ADR 195): on its way, handed to the buyer, or going back to the shop. */
  readonly outcomes?: Readonly<Record<string, ShipmentOutcome>>
}

/** Messages of the shipments domain, whatever the carrier. */
export const SHIPMENT_MESSAGES = {
  notCarrierOrder: 'Заказ доставляется не перевозчиком, принимающим отправления: зарегистрировать его нельзя.',
  noPoint: 'В заказе нет пункта выдачи.',
  noAddress: 'В заказе нет адреса доставки.',
  cancelled: 'Заказ отменён: отправление не регистрируется.',
  exists: 'Отправление по этому заказу уже зарегистрировано.',
  unknownOrder: 'Заказ не найден.',
  noShipment: 'Отправления по этому заказу нет.',
  notConfigured: 'Перевозчик отправления сейчас не подключён.',
  down: 'Перевозчик сейчас не отвечает. Попробуйте позже.',
  invalid: 'Отправление не принято перевозчиком',
} as const

/** The carrier (and the mode) that ships an order, by its delivery handler. */
export function carrierForHandler<C extends Pick<ShipmentCarrier, 'handler' | 'courierHandlers'>>(
  carriers: readonly C[],
  handler: string | undefined,
): { carrier: C; mode: 'pickup' | 'courier' } | null {
  if (!handler) return null
  for (const carrier of carriers) {
    if (carrier.handler === handler) return { carrier, mode: 'pickup' }
    if (carrier.courierHandlers?.includes(handler)) return { carrier, mode: 'courier' }
  }
  return null
}
