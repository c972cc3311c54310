import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { CHECKOUT_ACTIONS } from '@/domains/checkout/checkout.schema'
import { flushSearchLog } from '@/domains/search/search.server'
import { signCallback, type CallbackPayload } from '@/domains/payment/payment'
import { callbackSecret } from '@/domains/payment/payment.server'
import { offers, products } from '@/db/schema'
import { ADMIN_ENDPOINTS } from '@/admin/api'
import { createApiToken } from '@/domains/staff/staff-admin.server'
import { captchaToken, easyCaptcha } from '../support/captcha'
import { offerWithStock, orderFields, visitorWithBasket } from '../support/checkout'
import {
  fuzzRoute,
  installWriteLog,
  prototypeKeys,
  unpollute,
  schemaFields,
  seedFor,
  type FieldSpec,
  type FuzzReport,
  type FuzzTarget,
  type GenContext,
  type Handler,
} from '../support/fuzz'
import { newVisitor, type Visitor } from '../support/http'
import { signedInVisitor } from '../support/reviews-fixtures'
import { signedInStaff } from '../support/staff'
import { listRouteFiles } from '../support/routes'
import { reloadEnv, setCaptcha, setCheckoutLimits, setThrottleEnabled } from '../support/test-hooks'

/**
 * S6 (issue 16): every route a browser or a partner can call, found from the file tree like S1, gets
 * INPUTS generated requests per method: wrong types, missing and extra fields, arrays for scalars,
 * __proto__/constructor/prototype keys, 100 KB strings, negative, fractional, NaN, huge and exponent
 * numbers, broken percent-encodings, invalid UTF-8, JSON for forms and forms for JSON, wrong and
 * missing content types, empty bodies, hostile route params. Each answer: no 5xx, no stack or
 * internal text; a refusal changes no business table; no built-in prototype gains a key.
 *
 * The limiters are off (throttles, checkout limits, captcha limits and replay, a solved captcha in
 * a share of the inputs) and 88 % of POSTs carry the visitor's valid sessid, so the inputs reach the
 * schema and the use-cases instead of bouncing off the guards; the other 12 % try the sessid path.
 *
 * Each route's inputs come from its own seed, derived from the run's seed (FUZZ_SEED, fixed by default)
 * and the route's name, so one route replays alone. A failure prints both seeds and the input; replay:
 * FUZZ_SEED=<run seed> npx vitest run tests/security/route-fuzz.int.test.ts -t '<method> <route>'.
 */
const INPUTS = Math.max(500, Number(process.env.FUZZ_INPUTS ?? 500))
/**
 * The back office's endpoints all parse through one edge (`endpoint()`), which every one of them
 * fuzzes again; what differs is the handler behind it, which an owner's token reaches. S6's 500 is
 * for the buyer's /ajax/* calls; 150 each here keeps the suite's time for what is new per route.
 */
const ADMIN_INPUTS = Math.max(150, Number(process.env.FUZZ_ADMIN_INPUTS ?? 150))
const RUN_SEED = Number(process.env.FUZZ_SEED ?? 16_2026)

/**
 * Tables a refused request may write, and why:
 * - sessions: any call from a new cookie opens (ensures) its session row; a refusal too.
 * - form_limits: the limit counters count attempts, refused ones included (S3/S8/S11), by design.
 * - auth_throttle: failed logins are what the password-guessing limit counts (S3).
 * - api_tokens: an integration token's last use is stamped on every call it makes, refused ones too.
 */
const MAY_CHANGE_ON_REFUSAL = new Set(['sessions', 'form_limits', 'auth_throttle', 'api_tokens'])

const ADMIN_TOKEN = 'fuzz-admin-token-fuzz-admin-token-0123456789'
/** The fulfilment call predates the back office and keeps its own shared token. */
const LEGACY_ADMIN_ROUTE = '/api/admin/orders/1/fulfilment/'

/** The back-office endpoint a route file serves for the method, matched on its path with every {param} as 1. */
function adminEndpointOf(url: string, method: 'GET' | 'POST') {
  return ADMIN_ENDPOINTS.find((e) => e.spec.method === method && `${e.spec.path.replace(/\{\w+\}/g, '1')}/` === url)
}

/** A new owner's integration token per route: a route before it may have revoked the last one. */
async function ownerToken(): Promise<string> {
  const owner = await signedInStaff('owner')
  const { secret } = await createApiToken({ kind: 'staff', id: owner.id, name: 'fuzz', role: 'owner' }, { name: 'fuzz', role: 'owner' })
  return secret
}

type RouteModule = Partial<Record<'GET' | 'POST', Handler>>

