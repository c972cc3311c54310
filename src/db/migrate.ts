import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import path from 'node:path'
import type { DbHandle } from './client'

export const MIGRATIONS_DIR = path.join(process.cwd(), 'src/db/migrations')

/** Applies the committed migrations; safe to run on every start. */
export async function migrate(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR }
  if (handle.driver === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config)
  else await migratePg(handle.db as unknown as NodePgDatabase, config)
}
