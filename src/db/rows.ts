import type { SQL } from 'drizzle-orm'
import type { Db, Tx } from './client'

/** Raw SQL rows with one shape on both drivers (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
