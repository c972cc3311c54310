import type { OrderStatus } from './order-status'

/**
 * What the back office (or its ERP exchange) tells the shop about an order after it is placed: its
 * number in the back office, the parcel's track number and carrier, and the next status (ADR 055).
 * Kept as order props, so the order schema needs no new columns (ADR 054).
 */
export const FITO_ID_PROP = 'FITO_ID'
export const TRACK_PROP = 'TRACK_NUMBER'
/** The carrier that actually ships the parcel, when it is not the delivery service the buyer chose. */
export const CARRIER_PROP = 'TRACK_CARRIER'

const TRACKING = {
  sdek: (t: string) => `https://www.cdek.ru/ru/tracking?order_id=${encodeURIComponent(t)}`,
  boxberry: (t: string) => `https://boxberry.ru/tracking-page?id=${encodeURIComponent(t)}`,
  russianpost: (t: string) => `https://www.pochta.ru/tracking?barcode=${encodeURIComponent(t)}`,
} as const

export type TrackingCarrier = keyof typeof TRACKING
export const TRACKING_CARRIERS = Object.keys(TRACKING) as [TrackingCarrier, ...TrackingCarrier[]]

/** The carrier's public tracking page; couriers and unknown codes have none. */
export function trackingLink(carrierCode: string | null | undefined, track: string | null): string | null {
  if (!track || !carrierCode) return null
  return (TRACKING as Record<string, ((track: string) => string) | undefined>)[carrierCode]?.(track) ?? null
}

/**
 * Statuses the back office may set. 'paid' is the payment provider's word (a signed callback moves
 * the payment and the order together, ADR 033), and 'awaiting_payment' only starts an order.
 */
export const BACK_OFFICE_STATUSES = ['assembling', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[]
