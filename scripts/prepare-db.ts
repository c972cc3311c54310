/**
 * Migrates the database and seeds it when needed (idempotent).
 *   tsx scripts/prepare-db.ts                  migrate + seed
 *   tsx scripts/prepare-db.ts --no-seed        migrate only
 *   tsx scripts/prepare-db.ts --products 10000 also add synthetic products for benchmarks
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { closeDb, dbHandle } from '../src/db/client'
import { DatabaseInUse } from '../src/db/exclusive'
import { migrate } from '../src/db/migrate'
import { seed, seedSyntheticProducts } from '../src/db/seed/seed'
import { env } from '../src/lib/env'

export async function prepareDb(options: { seed: boolean; syntheticProducts: number }): Promise<void> {
  const handle = dbHandle()
  try {
    // Instances starting together on one PostgreSQL take turns: each migration and the seed run once.
    await handle.exclusively(async () => {
      await migrate(handle)
      if (options.seed) {
        const report = await seed(handle.db, { uploadsDir: path.join(env().VAR_DIR, 'uploads') })
        if (report.products > 0) console.log(`seeded ${report.products} products, ${report.cities} cities`)
        if (options.syntheticProducts > 0) {
          const added = await seedSyntheticProducts(handle.db, options.syntheticProducts)
          console.log(`added ${added} synthetic products`)
        }
      }
    })
    // PGlite runs no autovacuum, so nothing else ever gathers planner statistics: without them the
    // planner guesses and, for search, reads thousands of rows instead of walking an index (ADR 021).
    if (handle.driver === 'pglite') await handle.db.execute(sql`analyze`)
  } finally {
    await closeDb()
  }
}

/** For the command line: a database held by another process is one clear line, not a stack trace. */
export async function prepareDbOrExit(options: Parameters<typeof prepareDb>[0]): Promise<void> {
  try {
    await prepareDb(options)
  } catch (error) {
    if (!(error instanceof DatabaseInUse)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)
if (isMain) {
  const { values } = parseArgs({
    options: { 'no-seed': { type: 'boolean', default: false }, products: { type: 'string', default: '0' } },
  })
  await prepareDbOrExit({ seed: !values['no-seed'], syntheticProducts: Number(values.products) || 0 })
}
