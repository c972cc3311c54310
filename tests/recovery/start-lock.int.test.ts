import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { dbHandle, openPostgres, type DbHandle } from '@/db/client'
import { queryRows } from '@/db/rows'

/**
 * Several instances starting together on one database run their start-up work (migrations, seed)
 * one after another, never interleaved. On PostgreSQL the second instance is a second pool waiting
 * on the advisory lock; on PGlite one process owns the directory and its calls take turns.
 */
async function secondInstance(): Promise<{ handle: DbHandle; unguarded: DbHandle; close(): Promise<void> }> {
  const first = dbHandle()
  if (first.driver === 'pglite') {
    return { handle: first, unguarded: { ...first, exclusively: (work) => work() }, close: async () => {} }
  }
  const [{ name }] = (await queryRows<{ name: string }>(first.db, sql`select current_database() as name`)) as [{ name: string }]
  const url = new URL(process.env.TEST_DATABASE_URL ?? '')
  url.pathname = `/${name}`
  const handle = openPostgres(url.toString(), 2)
  const unguarded = openPostgres(url.toString(), 2, { startLock: false })
  return { handle, unguarded, close: async () => Promise.all([handle.close(), unguarded.close()]).then(() => undefined) }
}

/** True once the second instance waits for the lock (PostgreSQL shows it in pg_locks). */
async function secondIsWaiting(first: DbHandle): Promise<boolean> {
  if (first.driver === 'pglite') return true
  const [waiting] = await queryRows<{ n: number }>(
    first.db,
    sql`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`,
  )
  return (waiting?.n ?? 0) > 0
}

async function startTogether(second: DbHandle): Promise<string[]> {
  const first = dbHandle()
  const events: string[] = []
  let openGate = () => {}
  const gate = new Promise<void>((resolve) => (openGate = resolve))
  let firstStarted = () => {}
  const started = new Promise<void>((resolve) => (firstStarted = resolve))
  const one = first.exclusively(async () => {
    events.push('first starts')
    firstStarted()
    await gate
    events.push('first ends')
  })
  await started
  const two = second.exclusively(async () => {
    events.push('second starts')
  })
  // Wait until the second either runs or is seen waiting; no clock involved.
  while (!events.includes('second starts') && !(await secondIsWaiting(first))) await new Promise((r) => setImmediate(r))
  await new Promise((r) => setImmediate(r))
  openGate()
  await Promise.all([one, two])
  return events
}

describe('start-up lock (migrations and seed on start)', () => {
  it('lets a second instance start only after the first has finished', async () => {
    const instances = await secondInstance()
    try {
      expect(await startTogether(instances.handle)).toEqual(['first starts', 'first ends', 'second starts'])
    } finally {
      await instances.close()
    }
  })

  it('negative control: without the lock the second starts while the first still works', async () => {
    const instances = await secondInstance()
    try {
      expect(await startTogether(instances.unguarded)).toEqual(['first starts', 'second starts', 'first ends'])
    } finally {
      await instances.close()
    }
  })
})
