import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '@/db/client'
import { migrate } from '@/db/migrate'
import { seed } from '@/db/seed/seed'

/**
 * Migrating and seeding takes seconds; doing it once per run and cloning the result for each test
 * file keeps the suite fast: a PGlite data-dir tarball, or a PostgreSQL template database.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

export const PGLITE_TEMPLATE = path.resolve('var/test/template-pglite.tar')

export async function buildPgliteTemplate(project: TestProject): Promise<void> {
  const handle = openPglite()
  await migrate(handle)
  await seed(handle.db, { uploadsDir: null })
  const dump = await handle.dump!()
  mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true })
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('pgliteTemplate', PGLITE_TEMPLATE)
}

export async function buildPostgresTemplate(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const name = `vm_tpl_${process.pid}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`drop database if exists ${name} with (force)`)
  await admin(`create database ${name}`)
  // Migrating and seeding commit often; their commits need not wait for the disk (see test-db.ts).
  await admin(`alter database ${name} set synchronous_commit = off`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = openPostgres(url.toString(), 2)
  await migrate(handle)
  await seed(handle.db, { uploadsDir: null })
  await handle.close()
  project.provide('postgresTemplate', name)
  return () => admin(`drop database if exists ${name} with (force)`)
}
