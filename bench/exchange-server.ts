/**
 * The shop's 1С exchange address alone, for bench/exchange-import.ts: the route handler of
 * /bitrix/admin/1c_exchange.php (the same function the Next route exports) behind a plain Node HTTP
 * server, on a fresh database (PGlite in EXCHANGE_BENCH_DB, in memory when empty, or PostgreSQL with
 * BENCH_DATABASE_URL, which the bench empties). `--prepare` migrates, seeds and makes the integration account, then exits;
 * without it the server prints `ready <port>` once it listens. Run as its own process, so its peak RSS is the server's alone.
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { Readable } from 'node:stream'

const PORT = Number(process.env.EXCHANGE_BENCH_PORT ?? 3210)
export const BENCH_ACCOUNT = { email: 'exchange-bench@bench.test', password: 'exchange-bench-2026' }

Object.assign(process.env, {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATABASE_URL: '',
  // 1С's requests come from one address: the socket's, as serve.ts passes it.
  SOCKET_ADDRESS_HEADER: `x-socket-${randomBytes(16).toString('hex')}`,
})
const SOCKET_HEADER = process.env.SOCKET_ADDRESS_HEADER!

const { openPglite, openPostgres, useDbHandle: installDbHandle } = await import('../src/db/client')
const { migrate } = await import('../src/db/migrate')
const { seed } = await import('../src/db/seed/seed')
const { insertStaff } = await import('../src/domains/staff/staff.db')
const { hashPassword } = await import('../src/domains/account/password-hash.server')
const { exchangeHandler } = await import('../src/domains/exchange/exchange-edge.server')
const { sql } = await import('drizzle-orm')

const handle = process.env.BENCH_DATABASE_URL ? openPostgres(process.env.BENCH_DATABASE_URL, 4) : openPglite(process.env.EXCHANGE_BENCH_DB || undefined)
installDbHandle(handle)
if (process.argv.includes('--prepare') && process.env.BENCH_DATABASE_URL) {
  // Each run starts on an empty PostgreSQL database, as on a fresh PGlite: the seed expects one.
  await handle.db.execute(sql`drop schema if exists drizzle cascade`)
  await handle.db.execute(sql`drop schema public cascade`)
  await handle.db.execute(sql`create schema public`)
}
await migrate(handle)
// `--prepare`: the database is made in a process of its own, as a shop's server starts on a prepared
// one (PGlite's WebAssembly memory never shrinks, so a seed in the server's process would stay in its RSS).
if (process.argv.includes('--prepare')) {
  await seed(handle.db, { uploadsDir: null })
  await insertStaff(handle.db, { email: BENCH_ACCOUNT.email, name: 'Обмен (бенчмарк)', role: 'exchange', passwordHash: await hashPassword(BENCH_ACCOUNT.password) })
  await handle.close()
  process.exit(0)
}

const { queryRows } = await import('../src/db/rows')

const server = createServer((req, res) => {
  void (async () => {
    if (req.url === '/bench/memory') {
      // With --expose-gc: what stays once the garbage is gone.
      ;(globalThis as { gc?: () => void }).gc?.()
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(process.memoryUsage()))
      return
    }
    // What the import made, for the client to check.
    if (req.url === '/bench/counts') {
      const [row] = await queryRows<{ products: number; offers: number; on_sale: number }>(
        handle.db,
        sql`select (select count(*)::int from exchange_products) as products, (select count(*)::int from exchange_offers) as offers,
          (select count(*)::int from offers o join exchange_offers eo on eo.offer_id = o.id where o.active) as on_sale`,
      )
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(row))
      return
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
    headers.set(SOCKET_HEADER, req.socket.remoteAddress ?? '')
    const hasBody = req.method === 'POST'
    const request = new Request(`http://127.0.0.1:${PORT}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit)
    const response = await exchangeHandler(request)
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  })().catch((e: unknown) => {
    console.error(e)
    res.writeHead(500).end()
  })
})
server.listen(PORT, '127.0.0.1', () => console.log(`ready ${PORT}`))
process.once('SIGTERM', () => {
  server.close()
  void handle.close().then(() => process.exit(0))
})
