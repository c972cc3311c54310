import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { mkdirSync } from 'node:fs'
import pg from 'pg'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** The transaction handle has the same query API; use-cases accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface DbHandle {
  db: Db
  driver: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PGlite only: the whole data directory as a tarball (tests clone a seeded database from it). */
  dump?: () => Promise<Blob>
}

/** One handle per process: a PGlite directory can be opened by one process, once. */
const holder = globalThis as typeof globalThis & { __vitamarketDb?: DbHandle }

export function openPglite(dataDir?: string, from?: { loadDataDir: Blob }): DbHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = new PGlite(dataDir ?? 'memory://', { extensions: { pg_trgm }, loadDataDir: from?.loadDataDir })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db
  return { db, driver: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') }
}

export function openPostgres(url: string, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle connection the server closes (restart, failover) must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection closed'))
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db
  return { db, driver: 'postgres', close: () => pool.end() }
}

export function dbHandle(): DbHandle {
  if (!holder.__vitamarketDb) {
    const { DATABASE_URL, PGLITE_DIR } = env()
    holder.__vitamarketDb = DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(PGLITE_DIR)
  }
  return holder.__vitamarketDb
}

export function db(): Db {
  return dbHandle().db
}

/** Tests install a fresh database per file. */
export function useDbHandle(handle: DbHandle | undefined): void {
  holder.__vitamarketDb = handle
}

export async function closeDb(): Promise<void> {
  const handle = holder.__vitamarketDb
  holder.__vitamarketDb = undefined
  await handle?.close()
}