/** The zod schemas a route.ts hands to ajax()/adminApi()/machineApi(), read from its imports. */
async function schemasOf(file: string): Promise<z.ZodType[]> {
  const source = readFileSync(file, 'utf8')
  const names = new Set<string>()
  for (const m of source.matchAll(/\b(?:ajax|adminApi)\(\s*([A-Za-z_$][\w$]*)\s*,/g)) names.add(m[1]!)
  for (const m of source.matchAll(/\bschema:\s*([A-Za-z_$][\w$]*)/g)) names.add(m[1]!)
  const out: z.ZodType[] = []
  for (const m of source.matchAll(/import\s*\{([^}]+)\}\s*from\s*'([^']+)'/g)) {
    const imported = m[1]!.split(',').map((s) =>
      s
        .trim()
        .split(/\s+as\s+/)
        .at(-1)!,
    )
    const wanted = imported.filter((n) => names.has(n))
    if (!wanted.length) continue
    const spec = m[2]!.startsWith('@/')
      ? path.join(process.cwd(), 'src', m[2]!.slice(2))
      : path.resolve(path.dirname(file), m[2]!)
    const mod = (await import(spec)) as Record<string, z.ZodType>
    for (const n of wanted) if (mod[n]) out.push(mod[n])
  }
  // z.object({}) written inline: nothing to read.
  return out
}

/** Fields the schema cannot show: the checkout's order[...] form behind its loose object. */
let checkoutFields: FieldSpec[] = []
const MANUAL_FIELDS: Record<string, () => FieldSpec[]> = {
  '/local/components/bitrix/sale.order.ajax/ajax.php': () => [
    { path: ['action'], samples: [...CHECKOUT_ACTIONS], numeric: false },
    { path: ['soa-action'], samples: [...CHECKOUT_ACTIONS], numeric: false },
    { path: ['SITE_ID'], samples: ['s2'], numeric: false },
    { path: ['via_ajax'], samples: ['Y'], numeric: false },
    { path: ['coupon'], samples: ['SALE10', 'NOPE'], numeric: false },
    ...checkoutFields,
  ],
  // Amounts in kopecks as the provider writes them; the name alone would not tell the generator.
  '/payment/callback/': () => [
    { path: ['paymentId'], samples: ['pay_1', '1', 'x'.repeat(64)], numeric: false },
    { path: ['amount'], samples: ['100000', '0', '999999999999'], numeric: true },
  ],
  '/ajax/basket/': () => [
    { path: ['ACTION'], samples: ['Add', 'Remove', 'GetBasket', 'Update', 'delete'], numeric: false },
  ],
  '/catalog/show-more/': () => [
    {
      path: ['path'],
      samples: ['/catalog/', '/catalog/vitaminy/', '/brands/', '/sale/', '/../../etc/'],
      numeric: false,
    },
    { path: ['ajax'], samples: ['Y'], numeric: false },
    { path: ['PAGEN_1'], samples: ['1', '2', '99999'], numeric: true },
    { path: ['sort'], samples: ['price', 'popular', 'name'], numeric: false },
    { path: ['order'], samples: ['asc', 'desc'], numeric: false },
  ],
}

const routes = listRouteFiles()

/** The payment provider's HMAC over the fields as generated, so callbacks get past the signature check. */
function signPaymentFields(fields: [string, string][]): [string, string][] {
  const value = (name: string) => fields.find(([k]) => k === name)?.[1] ?? ''
  const payload = {
    paymentId: value('paymentId').trim(),
    status: value('status'),
    amount: value('amount'),
  } as CallbackPayload
  return [
    ...fields.filter(([k]) => k !== 'signature'),
    ['signature', signCallback(payload, callbackSecret())],
  ]
}

/** The methods a route.ts exports, read from its text so the test list is known before any import. */
function methodsOf(file: string): ('POST' | 'GET')[] {
  const source = readFileSync(file, 'utf8')
  return (['POST', 'GET'] as const).filter((m) =>
    new RegExp(`export (?:const|(?:async )?function) ${m}\\b`).test(source),
  )
}
const NAMES = routes.flatMap((route) => methodsOf(route.file).map((m) => `${m} ${route.url}`))
const targets: { name: string; target: FuzzTarget }[] = []
const reports = new Map<string, FuzzReport & { ms: number }>()
let ctx: GenContext
let guest: Visitor
let customer: Visitor
let manager: Visitor
const stranger = newVisitor()
let watched: string[] = []
let protoAtStart = ''
let someProductId = 0
let offerId = 0

/** A guest with a basket, a customer and a manager, new for each route: the last route may have logged them out or deleted them. */
async function freshVisitors(): Promise<void> {
  guest = await visitorWithBasket([{ offerId, quantity: 1 }])
  customer = await signedInVisitor()
  manager = await signedInVisitor({ role: 'manager', name: 'Мария Менеджер' })
}

