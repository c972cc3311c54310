import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as basketPost } from '@/app/ajax/basket/route'
import { POST as favoritesPost } from '@/app/ajax/favorites/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { offers, products } from '@/db/schema'
import { pick, rng, type Rand } from '../../../tests/support/fuzz'
import { newVisitor, type Visitor } from '../../../tests/support/http'
import { MAX_ITEMS_PER_ORDER } from './cart-limits'
import type { Cart } from './cart'

/**
 * S6: ≥ 500 generated inputs for each of /ajax/basket/ and /ajax/favorites/ — wrong types, huge
 * strings, __proto__, negative and fractional quantities, broken encodings, nested brackets, JSON and
 * multipart bodies. Never a 5xx or a stack trace; a refusal (4xx or productError) changes nothing;
 * whatever is accepted keeps the cart within its limits.
 */

function numberish(r: Rand, valid: readonly number[]): string {
  if (r() < 0.5) return String(pick(r, valid))
  return pick(r, [
    () => String(pick(r, valid)),
    () => String(-pick(r, valid)),
    () => `${pick(r, valid)}.5`,
    () => '0',
    () => '-0',
    () => '1e3',
    () => '0x1f',
    () => ' 7 ',
    () => '９',
    () => 'NaN',
    () => 'Infinity',
    () => '9'.repeat(Math.floor(r() * 40) + 1),
    () => String(Number.MAX_SAFE_INTEGER),
    () => '2147483648',
    () => '',
    () => 'два',
    () => '<script>alert(1)</script>',
    () => "1; drop table basket_lines; --",
    () => '%00',
    () => 'x'.repeat(5000),
    () => String(Math.floor(r() * 200)),
  ])()
}

/** A urlencoded body built by hand, so broken percent-encodings and odd names get through. */
function fuzzBody(r: Rand, fields: readonly (readonly [string, string])[]): string {
  return fields
    .map(([k, v]) => {
      const raw = r() < 0.08
      const enc = (s: string) => (raw ? s : encodeURIComponent(s))
      return `${enc(k)}=${enc(v)}`
    })
    .concat(r() < 0.05 ? ['%E0%A4%A', '%ff%fe=%c3%28', '=', '&&&'] : [])
    .join('&')
}

const BASKET_ACTIONS = ['Add', 'Add', 'Add', 'Remove', 'GetBasket', 'Update', 'Update', 'add', 'ADD', 'delete', '', '__proto__', 'Add\u0000', 'constructor']
const FAVORITE_ACTIONS = ['get', 'add', 'add', 'add', 'remove', 'remove', 'ADD', 'toggle', '', '__proto__', 'get ']

function basketFields(r: Rand, ids: readonly number[]): [string, string][] {
  const out: [string, string][] = []
  if (r() < 0.95) out.push(['ACTION', pick(r, BASKET_ACTIONS)])
  const idShape = r()
  if (idShape < 0.4) out.push(['ID', numberish(r, ids)])
  else if (idShape < 0.7) for (let i = Math.floor(r() * 5); i >= 0; i--) out.push(['ID[]', numberish(r, ids)])
  else if (idShape < 0.8) out.push([pick(r, ['ID[a]', 'ID[][]', 'ID[__proto__]', 'ID[0][1]', 'ID]', 'ID[', '__proto__[ID]']), numberish(r, ids)])
  else if (idShape < 0.85) for (let i = 0; i < 130; i++) out.push(['ID[]', String(pick(r, ids))])
  if (r() < 0.7) out.push(['QUANTITY', numberish(r, [1, 2, 3, 5, 25, 99, 100, 101, 125, 126])])
  if (r() < 0.2) out.push(['QUANTITY[]', '1'])
  if (r() < 0.2) out.push(['RETURN', pick(r, ['Y', 'N', 'x'.repeat(600)])])
  if (r() < 0.2) out.push(['PAGE_TITLE', pick(r, ['Каталог', '\u202e\ufeff', 'я'.repeat(2000)])])
  if (r() < 0.1) out.push(['PRICE', '0.01'], ['TotalPrice', '1'])
  if (r() < 0.05) out.push(['__proto__[polluted]', '1'], ['constructor[prototype][x]', '1'])
  return out
}

function favoriteFields(r: Rand, ids: readonly number[]): [string, string][] {
  const out: [string, string][] = []
  if (r() < 0.95) out.push([pick(r, ['action', 'action', 'action', 'action', 'action[]', 'ACTION']), pick(r, FAVORITE_ACTIONS)])
  if (r() < 0.9) out.push([pick(r, ['favoritesId', 'favoritesId', 'favoritesId', 'favoritesId[]', 'favoritesId[x]']), numberish(r, ids)])
  if (r() < 0.05) out.push(['__proto__[admin]', '1'])
  return out
}

