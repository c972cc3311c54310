/**
 * The back office's order list at 100 000 orders (issue 18: p95 ≤ 100 ms for the list API).
 * `npx tsx --conditions=react-server bench/orders-list.ts [--pg postgres://…/db] [--orders 100000] [--analyze]`:
 * a fresh in-memory PGlite (or a temporary database on that PostgreSQL server, dropped afterwards),
 * migrated, the four delivery services, then the orders of tests/support/sample-orders.ts; each
 * filter mix is run as GET /api/admin/orders runs it (listOrders: the page and its total count),
 * and the p50/p95/max of the calls are printed as a Markdown table for docs/bench-figures.md.
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openPglite, openPostgres, type DbHandle } from '../src/db/client'
import { migrate } from '../src/db/migrate'
import { deliveryServices } from '../src/db/schema'
import { listOrders } from '../src/domains/orders/order-admin-list.server'
import { orderListQuery } from '../src/domains/orders/order-admin.schema'
import { insertSampleOrders } from '../tests/support/sample-orders'

const { values: args } = parseArgs({ options: { pg: { type: 'string' }, orders: { type: 'string', default: '100000' }, runs: { type: 'string', default: '60' }, analyze: { type: 'boolean', default: false } } })
const COUNT = Number(args.orders)
const RUNS = Number(args.runs)
const UNTIL = new Date('2026-11-01T12:00:00Z')

const MIXES: [string, Record<string, string>][] = [
  ['no filter, newest first, page 1', {}],
  ['status = assembling', { status: 'assembling' }],
  ['statuses new + paid, sum ≥ 10 000 ₽', { status: 'new,paid', totalFrom: '1000000' }],
  ['city + delivered + sum range', { city: 'kazan', status: 'delivered', totalFrom: '200000', totalTo: '800000' }],
  ['one month, paid, pickup', { from: '2026-05-01', to: '2026-05-31', payment: 'paid', deliveryType: 'pickup' }],
  ['coupon VITA10', { coupon: 'vita10' }],
  ['search: full phone «8 912 …»', { q: '' }],
  ['search: last 4 phone digits', { q: '' }],
  ['search: order number', { q: '' }],
  ['search: e-mail piece', { q: 'buyer4242' }],
  ['search: two name words', { q: 'анна кузнецова' }],
  ['sort by sum, page 500 (offset 24 950)', { sort: '-total', page: '500' }],
]

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

async function open(): Promise<{ handle: DbHandle; done: () => Promise<void> }> {
  if (!args.pg) {
    const handle = openPglite()
    return { handle, done: () => handle.close() }
  }
  const name = `vm_bench_orders_${randomBytes(4).toString('hex')}`
  await adminQuery(args.pg, `create database ${name}`)
  const url = new URL(args.pg)
  url.pathname = `/${name}`
  const handle = openPostgres(url.toString())
  return {
    handle,
    done: async () => {
      await handle.close()
      await adminQuery(args.pg ?? '', `drop database if exists ${name} with (force)`)
    },
  }
}

const { handle, done } = await open()
try {
  await migrate(handle)
  await handle.db.insert(deliveryServices).values([
    { id: 1, code: 'sdek', handler: 'sdek', type: 'pickup', name: 'Пункты выдачи СДЭК', maxWeightGrams: 30000 },
    { id: 2, code: 'boxberry', handler: 'boxberry', type: 'pickup', name: 'Пункты выдачи Boxberry', maxWeightGrams: 15000 },
    { id: 3, code: 'russianpost', handler: 'russianpost', type: 'postal', name: 'Почта России', maxWeightGrams: 20000 },
    { id: 4, code: 'courier', handler: 'courier', type: 'courier', name: 'Курьерская доставка', maxWeightGrams: 30000 },
  ])
  const seeding = performance.now()
  await insertSampleOrders(handle.db, COUNT, { until: UNTIL, seed: 2026 })
  console.error(`${handle.driver}: ${COUNT} orders written in ${((performance.now() - seeding) / 1000).toFixed(1)} s`)

  // Real search values: a phone, its tail and an order number from the middle of the data.
  const middle = await listOrders(orderListQuery.parse({ page: String(Math.floor(COUNT / 100)), limit: '50' }), handle.db)
  const sample = middle.items[7]
  if (!sample) throw new Error('no orders to search for')
  const digits = sample.phone.replace(/\D/g, '')
  for (const mix of MIXES) {
    if (mix[0].includes('full phone')) mix[1].q = `8 ${digits.slice(-10, -7)} ${digits.slice(-7)}`
    if (mix[0].includes('last 4')) mix[1].q = digits.slice(-4)
    if (mix[0].includes('order number')) mix[1].q = String(sample.id)
  }

  // PostgreSQL's autovacuum analyzes a table after this many new rows; PGlite has none and runs
  // without statistics unless --analyze asks for what a housekeeping ANALYZE would give it.
  if (handle.driver === 'postgres' || args.analyze) await handle.db.execute(sql`analyze orders`)
  const lines = [`| Filters (${handle.driver}${args.analyze && handle.driver === 'pglite' ? ' after ANALYZE' : ''}, ${COUNT.toLocaleString('en')} orders, ${RUNS} calls each) | found | p50 ms | p95 ms | max ms |`, '|---|---:|---:|---:|---:|']
  // The floor of this machine at this moment: one trivial round trip through the same driver.
  const floor: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await handle.db.execute(sql`select 1`)
    floor.push(performance.now() - started)
  }
  floor.sort((a, b) => a - b)
  lines.push(`| (floor: select 1) | — | ${percentile(floor, 50).toFixed(1)} | ${percentile(floor, 95).toFixed(1)} | ${(floor.at(-1) ?? 0).toFixed(1)} |`)
  for (const [name, params] of MIXES) {
    const query = orderListQuery.parse(params)
    for (let i = 0; i < 5; i++) await listOrders(query, handle.db)
    const times: number[] = []
    let found = 0
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      found = (await listOrders(query, handle.db)).total
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    lines.push(`| ${name} | ${found} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} |`)
    console.error(lines.at(-1))
  }
  console.log(lines.join('\n'))
} finally {
  await done()
}
