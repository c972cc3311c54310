import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openPglite } from './client'
import { PGLITE_SHARED_BUFFERS_DEFAULT, pgliteStartParams } from './pglite-memory'
import { queryRows } from './rows'

/** Each database after the first starts from the first's files: one initdb is slow enough. */
let files: Blob | undefined

async function sharedBuffersOf(sharedBuffers?: string): Promise<string> {
  const handle = openPglite(undefined, files && { loadDataDir: files }, sharedBuffers ? { sharedBuffers } : {})
  try {
    const [row] = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`)
    files ??= await handle.dump!()
    return row!.shared_buffers
  } finally {
    await handle.close()
  }
}

describe('PGlite memory (ADR 216)', () => {
  it('starts PostgreSQL with a 32 MB buffer pool, or the size it is given, keeping PGlite’s own parameters', async () => {
    expect(PGLITE_SHARED_BUFFERS_DEFAULT).toBe('32MB')
    expect(await sharedBuffersOf()).toBe('32MB')
    expect(await sharedBuffersOf('16MB')).toBe('16MB')
    // Negative control: PGlite alone would have taken its initdb's 128MB.
    const plain = await PGlite.create({ loadDataDir: files })
    try {
      expect((await plain.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers).toBe('128MB')
    } finally {
      await plain.close()
    }
    expect(pgliteStartParams(PGlite.defaultStartParams, '32MB').slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams)
  }, 90_000)

  it('refuses a size PostgreSQL would not read', () => {
    for (const bad of ['32', '32 MB', '0MB', '32mb', '-1', '']) expect(() => pgliteStartParams([], bad)).toThrow(/PGLITE_SHARED_BUFFERS/)
  })
})