async function send(
  post: (req: Request) => Promise<Response>,
  url: string,
  visitor: Visitor,
  r: Rand,
  fields: [string, string][],
): Promise<Response> {
  const headers = new Headers({ cookie: visitor.cookie })
  const all: [string, string][] = [...fields, ['sessid', visitor.sessid]]
  const kind = r()
  let body: BodyInit
  if (kind < 0.75) {
    headers.set('content-type', 'application/x-www-form-urlencoded; charset=UTF-8')
    body = fuzzBody(r, all)
  } else if (kind < 0.9) {
    const form = new FormData()
    for (const [k, v] of all) form.append(k, v)
    body = form
  } else if (kind < 0.97) {
    headers.set('content-type', 'application/json')
    body = r() < 0.5 ? JSON.stringify(Object.fromEntries(all)) : '{"ACTION": ["Add"], "ID": {"__proto__": 1}, "sessid": ' + JSON.stringify(visitor.sessid)
  } else {
    headers.set('content-type', 'application/x-www-form-urlencoded')
    body = new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x3d, 0xc3, 0x28])
  }
  return post(new Request(new URL(url, 'http://localhost:3000'), { method: 'POST', headers, body }))
}

/** The rows these endpoints may touch, hashed: cheap enough to take around every call. */
async function stateOf(): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db(),
    sql`select md5(
          coalesce((select string_agg(b::text, '|' order by b.id) from basket_lines b), '') ||
          coalesce((select string_agg(f::text, '|' order by f.id) from favorites f), '') ||
          coalesce((select string_agg(s.id::text || s.token_hash || coalesce(s.user_id::text, ''), '|' order by s.id) from sessions s), '')
        ) as digest`,
  )
  return row!.digest
}

function looksLikeLeak(text: string): boolean {
  return /\bat [\w.<>]+ \(|node_modules|Error:|stack/i.test(text)
}

let offerIds: number[] = []
let productIds: number[] = []
beforeAll(async () => {
  const rows = await db()
    .select({ id: offers.id, productId: offers.productId })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.active, true)))
    .orderBy(asc(offers.id))
    .limit(40)
  offerIds = [...rows.map((r) => r.id), 999_999]
  productIds = [...new Set(rows.map((r) => r.productId)), 999_999]
})

describe('S6: fuzzing /ajax/basket/ and /ajax/favorites/', () => {
  it('/ajax/basket/: 600 generated inputs, no 5xx, no leak, no change on refusal, limits kept', async () => {
    const r = rng(20_26_11_21)
    const visitors = [newVisitor(), newVisitor(), newVisitor()]
    const seen = new Set<number>()
    let changed = 0
    for (let i = 0; i < 600; i++) {
      const visitor = pick(r, visitors)
      const fields = basketFields(r, offerIds)
      const before = await stateOf()
      const res = await send(basketPost, '/ajax/basket/', visitor, r, fields)
      const text = await res.text()
      seen.add(res.status)
      const context = `#${i} ${JSON.stringify(fields).slice(0, 300)} → ${res.status} ${text.slice(0, 200)}`
      expect(res.status, context).toBeLessThan(500)
      expect(looksLikeLeak(text), context).toBe(false)
      const body = JSON.parse(text) as Partial<Cart> & { error?: string }
      const after = await stateOf()
      if (res.status >= 400 || body.productError) expect(after, context).toBe(before)
      if (after !== before) changed++
      if (res.status === 200) {
        const count = (body.Products ?? []).reduce((n, l) => n + l.quantity, 0)
        expect(count, context).toBeLessThanOrEqual(MAX_ITEMS_PER_ORDER)
        for (const line of body.Products ?? []) {
          expect(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= line.max, context).toBe(true)
        }
      }
    }
    // The generator reached both sides: accepted changes and refusals.
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400]))
    expect(changed).toBeGreaterThan(10)
    expect(Object.prototype).not.toHaveProperty('polluted')
  }, 300_000)

  it('/ajax/favorites/: 600 generated inputs, no 5xx, no leak, no change on refusal', async () => {
    const r = rng(7_777)
    const visitors = [newVisitor(), newVisitor()]
    const seen = new Set<number>()
    let changed = 0
    for (let i = 0; i < 600; i++) {
      const visitor = pick(r, visitors)
      const fields = favoriteFields(r, productIds)
      const before = await stateOf()
      const res = await send(favoritesPost, '/ajax/favorites/', visitor, r, fields)
      const text = await res.text()
      seen.add(res.status)
      const context = `#${i} ${JSON.stringify(fields).slice(0, 300)} → ${res.status} ${text.slice(0, 200)}`
      expect(res.status, context).toBeLessThan(500)
      expect(looksLikeLeak(text), context).toBe(false)
      const after = await stateOf()
      if (res.status >= 400) expect(after, context).toBe(before)
      else expect(Array.isArray(JSON.parse(text)), context).toBe(true)
      if (after !== before) changed++
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400]))
    expect(changed).toBeGreaterThan(10)
    expect(Object.prototype).not.toHaveProperty('admin')
  }, 300_000)
})
