/**
 * A real carrier behind the delivery interface (ADR 176). Each carrier is a module registered by code
 * in registry.server.ts, with its own fetch client and settings; it is offered only when its keys are
 * set, and otherwise the built-in provider of its delivery service answers as before. Pure types and
 * rules here; no I/O.
 */
import type { Db, Tx } from '@/db/client'
import type { ParcelSummary } from '../delivery'

type DbOrTx = Db | Tx

/** Pickup at a point, or to the buyer's door. */
export type CarrierMode = 'pickup' | 'courier'

/** One box as carriers bill it: grams and centimetres. */
export interface CarrierPackage {
  weightGrams: number
  lengthCm: number
  widthCm: number
  heightCm: number
}

export interface CarrierQuote {
  priceKopecks: number
  daysFrom: number
  daysTo: number
  tariffCode: number
  tariffName: string
}

/** Why a carrier gave no answer: it is down or slow, or it answered but has no tariff for this parcel. */
export type CarrierFailure = { ok: false; reason: 'down' | 'no-tariff'; detail: string }
export type CarrierAnswer<T> = { ok: true; value: T } | CarrierFailure

/** A carrier's pickup point in our terms (what carrier_points keeps). */
export interface CarrierPoint {
  code: string
  cityCode: string
  /** A pickup point, a parcel locker, or a post office (Почта России, ADR 194). */
  kind: 'PVZ' | 'POSTAMAT' | 'POST'
  name: string
  address: string
  addressFull: string
  addressComment: string
  workTime: string
  phone: string
  lat: number
  lon: number
  haveCash: boolean
  haveCashless: boolean
  allowedCod: boolean
  weightMinGrams: number
  weightMaxGrams: number | null
  active: boolean
}

/** The buyer may pay on receipt: cash on delivery is allowed and the point takes cash or a card. */
export function takesPaymentOnReceipt(p: Pick<CarrierPoint, 'allowedCod' | 'haveCash' | 'haveCashless'>): boolean {
  return p.allowedCod && (p.haveCash || p.haveCashless)
}

/**
 * The basket as one box. Carriers bill the larger of the weight and the volumetric weight (cm³ / 5 000),
 * and the volumetric weight depends only on the volume, so a cube of the basket's volume is billed as
 * the real box would be. A side is at least 1 cm, and the weight at least 1 g.
 */
export function packageOf(parcel: ParcelSummary): CarrierPackage {
  const volumeCm3 = parcel.volumeWeightGrams * 5
  const side = Math.max(1, Math.ceil(Math.cbrt(volumeCm3)))
  return { weightGrams: Math.max(1, parcel.weightGrams), lengthCm: side, widthCm: side, heightCm: side }
}

export function packageKey(p: CarrierPackage): string {
  return `${p.weightGrams}g:${p.lengthCm}x${p.widthCm}x${p.heightCm}`
}

/** Roubles as a carrier sends them (a number or a decimal string) to kopecks; null when unreadable. */
export function rublesToKopecks(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null
}

/** A city as a carrier needs it: our code, and the name and region to find it in the carrier's list. */
export interface CarrierCity {
  code: string
  name: string
  region: string
}

export type RefreshOutcome =
  | { city: string; status: 'refreshed'; points: number; skipped: number }
  | { city: string; status: 'not-served' }
  | { city: string; status: 'busy' }
  | { city: string; status: 'failed'; error: string }

/**
 * What a carrier module offers the delivery domain. Points are read from our table (carrier_points),
 * never from the carrier while a buyer waits, except the very first time a city is asked for; quotes
 * are asked of the carrier with a time limit and kept for an hour.
 */
export interface Carrier {
  /** The module's code ('cdek'), the carrier column of carrier_points. */
  readonly code: string
  /** The delivery service it serves (delivery_services.handler). */
  readonly handler: string
  /** Its door-delivery service (ADR 212: 'sdek_courier'), priced in mode 'courier'. */
  readonly courierHandler?: string
  /** Its keys are set: only then is it offered. */
  configured(): boolean
  pointsInCity(city: CarrierCity): Promise<CarrierPoint[]>
  pointCount(city: CarrierCity): Promise<number>
  /** Read through the caller's handle (a transaction's, at order time). */
  pointByCode(q: DbOrTx, code: string): Promise<CarrierPoint | undefined>
  /**
   * Reads through `q` (the caller's transaction, if any: on PGlite it holds the only connection).
   * `remote: false` (inside a transaction): a kept quote or nothing, never a call.
   */
  quote(input: { q: DbOrTx; city: CarrierCity; pkg: CarrierPackage; mode: CarrierMode; remote: boolean }): Promise<CarrierAnswer<CarrierQuote>>
  /** Loads a city's points from the carrier into our table now (the back office's button). */
  refreshCity(city: CarrierCity): Promise<RefreshOutcome>
  /** The daily refresh: the known cities whose points are over a day old, a batch at a time. */
  refreshDue(): Promise<RefreshOutcome[]>
}
