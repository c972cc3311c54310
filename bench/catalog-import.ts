/**
 * `npx tsx --conditions=react-server bench/catalog-import.ts` (also run by `npm run bench`): the
 * catalogue import of ADR 186 with IMPORT_ROWS rows (default 10 000: 5 000 new products with two
 * offers each) on a fresh seeded database: the dry run, the import in one transaction, and the same
 * file again (nothing to change). Fails when the import takes 30 s or more (issue 20). In-process, on
 * an in-memory PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a database it may fill).
 */
export {}

const ROWS = Number(process.env.IMPORT_ROWS ?? 10_000)
const BUDGET_MS = 30_000

Object.assign(process.env, {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  VAR_DIR: 'var/bench-import',
  DATABASE_URL: '',
})

// Renamed: the hooks lint rule reads any use* call as a React hook.
const { openPglite, openPostgres, useDbHandle: installDbHandle, closeDb } = await import('../src/db/client')
const { migrate } = await import('../src/db/migrate')
const { seed } = await import('../src/db/seed/seed')
const { brands, sections } = await import('../src/db/schema')
const { COLUMNS } = await import('../src/domains/catalog-import/catalog-import')
const { importCatalog, exportCatalogCsv } = await import('../src/domains/catalog-import/catalog-import.server')
const { toCsv } = await import('../src/lib/csv')

const handle = process.env.BENCH_DATABASE_URL ? openPostgres(process.env.BENCH_DATABASE_URL, 4) : openPglite()
installDbHandle(handle)
const { insertStaff } = await import('../src/domains/staff/staff.db')

async function timed<T>(label: string, run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await run()
  const ms = performance.now() - started
  console.log(`${label}: ${(ms / 1000).toFixed(2)} s`)
  return { ms, value }
}

let failed = false
try {
  await migrate(handle)
  await seed(handle.db, { uploadsDir: null })
  // The audit lines name their author: a staff member of the bench's own.
  const member = await insertStaff(handle.db, { email: `bench-${Date.now()}@bench.test`, name: 'Бенчмарк', role: 'owner', passwordHash: 'not-a-hash' })
  const actor = { kind: 'staff' as const, id: member!.id, name: 'Бенчмарк', role: 'owner' as const }
  const [section] = await handle.db.select({ code: sections.code }).from(sections).limit(1)
  const [brand] = await handle.db.select({ code: brands.code }).from(brands).limit(1)
  const header = COLUMNS.map((c) => c.header)
  const rows: string[][] = []
  for (let i = 0; rows.length < ROWS; i++)
    for (const size of [30, 90])
      if (rows.length < ROWS) {
        const values: Record<string, string> = {
          code: `bench-${i}`,
          name: `Комплекс для бенчмарка ${i}`,
          sections: section!.code,
          brand: brand!.code,
          form: 'капсулы',
          published: 'да',
          sku: `BENCH-${i}-${size}`,
          packageSize: String(size),
          packageUnit: 'капсул',
          price: `${500 + (i % 900)},${size}`,
          stock: String(i % 40),
          active: 'да',
        }
        rows.push(COLUMNS.map((c) => values[c.key] ?? ''))
      }
  const file = new TextEncoder().encode(toCsv(header, rows))
  console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}; file: ${rows.length} rows, ${(file.length / 1024).toFixed(0)} KB CSV`)

  const dry = await timed('dry run', () => importCatalog(handle.db, actor, file, true))
  const done = await timed(`import of ${rows.length} rows in one transaction`, () => importCatalog(handle.db, actor, file, false))
  console.log(`  created ${done.value.products.create} products and ${done.value.offers.create} offers; refused ${done.value.refused}`)
  const again = await timed('the same file again (nothing to change)', () => importCatalog(handle.db, actor, file, false))
  await timed('export of the whole catalogue to CSV', () => exportCatalogCsv(handle.db))
  if (dry.value.refused || done.value.offers.create !== rows.length || again.value.same !== rows.length) {
    console.error('catalogue import bench: unexpected counts', { dry: dry.value.refused, created: done.value.offers.create, same: again.value.same })
    failed = true
  }
  const verdict = done.ms < BUDGET_MS ? 'met' : 'MISSED'
  console.log(`catalogue import: ${rows.length} rows in ${(done.ms / 1000).toFixed(2)} s (budget ${BUDGET_MS / 1000} s ${verdict})`)
  if (verdict === 'MISSED') failed = true
} finally {
  await closeDb()
}
process.exit(failed ? 1 : 0)
