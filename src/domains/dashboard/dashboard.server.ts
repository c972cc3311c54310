import 'server-only'
import { and, count, gte, inArray, ne, sql, sum } from 'drizzle-orm'
import { db } from '@/db/client'
import { lowStockOffers } from '@/domains/catalog/stock-grid.server'
import { orders, type OrderStatus } from '@/db/schema/orders'
import { now } from '@/lib/clock'
import { lastDays, moscowDayStart, totals, type Totals } from './dashboard'

/** Statuses that wait for someone in the shop to act. */
export const WAITING: readonly OrderStatus[] = ['new', 'awaiting_payment', 'paid', 'assembling']
const CHART_DAYS = 14

export interface Dashboard {
  today: Totals
  week: Totals
  waiting: { status: OrderStatus; count: number }[]
  /** Active offers at or below their threshold (their own, else the shop's; ADR 185). */
  lowStock: { offerId: number; sku: string; name: string; stock: number; threshold: number }[]
  days: { date: string; orders: number; revenue: number }[]
}

async function totalsSince(from: Date): Promise<Totals> {
  const [row] = await db()
    .select({ orders: count(), revenue: sum(orders.total).mapWith(Number) })
    .from(orders)
    .where(and(gte(orders.createdAt, from), ne(orders.status, 'cancelled')))
  return totals(row?.orders ?? 0, row?.revenue ?? 0)
}

/** Today and the last seven days in Moscow time; cancelled orders count for nothing. */
export async function dashboard(): Promise<Dashboard> {
  const at = now()
  const today = moscowDayStart(at)
  const weekStart = new Date(today.getTime() - 6 * 86_400_000)
  const chartStart = new Date(today.getTime() - (CHART_DAYS - 1) * 86_400_000)
  // The same +3 hours as MOSCOW_OFFSET_MS, without relying on the database's time zone data.
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC' + interval '3 hours', 'YYYY-MM-DD')`

  const [todayTotals, weekTotals, waitingRows, lowRows, dayRows] = await Promise.all([
    totalsSince(today),
    totalsSince(weekStart),
    db().select({ status: orders.status, count: count() }).from(orders).where(inArray(orders.status, [...WAITING])).groupBy(orders.status),
    lowStockOffers(db(), 20),
    db()
      .select({ date: day, orders: count(), revenue: sum(orders.total).mapWith(Number) })
      .from(orders)
      .where(and(gte(orders.createdAt, chartStart), ne(orders.status, 'cancelled')))
      .groupBy(day),
  ])
  const byDay = new Map(dayRows.map((r) => [r.date, r]))
  const waitingBy = new Map(waitingRows.map((r) => [r.status, r.count]))
  return {
    today: todayTotals,
    week: weekTotals,
    waiting: WAITING.map((status) => ({ status, count: waitingBy.get(status) ?? 0 })),
    lowStock: lowRows,
    days: lastDays(at, CHART_DAYS).map((date) => ({ date, orders: byDay.get(date)?.orders ?? 0, revenue: byDay.get(date)?.revenue ?? 0 })),
  }
}