beforeAll(async () => {
  setThrottleEnabled(false)
  setCheckoutLimits(false)
  easyCaptcha({ replay: false, limits: false })
  vi.stubEnv('ADMIN_API_TOKEN', ADMIN_TOKEN)
  reloadEnv()
  protoAtStart = prototypeKeys().join('|')

  const offer = await offerWithStock(50)
  offerId = offer.id
  await freshVisitors()
  const order = await orderFields()
  checkoutFields = Object.entries(order).map(([name, value]) => ({
    path: name.replace(/\]/g, '').split('['),
    samples: [value],
    numeric: /^\d+$/.test(value),
  }))
  const rows = await db()
    .select({ id: offers.id, productId: offers.productId, code: products.code })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.active, true)))
    .orderBy(asc(offers.id))
    .limit(10)
  someProductId = rows[0]!.productId
  ctx = {
    ids: [...new Set([...rows.flatMap((r) => [r.id, r.productId]), 1, 2, 3, 999_999, 2_147_483_647])],
    strings: ['moskva', 'Москва', 'Y', 'N', 'add', 'get', 'a', ...rows.map((r) => r.code)],
    captcha: await captchaToken(),
  }

  for (const route of routes) {
    const mod = (await import(route.file)) as RouteModule
    const fields = new Map<string, FieldSpec>()
    for (const schema of await schemasOf(route.file))
      for (const f of schemaFields(schema)) fields.set(f.path.join('['), f)
    for (const f of MANUAL_FIELDS[route.url]?.() ?? []) fields.set(f.path.join('['), f)
    const isAdmin = route.url.startsWith('/api/admin/')
    for (const method of ['POST', 'GET'] as const) {
      if (!mod[method]) continue
      const endpoint = isAdmin ? adminEndpointOf(route.url, method) : undefined
      const endpointFields = new Map(fields)
      for (const schema of [endpoint?.spec.query, endpoint?.spec.body])
        if (schema) for (const f of schemaFields(schema)) endpointFields.set(f.path.join('['), f)
      targets.push({
        name: `${method} ${route.url}`,
        target: {
          url: route.url,
          methods: [method],
          fields: [...endpointFields.values()],
          params: route.params,
          handlers: { [method]: mod[method] },
          prefersJson: isAdmin || route.url === '/payment/callback/',
          headers: route.url === LEGACY_ADMIN_ROUTE ? { authorization: `Bearer ${ADMIN_TOKEN}` } : undefined,
          sign: route.url === '/payment/callback/' ? signPaymentFields : undefined,
          // The search log is written in batches a second later: flushed after each input instead.
          settle: route.url === '/ajax/search/' ? flushSearchLog : undefined,
        },
      })
    }
  }
  watched = await installWriteLog(MAY_CHANGE_ON_REFUSAL)
}, 120_000)

afterAll(() => {
  setThrottleEnabled(true)
  setCheckoutLimits(true)
  setCaptcha(null)
  vi.unstubAllEnvs()
  reloadEnv()
  const rows = [...reports].map(
    ([name, r]) =>
      `${name.padEnd(62)} ${String(r.inputs).padStart(4)} inputs ${String(r.ms).padStart(6)} ms  refused ${r.refusals}, accepted writes ${r.acceptedWrites}, statuses ${JSON.stringify(r.statuses)}`,
  )
  const total = [...reports.values()].reduce((n, r) => n + r.inputs, 0)
  console.info(
    `S6 route fuzz, run seed ${RUN_SEED}: ${reports.size} route methods, ${total} inputs\n${rows.join('\n')}`,
  )
})

describe('S6: fuzzing every route', () => {
  it('covers every /ajax/* route and the checkout, and watches the business tables', () => {
    const urls = new Set(targets.map((t) => t.target.url))
    for (const route of routes.filter((r) => r.url.startsWith('/ajax/'))) expect(urls).toContain(route.url)
    expect(urls).toContain('/local/components/bitrix/sale.order.ajax/ajax.php')
    expect(routes.filter((r) => r.url.startsWith('/ajax/')).length).toBeGreaterThanOrEqual(48)
    for (const table of ['orders', 'users', 'basket_lines', 'reviews', 'favorites'])
      expect(watched).toContain(table)
    // The generator knows the fields of the routes that take any.
    const basket = targets.find((t) => t.name === 'POST /ajax/basket/')!.target
    expect(basket.fields.map((f) => f.path[0])).toEqual(expect.arrayContaining(['ACTION', 'ID', 'QUANTITY']))
    const checkout = targets.find((t) => t.name.endsWith('ajax.php'))!.target
    expect(checkout.fields.length).toBeGreaterThan(8)
  })

  it("reads every route's methods the same way from its text and its module", () => {
    expect(targets.map((t) => t.name).sort()).toEqual([...NAMES].sort())
  })

  it.each(NAMES.map((n) => [n]))(
    '%s',
    async (name) => {
      const found = targets.find((t) => t.name === name)!
      const isEndpoint = !!adminEndpointOf(found.target.url, found.target.methods[0]!)
      const entry = isEndpoint ? { ...found, target: { ...found.target, headers: { authorization: `Bearer ${await ownerToken()}` } } } : found
      const count = found.target.url.startsWith('/api/admin/') ? ADMIN_INPUTS : INPUTS
      await freshVisitors()
      // A challenge lives ten minutes; a slow run outlives the first token.
      ctx = { ...ctx, captcha: await captchaToken() }
      const visitors = [guest, guest, customer, customer, manager]
      const started = performance.now()
      const report = await fuzzRoute(entry.target, {
        seed: seedFor(RUN_SEED, name),
        count,
        ctx,
        visitor: (r) => visitors[Math.floor(r() * visitors.length)]!,
        stranger,
      })
      reports.set(name, { ...report, ms: Math.round(performance.now() - started) })
      expect(report.failures, `FUZZ_SEED=${RUN_SEED} ${name}\n${report.failures.join('\n')}`).toEqual([])
      expect(report.inputs).toBe(count)
      // An owner's token gets past the caller and permission checks: most inputs reach the handler.
      if (isEndpoint) expect(report.statuses[401] ?? 0, name).toBeLessThan(count / 4)
      expect(prototypeKeys().join('|')).toBe(protoAtStart)
    },
    180_000,
  )
})

