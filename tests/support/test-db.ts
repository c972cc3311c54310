import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { closeDb, openPglite, openPostgres, useDbHandle, type DbHandle } from '@/db/client'
import { clearCache } from '@/lib/cache'

/**
 * Each integration test file gets its own database, a clone of the migrated and seeded template made
 * once per run (tests/support/template-db.ts): an in-memory PGlite loaded from the tarball, or a
 * PostgreSQL database created from the template (dropped afterwards).
 */
let dropDatabase: (() => Promise<void>) | undefined

async function adminQuery(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    for (const sql of statements) await client.query(sql)
  } finally {
    await client.end()
  }
}

async function clonePostgres(adminUrl: string, template: string): Promise<DbHandle> {
  const name = `vm_test_${randomBytes(6).toString('hex')}`
  // A commit need not wait for its WAL to reach the disk (ADR 171): visibility, locks and isolation
  // are the same, only a crash of the server could lose the last commits, and no test crashes it.
  // On a busy CI disk the flush was several ms per commit; the clone is dropped after the file anyway.
  await adminQuery(adminUrl, `create database ${name} template ${template}`, `alter database ${name} set synchronous_commit = off`)
  dropDatabase = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return openPostgres(url.toString(), 20)
}

beforeAll(async () => {
  const handle =
    process.env.TEST_DB === 'postgres'
      ? await clonePostgres(process.env.TEST_DATABASE_URL ?? '', inject('postgresTemplate'))
      : openPglite(undefined, { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) })
  useDbHandle(handle)
  clearCache()
})

afterAll(async () => {
  await closeDb()
  await dropDatabase?.()
})
