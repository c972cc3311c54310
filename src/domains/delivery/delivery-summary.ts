/**
 * The cart page's delivery summary (ADR 095): per kind, the cheapest offer with its dates and what the
 * goods still need for free delivery. Pure; the offers come from delivery-summary.server.ts.
 */
import type { Kopecks } from '@/lib/money'

export type SummaryKind = 'pickup' | 'courier'

/** One method as the summary weighs it; dates are YYYY-MM-DD. */
export interface SummaryOffer {
  kind: SummaryKind
  serviceName: string
  sort: number
  priceKopecks: Kopecks
  /** Pickup: the first and last day the parcel may arrive. Courier: the first day with a free window (both). */
  dateFrom: string
  dateTo: string
  freeFromKopecks: Kopecks | null
}

export interface SummaryRow {
  serviceName: string
  priceKopecks: Kopecks
  dateFrom: string
  dateTo: string
  /**
   * What the goods still need for the nearest free-delivery threshold of this kind, and whose threshold
   * it is (it may be another carrier than the cheapest); null when already free or none applies.
   */
  toFree: { leftKopecks: Kopecks; serviceName: string } | null
}

export interface DeliverySummary {
  /** The city the summary is for; null when the visitor's city is not known. */
  city: { code: string; name: string } | null
  pickup: SummaryRow | null
  courier: SummaryRow | null
}

export const NO_SUMMARY: DeliverySummary = { city: null, pickup: null, courier: null }

/** The cheapest offer of a kind (ties: the earlier date, then the checkout's order), or null when there is none. */
export function summaryRow(offers: readonly SummaryOffer[], kind: SummaryKind, goodsKopecks: Kopecks): SummaryRow | null {
  const ofKind = offers.filter((o) => o.kind === kind)
  const best = [...ofKind].sort(
    (a, b) => a.priceKopecks - b.priceKopecks || a.dateFrom.localeCompare(b.dateFrom) || a.sort - b.sort,
  )[0]
  if (!best) return null
  const nearest = ofKind
    .flatMap((o) => (o.freeFromKopecks === null ? [] : [{ leftKopecks: o.freeFromKopecks - goodsKopecks, serviceName: o.serviceName }]))
    .filter((gap) => gap.leftKopecks > 0)
    .sort((a, b) => a.leftKopecks - b.leftKopecks)[0]
  return {
    serviceName: best.serviceName,
    priceKopecks: best.priceKopecks,
    dateFrom: best.dateFrom,
    dateTo: best.dateTo,
    toFree: best.priceKopecks === 0 || !nearest ? null : nearest,
  }
}

const DAY_MONTH = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' })
const DAY = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', timeZone: 'UTC' })

const asDate = (day: string) => new Date(`${day}T00:00:00Z`)

/** '26 ноября', '26–28 ноября', '30 ноября – 2 декабря'. */
export function dayRangeText(from: string, to: string): string {
  if (from >= to) return DAY_MONTH.format(asDate(from))
  if (from.slice(0, 7) === to.slice(0, 7)) return `${DAY.format(asDate(from))}–${DAY_MONTH.format(asDate(to))}`
  return `${DAY_MONTH.format(asDate(from))} – ${DAY_MONTH.format(asDate(to))}`
}
