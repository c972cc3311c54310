import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { closeDb, openPglite, openPostgres, useDbHandle, type DbHandle } from '@/db/client'
import { migrate } from '@/db/migrate'
import { seed } from '@/db/seed/seed'
import { clearCache } from '@/lib/cache'

/**
 * Each integration test file gets its own database, migrated and seeded: an in-memory PGlite, or a
 * fresh PostgreSQL database on the CI server (dropped afterwards).
 */
let dropDatabase: (() => Promise<void>) | undefined

async function createPostgresDatabase(adminUrl: string): Promise<DbHandle> {
  const name = `vm_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
  }
  return openPostgres(url.toString(), 20)
}

beforeAll(async () => {
  const handle =
    process.env.TEST_DB === 'postgres'
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '')
      : openPglite()
  useDbHandle(handle)
  clearCache()
  await migrate(handle)
  await seed(handle.db, { uploadsDir: null })
})

afterAll(async () => {
  await closeDb()
  await dropDatabase?.()
})
