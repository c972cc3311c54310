import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { mkdirSync } from 'node:fs'
import pg from 'pg'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { lockDataDir } from './exclusive'
import { PGLITE_SHARED_BUFFERS_DEFAULT, pgliteStartParams } from './pglite-memory'
import { listenOnPostgres, type ChannelListener } from './listen'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** The transaction handle has the same query API; use-cases accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface DbHandle {
  db: Db
  driver: 'pglite' | 'postgres'
  close(): Promise<void>
  /**
   * Runs `work` while no other process runs it: migrations and the seed on start, so that several
   * instances starting together on one PostgreSQL apply each migration once (a session advisory lock).
   * A PGlite directory has one process by construction (lockDataDir); there the calls of that one
   * process take turns.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>
  /** Subscribes to a channel's NOTIFY messages (the change feed of change-feed.ts, ADR 160); answers the unsubscribe. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>
  /** PostgreSQL only: the address it was opened with (a test starts a second instance on it). */
  url?: string
  /** PGlite only: the whole data directory as a tarball (tests clone a seeded database from it). */
  dump?: () => Promise<Blob>
}

/** One handle per process: a PGlite directory can be opened by one process, once. */
const holder = globalThis as typeof globalThis & { __vitamarketDb?: DbHandle }

/** `startLock: false` exists for the test that shows what the lock prevents. */
export interface OpenOptions {
  startLock?: boolean
  /** PGlite: PostgreSQL's shared_buffers (PGLITE_SHARED_BUFFERS; src/db/pglite-memory.ts says why it is small). */
  sharedBuffers?: string
}

/** Start-up work of one process, one at a time (PGlite: one process owns the directory anyway). */
function inTurn(): DbHandle['exclusively'] {
  let tail: Promise<unknown> = Promise.resolve()
  return (work) => {
    const run = tail.then(work)
    tail = run.catch(() => undefined)
    return run
  }
}

export function openPglite(dataDir?: string, from?: { loadDataDir: Blob }, options: OpenOptions = {}): DbHandle {
  let unlock = () => {}
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    unlock = lockDataDir(dataDir)
  }
  const client = new PGlite(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    loadDataDir: from?.loadDataDir,
    startParams: pgliteStartParams(PGlite.defaultStartParams, options.sharedBuffers ?? PGLITE_SHARED_BUFFERS_DEFAULT),
  })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    driver: 'pglite',
    close: async () => {
      await client.close()
      unlock()
    },
    listen: (channel, listener) => client.listen(channel, (payload) => listener.onMessage(payload)),
    dump: () => client.dumpDataDir('none'),
    exclusively: options.startLock === false ? (work) => work() : inTurn(),
  }
}

/** One key for the whole shop's start-up work (any constant bigint; this one spells 'vitamkt'). */
export const START_LOCK_KEY = 0x766974616d6b74n

export function openPostgres(url: string, max = 10, options: OpenOptions = {}): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle connection the server closes (restart, failover) must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection closed'))
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db
  const exclusively = async <T,>(work: () => Promise<T>): Promise<T> => {
    // The lock belongs to this one connection's session; the work itself may use any connection.
    const holder = await pool.connect()
    try {
      await holder.query('select pg_advisory_lock($1)', [START_LOCK_KEY.toString()])
      try {
        return await work()
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [START_LOCK_KEY.toString()])
      }
    } finally {
      holder.release()
    }
  }
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    driver: 'postgres',
    url,
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    },
    listen: async (channel, listener) => {
      const stop = await listenOnPostgres(url, channel, listener)
      listeners.add(stop)
      return () => (listeners.delete(stop), stop())
    },
    exclusively: options.startLock === false ? (work) => work() : exclusively,
  }
}

export function dbHandle(): DbHandle {
  if (!holder.__vitamarketDb) {
    const { DATABASE_URL, PGLITE_DIR, PGLITE_SHARED_BUFFERS } = env()
    holder.__vitamarketDb = DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(PGLITE_DIR, undefined, { sharedBuffers: PGLITE_SHARED_BUFFERS })
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
