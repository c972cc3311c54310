/**
 * `npm run chaos`: reliability goal R5 (ADR 158). A production build on its own database serves
 * buyers who place orders without pause; at a random moment of each round the server is killed with
 * SIGKILL, the database is checked as the crash left it, the server is started again the way
 * `npm start` starts it (migrate and seed, then scripts/serve.ts) and the saves whose answer the kill
 * swallowed are sent again with the same checkout key. A last round sends SIGTERM while saves are in
 * flight. Exits 1 when an invariant breaks:
 *   - the server answers /healthz/ after every restart, and SIGTERM ends it with code 0 after
 *     answering every request it had taken;
 *   - every order the server acknowledged exists with exactly the lines that were in the basket;
 *   - no order without lines, no line without an order, each order's money adds up from its lines;
 *   - one order per checkout attempt at most, and none for an attempt the server refused;
 *   - per offer: stock at start − units in orders not cancelled = stock now.
 *
 * PostgreSQL when CHAOS_DATABASE_URL or DATABASE_URL is set (a database `chaos` on that server, dropped
 * and created again), else PGlite in var/chaos/db. Settings: CHAOS_ROUNDS (20), CHAOS_BUYERS (6),
 * CHAOS_SEED (random, printed: the same seed repeats the same kill moments and baskets), CHAOS_PORT (3390);
 * `--no-build` uses the build in .next-chaos as it is; CHAOS_TAMPER=1 is the negative control (tamper()).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import path from 'node:path'
import { seededRandom } from '../src/lib/seeded-random'
import { buildIsStale } from './build-if-stale'
import { sampleOrderFields, type PickupPoint, type RefreshedOrder } from './sample-order'
import {
  check,
  pglite,
  postgres,
  tamper,
  withDatabase,
  type Attempt,
  type Check,
  type Lines,
  type Sql,
  type Visitor,
} from './chaos-check'

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 20)
const BUYERS = Number(process.env.CHAOS_BUYERS ?? 6)
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31))
const PORT = Number(process.env.CHAOS_PORT ?? 3390)
const BASE = `http://127.0.0.1:${PORT}`
const VAR_DIR = 'var/chaos'
const DIST_DIR = '.next-chaos'
const PGLITE_DIR = `${VAR_DIR}/db`
const CHECKOUT = '/local/components/bitrix/sale.order.ajax/ajax.php'
/** The kill comes this long after the buyers start, uniformly at random. */
const KILL_AFTER_MS: [number, number] = [800, 5000]
/** Offers the buyers take, with the stock each gets at start; the first sells out within a run. */
const AMPLE_OFFERS = 9
const AMPLE_STOCK = 2000
const SCARCE_STOCK = 40
const SIGTERM_SAVES = 10

const sourceUrl = process.env.CHAOS_DATABASE_URL || process.env.DATABASE_URL || ''
const databaseUrl = sourceUrl ? withDatabase(sourceUrl, 'chaos') : ''
const driver = databaseUrl ? 'PostgreSQL' : 'PGlite'

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: DIST_DIR,
  VAR_DIR,
  PGLITE_DIR,
  DATABASE_URL: databaseUrl,
  PORT: String(PORT),
  HOSTNAME: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Fixed, so that the buyers' session cookies stay valid across restarts as they would in a shop.
  SESSION_SECRET: 'chaos-session-secret-0123456789abcdef0123456789',
  TRUST_PROXY: '',
}

// ---------- seeded randomness ----------

const random = seededRandom(SEED)
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))

/**
 * The database as the crash left it. PGlite: a copy of the directory, so that the restarted server
 * recovers the directory itself rather than finding it already recovered by this check.
 */
async function openAsLeft(): Promise<Sql> {
  if (databaseUrl) return postgres(databaseUrl)
  const copy = `${VAR_DIR}/check`
  rmSync(copy, { recursive: true, force: true })
  cpSync(PGLITE_DIR, copy, { recursive: true })
  return pglite(copy)
}

async function freshDatabase(): Promise<void> {
  if (databaseUrl) {
    const admin = await postgres(withDatabase(sourceUrl, 'postgres'))
    try {
      await admin.rows('drop database if exists chaos with (force)')
      await admin.rows('create database chaos')
    } finally {
      await admin.close()
    }
  }
  rmSync(VAR_DIR, { recursive: true, force: true })
  mkdirSync(VAR_DIR, { recursive: true })
}

