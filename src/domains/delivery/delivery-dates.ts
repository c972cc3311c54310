/**
 * Delivery dates on the shop's calendar (Moscow): shipment and courier days, the dd.mm.yyyy form the
 * order properties carry, and the courier's time windows. Pure; shared by the server and the pickers.
 */
export const COURIER_DAYS_OFFERED = 7
/** Orders placed after this hour (shop time) ship a day later. */
export const COURIER_CUTOFF_HOUR = 14
/** The shop works on Moscow time (UTC+3, no daylight saving since 2014). */
const SHOP_UTC_OFFSET_MS = 3 * 3600 * 1000

/** YYYY-MM-DD of the shop's calendar day at `at`. */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 10)
}

export function shopHour(at: Date): number {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_MS).getUTCHours()
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** YYYY-MM-DD → dd.mm.yyyy */
export function toRuDate(day: string): string {
  const [y, m, d] = day.split('-')
  return `${d}.${m}.${y}`
}

/** dd.mm.yyyy (or YYYY-MM-DD) → YYYY-MM-DD, null when it is not a real date. */
export function fromRuDate(text: string): string | null {
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim())
  const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : text.trim()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null
  const d = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso
}

/** The day the parcel leaves the warehouse: today before the cut-off, else tomorrow. */
export function shipmentDay(at: Date): string {
  const today = shopDay(at)
  return shopHour(at) < COURIER_CUTOFF_HOUR ? today : addDays(today, 1)
}

/** Courier delivery days: from shipment + lead days, the next 7 days except Sundays. */
export function courierDays(at: Date, leadDays: number): string[] {
  const days: string[] = []
  let day = addDays(shipmentDay(at), leadDays)
  while (days.length < COURIER_DAYS_OFFERED) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) days.push(day)
    day = addDays(day, 1)
  }
  return days
}

/** 'HH:MM - HH:MM' */
export function windowText(timeFrom: string, timeTo: string): string {
  return `${timeFrom} - ${timeTo}`
}

export function parseWindow(text: string): { timeFrom: string; timeTo: string } | null {
  const m = /^\s*(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})\s*$/.exec(text)
  return m ? { timeFrom: m[1]!, timeTo: m[2]! } : null
}
