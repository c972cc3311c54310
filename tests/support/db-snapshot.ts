import { sql } from 'drizzle-orm'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'

/** A fingerprint of every table's content: equal fingerprints mean nothing was written. */
export async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    db(),
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const out: Record<string, string> = {}
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ digest: string | null; n: number }>(
      db(),
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*)::int as n
          from ${sql.identifier(table_name)} t`,
    )
    out[table_name] = `${row?.n ?? 0}:${row?.digest ?? ''}`
  }
  return out
}
