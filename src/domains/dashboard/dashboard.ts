/**
 * The shop's day is Moscow's: "today" starts at midnight UTC+3 (Moscow keeps no summer time since
 * 2014), so an order at 01:00 Moscow counts for the new day, as the owner sees it.
 */
export const MOSCOW_OFFSET_MS = 3 * 60 * 60_000
const DAY_MS = 24 * 60 * 60_000

export function moscowDayStart(at: Date): Date {
  const shifted = at.getTime() + MOSCOW_OFFSET_MS
  return new Date(shifted - (shifted % DAY_MS) - MOSCOW_OFFSET_MS)
}

/** 'YYYY-MM-DD' of the Moscow day an instant falls in. */
export function moscowDate(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10)
}

/** The last `days` Moscow dates, oldest first, ending today. */
export function lastDays(at: Date, days: number): string[] {
  const today = moscowDayStart(at).getTime()
  return Array.from({ length: days }, (_, i) => moscowDate(new Date(today - (days - 1 - i) * DAY_MS)))
}

export interface Totals {
  orders: number
  /** Kopecks. */
  revenue: number
  /** Kopecks, rounded down; 0 without orders. */
  average: number
}

export function totals(orders: number, revenue: number): Totals {
  return { orders, revenue, average: orders ? Math.floor(revenue / orders) : 0 }
}
