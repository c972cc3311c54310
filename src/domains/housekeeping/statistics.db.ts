import { sql } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { queryRows } from '@/db/rows'

/**
 * PGlite has no autovacuum worker, so nothing refreshes the planner's statistics there: at 100 000
 * orders a list filter planned on stale ones took up to 283 ms against ≤ 100 ms after ANALYZE
 * (bench/orders-list.ts, ADR 166). The hourly housekeeping run re-analyses the order list's tables
 * when they are due; on PostgreSQL autoanalyze keeps them fresh and the check finds nothing to do.
 */
export const ANALYZED_TABLES = ['orders', 'order_lines'] as const
export type AnalyzedTable = (typeof ANALYZED_TABLES)[number]

const DAY_MS = 24 * 3600_000

export interface TableStatistics {
  table: AnalyzedTable
  /** Rows at the last ANALYZE (pg_class.reltuples); -1 if never analysed. */
  reltuples: number
  /** Pages at the last ANALYZE (pg_class.relpages). */
  relpages: number
  /** Pages now (from the table's file size): growth shows here without counting rows. */
  pages: number
  /** Last ANALYZE or autoanalyze this server knows of; null after a restart that lost the statistics. */
  analyzedAt: Date | null
}

/** The planner's own guess of the rows now: the analysed density times today's size. */
export function estimatedRows(s: TableStatistics): number {
  return s.relpages > 0 && s.reltuples >= 0 ? (s.reltuples / s.relpages) * s.pages : s.pages > 0 ? Number.POSITIVE_INFINITY : 0
}

/**
 * Due like autovacuum's rule (50 rows + 10 % changed), read from growth, or once a day, since status
 * and date distributions move as orders age even when their number does not. An empty table is
 * never due: there is nothing to learn.
 */
export function analyzeDue(s: TableStatistics, at: Date): boolean {
  if (s.pages === 0 && s.reltuples <= 0) return false
  if (s.reltuples < 0 || s.analyzedAt === null) return true
  if (at.getTime() - s.analyzedAt.getTime() >= DAY_MS) return true
  return Math.abs(estimatedRows(s) - s.reltuples) > 50 + 0.1 * s.reltuples
}

export async function tableStatistics(db: Db): Promise<TableStatistics[]> {
  const rows = await queryRows<{ table: string; reltuples: number; relpages: number; pages: number; analyzed_at: Date | string | null }>(
    db,
    sql`
    select c.relname as "table", c.reltuples::float8 as reltuples, c.relpages::int as relpages,
           (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
           greatest(s.last_analyze, s.last_autoanalyze) as analyzed_at
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.oid in (${sql.join(
      ANALYZED_TABLES.map((t) => sql`to_regclass(${t})`),
      sql`, `,
    )})`,
  )
  return rows.map((r) => ({
    table: r.table as AnalyzedTable,
    reltuples: Number(r.reltuples),
    relpages: Number(r.relpages),
    pages: Number(r.pages),
    analyzedAt: r.analyzed_at === null ? null : new Date(r.analyzed_at),
  }))
}

/** ANALYZE on the order list's tables that are due; returns the ones analysed. */
export async function refreshOrderStatistics(db: Db, at: Date): Promise<AnalyzedTable[]> {
  const due = (await tableStatistics(db)).filter((s) => analyzeDue(s, at)).map((s) => s.table)
  for (const table of due) await db.execute(sql`analyze ${sql.identifier(table)}`)
  return due
}
