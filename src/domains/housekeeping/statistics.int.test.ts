import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db, dbHandle } from '@/db/client'
import { queryRows } from '@/db/rows'
import { insertSampleOrders } from '../../../tests/support/sample-orders'
import { setClock } from '../../../tests/support/test-hooks'
import { runHousekeeping } from './housekeeping.server'
import { refreshOrderStatistics, tableStatistics } from './statistics.db'

afterEach(() => setClock(null))

async function reltuples(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${table})`)
  return Number(row!.n)
}
async function rows(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(table)}`)
  return row!.n
}

describe('the order list\'s planner statistics (ADR 166)', () => {
  it('are refreshed by housekeeping after many new orders, and left alone while fresh', async () => {
    const start = new Date()
    setClock(() => start)
    // Whatever the database held, after one pass its statistics are fresh.
    await refreshOrderStatistics(db(), start)
    expect(await refreshOrderStatistics(db(), start)).toEqual([])

    const before = await reltuples('orders')
    await insertSampleOrders(db(), 600, { until: start, seed: 11 })
    const now = await rows('orders')
    expect(now).toBeGreaterThan(before + 50 + before * 0.1)
    // PGlite's planner still believes the old number until something analyses the table (on
    // PostgreSQL autoanalyze may get there first, whenever it wakes).
    if (dbHandle().driver === 'pglite') expect(await reltuples('orders')).toBe(before)

    const result = await runHousekeeping()
    expect(result.analysed).toContain('orders')
    expect(await reltuples('orders')).toBe(now)
    expect(await reltuples('order_lines')).toBe(await rows('order_lines'))
    const stats = await tableStatistics(db())
    expect(stats.map((s) => s.table).sort()).toEqual(['order_lines', 'orders'])
    expect(stats.every((s) => s.analyzedAt !== null)).toBe(true)

    expect(await refreshOrderStatistics(db(), start)).toEqual([])
  })

  it('are refreshed a day later even without new orders', async () => {
    const start = new Date()
    await refreshOrderStatistics(db(), start)
    await insertSampleOrders(db(), 5, { until: start, seed: 12 })
    expect(await refreshOrderStatistics(db(), start)).toEqual([])
    expect((await refreshOrderStatistics(db(), new Date(start.getTime() + 25 * 3600_000))).sort()).toEqual(['order_lines', 'orders'])
  })
})