// ---------- build and server ----------

function buildIfNeeded(): void {
  if (!buildIsStale(DIST_DIR)) return
  console.log(`building into ${DIST_DIR} (under /tmp/shop-build.lock)…`)
  // next build rewrites tsconfig.json; others work in this checkout, so put back exactly what was there.
  const tsconfig = readFileSync('tsconfig.json')
  const lock = spawnSync('which', ['flock']).status === 0
  const [command, args] = lock
    ? ['flock', ['/tmp/shop-build.lock', 'npx', 'next', 'build']]
    : ['npx', ['next', 'build']]
  const result = spawnSync(command, args as string[], { stdio: 'inherit', env })
  writeFileSync('tsconfig.json', tsconfig)
  if (result.status !== 0) process.exit(result.status ?? 1)
}

interface Server {
  child: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

let serverCount = 0
/** The server running now, killed if the run stops early. */
let live: Server | null = null

/** `npm start` without the build check: migrations and seed (idempotent), then the one server process. */
async function startServer(): Promise<{ server: Server; prepareMs: number; readyMs: number }> {
  const started = performance.now()
  const log = openSync(`${VAR_DIR}/server-${++serverCount}.log`, 'w')
  const prepare = spawn(process.execPath, ['--import', 'tsx', 'scripts/prepare-db.ts'], {
    stdio: ['ignore', log, log],
    env,
  })
  const code = await new Promise<number | null>((resolve) => prepare.on('exit', resolve))
  if (code !== 0)
    throw new Violation(
      `migrate and seed failed on restart ${serverCount} (exit ${code}), see ${VAR_DIR}/server-${serverCount}.log`,
    )
  const prepareMs = performance.now() - started
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    stdio: ['ignore', log, log],
    env,
    detached: true,
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (exitCode, signal) => resolve({ code: exitCode, signal })),
  )
  let gone = false
  live = { child, exited }
  void exited.then(() => {
    gone = true
    if (live?.child === child) live = null
  })
  const deadline = Date.now() + 90_000
  for (;;) {
    if (gone)
      throw new Violation(
        `server ${serverCount} exited before answering /healthz/, see ${VAR_DIR}/server-${serverCount}.log`,
      )
    if (Date.now() > deadline)
      throw new Violation(`server ${serverCount} did not answer /healthz/ within 90 s`)
    try {
      if ((await fetch(`${BASE}/healthz/`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { server: { child, exited }, prepareMs, readyMs: performance.now() - started }
}

class Violation extends Error {}

// ---------- buyers ----------

const attempts: Attempt[] = []
let initialStock = new Map<number, number>()
let tampered = false

async function newVisitor(): Promise<Visitor> {
  // Any page the proxy sees sets the session cookies; a GET of the basket route is the cheapest (405).
  const res = await fetch(`${BASE}/ajax/basket/`, { redirect: 'manual' })
  await res.arrayBuffer()
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '')
  const sessid = cookies.find((c) => c.startsWith('vm_sessid='))?.split('=')[1] ?? ''
  if (!sessid) throw new Violation('no vm_sessid cookie from the server')
  return { cookie: cookies.join('; '), sessid: decodeURIComponent(sessid) }
}

async function post(visitor: Visitor, url: string, fields: Record<string, string>): Promise<unknown> {
  const res = await fetch(`${BASE}${url}`, {
    method: 'POST',
    headers: { cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, sessid: visitor.sessid }),
    signal: AbortSignal.timeout(60_000),
  })
  const text = await res.text()
  if (res.status >= 500) throw new Violation(`${url} answered ${res.status}: ${text.slice(0, 200)}`)
  return JSON.parse(text) as unknown
}

interface CartAnswer {
  Products: { id: number; quantity: number }[]
  productError?: string
}

async function fillBasket(visitor: Visitor, wanted: Lines): Promise<Lines> {
  let cart: CartAnswer = { Products: [] }
  for (const [offerId, quantity] of wanted) {
    cart = (await post(visitor, '/ajax/basket/', {
      ACTION: 'Add',
      ID: String(offerId),
      QUANTITY: String(quantity),
    })) as CartAnswer
  }
  return new Map(cart.Products.map((p) => [p.id, p.quantity]))
}

/** The fields of a save that places an order (СДЭК point, cash), read from the shop itself as the bench does. */
let placing: Record<string, string> | null = null

async function learnPlacingFields(offerId: number): Promise<void> {
  const visitor = await newVisitor()
  await fillBasket(visitor, new Map([[offerId, 1]]))
  const refresh = (await post(visitor, CHECKOUT, {
    action: 'refreshOrderAjax',
    SITE_ID: 's2',
    via_ajax: 'Y',
    'order[PERSON_TYPE]': '1',
  })) as { order: RefreshedOrder }
  const points = (await post(visitor, '/ajax/VuePvzComponent/', {
    action: 'getPoints',
    city: 'moskva',
    type: 'sdek',
    postPay: 'Y',
  })) as { points: PickupPoint[] }
  placing = sampleOrderFields(refresh.order, points.points[0], { lastName: 'Хаос', email: '{email}' })
  if (!placing) throw new Violation('no СДЭК delivery, cash payment or point that takes cash in the seed')
}

function saveFields(attempt: Attempt): Record<string, string> {
  if (!placing) throw new Error('placing fields not learnt')
  const fields = Object.fromEntries(
    Object.entries(placing).map(([k, v]) => [k, v === '{email}' ? attempt.email : v]),
  )
  return { ...fields, 'order[CHECKOUT_KEY]': attempt.key }
}

type SaveAnswer = { order?: { ID?: string; ERROR?: Record<string, string[]> }; success?: string }

function readSave(attempt: Attempt, answer: SaveAnswer): void {
  if (answer.order?.ID) {
    attempt.outcome = 'acknowledged'
    attempt.orderId = Number(answer.order.ID)
  } else {
    attempt.outcome = 'refused'
    attempt.refusal = answer.order?.ERROR
      ? Object.values(answer.order.ERROR).flat().join(' ')
      : JSON.stringify(answer)
  }
}

let offerIds: number[] = []

/** Buys until `running()` says stop; every failure of the connection ends the buyer (the kill). */
async function buyer(round: number, n: number, running: () => boolean): Promise<void> {
  for (let i = 0; running(); i++) {
    const wanted: Lines = new Map()
    const count = between(1, 3)
    while (wanted.size < count) wanted.set(offerIds[between(0, offerIds.length - 1)]!, between(1, 3))
    const attempt: Attempt = {
      email: `chaos-${round}-${n}-${i}@example.ru`,
      key: `chaos-${SEED}-${round}-${n}-${i}`,
      visitor: { cookie: '', sessid: '' },
      basket: new Map(),
      outcome: 'abandoned',
    }
    attempts.push(attempt)
    let saving = false
    try {
      attempt.visitor = await newVisitor()
      attempt.basket = await fillBasket(attempt.visitor, wanted)
      if (attempt.basket.size === 0) continue // everything wanted is sold out
      saving = true
      readSave(attempt, (await post(attempt.visitor, CHECKOUT, saveFields(attempt))) as SaveAnswer)
    } catch (error) {
      if (error instanceof Violation) throw error
      if (saving) attempt.outcome = 'unknown'
      return
    }
  }
}

/** After a restart: the saves the kill cut off, sent again with the same key, as a buyer's retry would. */
async function retryUnknown(found: ReadonlyMap<string, number>): Promise<string[]> {
  const problems: string[] = []
  for (const attempt of attempts.filter((a) => a.outcome === 'unknown')) {
    let answer: SaveAnswer = {}
    for (let tries = 0; tries < 5; tries++) {
      answer = (await post(attempt.visitor, CHECKOUT, saveFields(attempt))) as SaveAnswer
      // 'in progress' only while another save of the key runs; none does now, so it must not last.
      if (!answer.order?.ERROR?.MAIN?.some((m) => m.includes('оформляется'))) break
      await new Promise((r) => setTimeout(r, 200))
    }
    readSave(attempt, answer)
    const before = found.get(attempt.email)
    if (before !== undefined && attempt.orderId !== before) {
      problems.push(
        `${attempt.email}: committed before the kill as order ${before}, the retry answered ${JSON.stringify(answer)}`,
      )
    }
  }
  return problems
}

/** Offers with tracked stock the buyers can put in a basket; their stock is set here (server stopped). */
async function chooseOffers(): Promise<void> {
  const sql = databaseUrl ? await postgres(databaseUrl) : await pglite(PGLITE_DIR)
  try {
    const rows = await sql.rows<{ id: number }>(
      `select o.id from offers o join products p on p.id = o.product_id
        where o.active and p.active and o.stock is not null and o.price > 0 and not p.is_drug
        order by o.id limit $1`,
      [AMPLE_OFFERS + 1],
    )
    if (rows.length < AMPLE_OFFERS + 1) throw new Violation('the seed has too few offers with tracked stock')
    initialStock = new Map(rows.map((r, i) => [r.id, i === 0 ? SCARCE_STOCK : AMPLE_STOCK]))
    for (const [id, stock] of initialStock)
      await sql.rows('update offers set stock = $1 where id = $2', [stock, id])
    offerIds = [...initialStock.keys()]
  } finally {
    await sql.close()
  }
}

// ---------- SIGTERM ----------

/**
 * SIGTERM while saves are in flight: each request has sent its headers and half its body when the
 * signal goes; the server must stop taking connections, yet answer each of them in full, then exit 0.
 */
async function sigtermRound(
  server: Server,
  round: number,
): Promise<{ answered: number; exitCode: number | null; refusedNew: boolean; problems: string[] }> {
  const problems: string[] = []
  const pending = await Promise.all(
    Array.from({ length: SIGTERM_SAVES }, async (_, n) => {
      const attempt: Attempt = {
        email: `chaos-${round}-term-${n}@example.ru`,
        key: `chaos-${SEED}-${round}-term-${n}`,
        visitor: await newVisitor(),
        basket: new Map(),
        outcome: 'unknown',
      }
      attempts.push(attempt)
      attempt.basket = await fillBasket(attempt.visitor, new Map([[offerIds[1 + (n % AMPLE_OFFERS)]!, 1]]))
      return attempt
    }),
  )
  const requests = pending.map((attempt) => {
    const body = Buffer.from(
      new URLSearchParams({ ...saveFields(attempt), sessid: attempt.visitor.sessid }).toString(),
    )
    const half = Math.floor(body.length / 2)
    let finish = () => {}
    let sent = () => {}
    const written = new Promise<void>((resolve) => (sent = resolve))
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${BASE}${CHECKOUT}`,
        {
          method: 'POST',
          agent: false,
          headers: {
            cookie: attempt.visitor.cookie,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': body.length,
            connection: 'close',
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.write(body.subarray(0, half), () => sent())
      finish = () => req.end(body.subarray(half))
    })
    answer.catch(() => {}) // read below, after every request is finished
    return { attempt, answer, written, finish: () => finish() }
  })
  // Every request's headers and half its body are with the kernel; then a request on a new connection
  // (not one of fetch's kept-alive ones), answered: the server has accepted the connections queued
  // before it and read what they sent. A connection still in the accept queue at SIGTERM is reset
  // with the listener, as with any server: not a request in flight.
  await Promise.all(requests.map((r) => r.written))
  await barrier()
  server.child.kill('SIGTERM')
  const refusedNew = await refusesConnections()
  for (const r of requests) r.finish()
  for (const r of requests) {
    try {
      const { status, text } = await r.answer
      if (status !== 200) problems.push(`${r.attempt.email}: status ${status} after SIGTERM`)
      else readSave(r.attempt, JSON.parse(text) as SaveAnswer)
    } catch (error) {
      problems.push(`${r.attempt.email}: no full answer after SIGTERM (${(error as Error).message})`)
    }
  }
  const answered = requests.filter((r) => r.attempt.outcome === 'acknowledged').length
  const exit = await Promise.race([
    server.exited,
    new Promise<null>((r) => setTimeout(() => r(null), 30_000)),
  ])
  if (exit === null) {
    problems.push('the server did not exit within 30 s of SIGTERM')
    server.child.kill('SIGKILL')
    await server.exited
  }
  return { answered, exitCode: exit?.code ?? null, refusedNew, problems }
}

function barrier(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${BASE}/healthz/`, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume()
      res.on('end', () => resolve())
    })
    req.on('error', reject)
    req.end()
  })
}