/**
 * Negative controls: tiny broken handlers fed through the same harness. Each fault must be reported,
 * and a refusal whose writes were rolled back must not be (the write log is transactional).
 */
describe('S6: the fuzz checks can fail', () => {
  const shape = () => targets.find((t) => t.name === 'POST /ajax/basket/')!.target
  const control = (handler: Handler) => ({ ...shape(), handlers: { POST: handler } })
  const run = (handler: Handler) =>
    fuzzRoute(control(handler), { seed: 1, count: 60, ctx, visitor: () => guest, stranger, keep: 100 })
  const fields = async (req: Request) => new URLSearchParams(await req.text().catch(() => ''))
  const productId = () => someProductId

  it('reports a 5xx, a stack trace and an internal error text', async () => {
    const report = await run(async (req) => {
      try {
        const form = await fields(req)
        if (!/^\d+$/.test(form.get('QUANTITY') ?? ''))
          throw new TypeError(`bad quantity ${form.get('QUANTITY')}`)
        return Response.json({ ok: true })
      } catch (error) {
        return new Response(String((error as Error).stack), { status: 500 })
      }
    })
    expect(report.failures.join('\n')).toMatch(/5xx → 500/)
    expect(report.failures.join('\n')).toMatch(/leaks stack frame.*error class/)
  })

  it('reports a handler that throws', async () => {
    const report = await run(async () => {
      throw new Error('boom')
    })
    expect(report.failures.join('\n')).toMatch(/threw Error/)
  })

  it('reports a refusal that changed a business table, not one whose change was rolled back', async () => {
    const table = products
    const writesThenRefuses = await run(async () => {
      await db()
        .update(table)
        .set({ sort: sql`${table.sort} + 1` })
        .where(eq(table.id, productId()))
      return Response.json({ error: 'Нет' }, { status: 400 })
    })
    expect(writesThenRefuses.failures.join('\n')).toMatch(/refused but wrote products UPDATE/)
    const okOnRefusal = await run(async () => {
      await db()
        .update(table)
        .set({ sort: sql`${table.sort} + 1` })
        .where(eq(table.id, productId()))
      return Response.json({ productError: 'Нет в наличии' })
    })
    expect(okOnRefusal.failures.join('\n')).toMatch(/refused but wrote products UPDATE/)
    const rolledBack = await run(async () => {
      await db()
        .transaction(async (tx) => {
          await tx
            .update(table)
            .set({ sort: sql`${table.sort} + 1` })
            .where(eq(table.id, productId()))
          throw new Error('rollback')
        })
        .catch(() => undefined)
      return Response.json({ error: 'Нет' }, { status: 400 })
    })
    expect(rolledBack.failures).toEqual([])
    expect(rolledBack.refusals).toBe(60)
  })

  it('reports a polluted Object.prototype', async () => {
    const naiveMerge = (target: Record<string, unknown>, name: string, value: string) => {
      const keys = name.replace(/\]/g, '').split('[')
      let node = target
      for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>
      node[keys.at(-1)!] = value
    }
    try {
      const report = await run(async (req) => {
        const out: Record<string, unknown> = {}
        for (const [k, v] of await fields(req)) naiveMerge(out, k, v)
        return Response.json({ ok: true })
      })
      expect(report.failures.join('\n')).toMatch(/polluted a built-in prototype/)
    } finally {
      unpollute(protoAtStart.split('|'))
    }
    expect(prototypeKeys().join('|')).toBe(protoAtStart)
  })
})