/** True once a new connection to the port is refused (the listener closed), within 10 s. */
async function refusesConnections(): Promise<boolean> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(PORT, '127.0.0.1')
      socket.on('connect', () => {
        socket.destroy()
        resolve(false)
      })
      socket.on('error', () => resolve(true))
    })
    if (refused) return true
    await new Promise((r) => setTimeout(r, 20))
  }
  return false
}

// ---------- the run ----------

interface RoundFigures {
  round: number
  killAfterMs: number
  acknowledged: number
  inFlight: number
  found: number
  /** Saves the kill cut off whose order had committed: the order exists, its answer never came. */
  lostAnswers: number
  partial: number
  drift: number
  restartMs: number
}

async function main(): Promise<number> {
  const runStarted = performance.now()
  console.log(
    `R5 chaos: ${driver}${databaseUrl ? ` (database chaos on ${new URL(databaseUrl).host})` : ` (${PGLITE_DIR})`}, seed ${SEED}, ${ROUNDS} rounds × ${BUYERS} buyers, port ${PORT}`,
  )
  if (!process.argv.includes('--no-build')) buildIfNeeded()
  else if (!existsSync(path.join(DIST_DIR, 'BUILD_ID')))
    throw new Violation(`--no-build, but ${DIST_DIR} holds no build`)
  await freshDatabase()
  {
    const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-db.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    })
    if (prepared.status !== 0) throw new Violation('migrate and seed of the fresh database failed')
  }
  await chooseOffers()
  console.log(
    `offers ${offerIds.join(', ')}: stock ${SCARCE_STOCK} for ${offerIds[0]}, ${AMPLE_STOCK} for the others`,
  )

  const violations: string[] = []
  const figures: RoundFigures[] = []
  const restartTimes: number[] = []
  const prepareTimes: number[] = []
  const first = await startServer()
  let server = first.server
  restartTimes.push(first.readyMs)
  await learnPlacingFields(offerIds[1]!)
  const header = [
    'round',
    'kill after ms',
    'acked',
    'in flight',
    'found',
    'lost answers',
    'partial',
    'drift',
    'restart ms',
  ]
  console.log(header.map((h) => h.padStart(14)).join(''))

  for (let round = 1; round <= ROUNDS; round++) {
    const killAfterMs = between(...KILL_AFTER_MS)
    const before = attempts.length
    let running = true
    const buyers = Array.from({ length: BUYERS }, (_, n) => buyer(round, n, () => running))
    const all = Promise.all(buyers)
    all.catch(() => (running = false))
    await Promise.race([new Promise((r) => setTimeout(r, killAfterMs)), all])
    running = false
    process.kill(-server.child.pid!, 'SIGKILL')
    const exit = await server.exited
    if (exit.signal !== 'SIGKILL')
      violations.push(`round ${round}: the server ended by itself (${exit.code}) before the kill`)
    await all // a Violation from a buyer (5xx, no session) ends the run with that message

    const sql = await openAsLeft()
    let result: Check
    try {
      if (process.env.CHAOS_TAMPER === '1' && !tampered) tampered = await tamper(sql, offerIds[1]!)
      result = await check(sql, attempts, initialStock)
    } finally {
      await sql.close()
    }
    violations.push(...result.violations.map((v) => `round ${round}: ${v}`))
    const mine = attempts.slice(before)
    const cutOff = mine.filter((a) => a.outcome === 'unknown')
    let restartMs = 0
    try {
      const started = await startServer()
      server = started.server
      restartMs = started.readyMs
      prepareTimes.push(started.prepareMs)
    } catch (error) {
      violations.push(`round ${round}: ${(error as Error).message}`)
      break
    }
    restartTimes.push(restartMs)
    violations.push(...(await retryUnknown(result.byEmail)).map((v) => `round ${round} retry: ${v}`))
    figures.push({
      round,
      killAfterMs,
      acknowledged: mine.filter((a) => a.outcome === 'acknowledged').length,
      inFlight: cutOff.length,
      found: result.orders,
      lostAnswers: cutOff.filter((a) => result.byEmail.has(a.email)).length,
      partial: result.partial,
      drift: result.drift,
      restartMs,
    })
    const f = figures.at(-1)!
    console.log(
      [
        f.round,
        f.killAfterMs,
        f.acknowledged,
        f.inFlight,
        f.found,
        f.lostAnswers,
        f.partial,
        f.drift,
        Math.round(f.restartMs),
      ]
        .map((v) => String(v).padStart(14))
        .join(''),
    )
  }

  const term = figures.length === ROUNDS ? await sigtermRound(server, ROUNDS + 1) : null
  if (term) {
    violations.push(...term.problems.map((p) => `SIGTERM: ${p}`))
    if (term.exitCode !== 0) violations.push(`SIGTERM: the server exited with ${term.exitCode}, not 0`)
    if (!term.refusedNew) violations.push('SIGTERM: the server still took new connections')
  } else {
    process.kill(-server.child.pid!, 'SIGKILL')
  }

  const sql = await openAsLeft()
  let final: Check
  try {
    final = await check(sql, attempts, initialStock)
  } finally {
    await sql.close()
  }
  violations.push(...final.violations.map((v) => `final: ${v}`))
  const lost = attempts.filter((a) => a.outcome === 'unknown').length
  if (lost > 0) violations.push(`final: ${lost} saves still without an answer after the retries`)

  const acknowledged = attempts.filter((a) => a.outcome === 'acknowledged').length
  const refused = attempts.filter((a) => a.outcome === 'refused')
  const soldOut = refused.filter((a) => a.refusal?.includes('нет в нужном количестве')).length
  const sorted = [...restartTimes].sort((a, b) => a - b)
  const prepSorted = [...prepareTimes].sort((a, b) => a - b)
  const ms = (v: number | undefined) => Math.round(v ?? 0)
  const finalStock = await stockNow()
  console.log(`
R5 summary (${driver}, seed ${SEED})
  rounds with a SIGKILL          ${figures.length} of ${ROUNDS}
  checkout attempts              ${attempts.length} (${refused.length} refused, ${soldOut} of them sold out; ${attempts.filter((a) => a.outcome === 'abandoned').length} cut off before the save)
  saves cut off by a kill        ${figures.reduce((s, f) => s + f.inFlight, 0)}, of which ${figures.reduce((s, f) => s + f.lostAnswers, 0)} had committed (all sent again after the restart with the same key)
  orders acknowledged            ${acknowledged}
  orders found                   ${final.orders}
  acknowledged but missing       ${final.missing}
  partial orders                 ${final.partial}
  stock drift (units)            ${final.drift}   stock of the scarce offer ${offerIds[0]}: ${finalStock.get(offerIds[0]!)} of ${SCARCE_STOCK}
  server starts (ms, migrate+seed+ready)  min ${ms(sorted[0])} / median ${ms(sorted[Math.floor(sorted.length / 2)])} / max ${ms(sorted.at(-1))}
    of which migrate+seed        min ${ms(prepSorted[0])} / median ${ms(prepSorted[Math.floor(prepSorted.length / 2)])} / max ${ms(prepSorted.at(-1))}
  SIGTERM with ${SIGTERM_SAVES} saves in flight    ${term ? `${term.answered} answered with an order, new connections ${term.refusedNew ? 'refused' : 'ACCEPTED'}, exit code ${term.exitCode}` : 'not run'}
  whole run                      ${Math.round((performance.now() - runStarted) / 1000)} s`)
  writeFileSync(
    `${VAR_DIR}/attempts.json`,
    JSON.stringify(
      attempts.map(({ visitor: _, basket, ...a }) => ({ ...a, basket: Object.fromEntries(basket) })),
      null,
      1,
    ),
  )
  if (violations.length > 0) {
    console.log(
      `\n${violations.length} VIOLATIONS (attempts in ${VAR_DIR}/attempts.json, server logs beside it):`,
    )
    for (const v of violations.slice(0, 50)) console.log(`  ${v}`)
    return 1
  }
  console.log('\nall invariants held')
  return 0
}

async function stockNow(): Promise<Map<number, number | null>> {
  const sql = await openAsLeft()
  try {
    const rows = await sql.rows<{ id: number; stock: number | null }>(
      'select id, stock from offers where id = any($1::int[])',
      [offerIds],
    )
    return new Map(rows.map((r) => [r.id, r.stock]))
  } finally {
    await sql.close()
  }
}

if (!existsSync(path.join(process.cwd(), 'scripts/serve.ts'))) throw new Error('run from the project root')
try {
  process.exitCode = await main()
} catch (error) {
  console.error(error instanceof Violation ? `VIOLATION: ${error.message}` : error)
  process.exitCode = 1
} finally {
  const left = live as Server | null
  if (left?.child.pid) process.kill(-left.child.pid, 'SIGKILL')
}
