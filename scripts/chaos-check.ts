/**
 * The database side of `npm run chaos` (scripts/chaos.ts, ADR 158): read directly, not through the app,
 * and the invariants of reliability goal R5 checked on it.
 */
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'

export interface Sql {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

export async function postgres(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return { rows: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() }
}

/** PGlite opened on `dir` by this process (the server must not run on it). */
export async function pglite(dir: string): Promise<Sql> {
  const db = await PGlite.create(dir, { extensions: { pg_trgm } })
  return {
    rows: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  }
}

export interface Visitor {
  cookie: string
  sessid: string
}

export type Lines = Map<number, number>

/** One checkout attempt: its e-mail names the order it makes, so the check finds it by that. */
export interface Attempt {
  email: string
  key: string
  visitor: Visitor
  basket: Lines
  outcome: 'acknowledged' | 'refused' | 'unknown' | 'abandoned'
  orderId?: number
  refusal?: string
}

export interface Check {
  violations: string[]
  orders: number
  partial: number
  missing: number
  drift: number
  byEmail: Map<string, number>
}

/**
 * The invariants of R5 on the database as it is: `attempts` are what the buyers did and were answered,
 * `initialStock` the stock each offer had before the first order.
 */
export async function check(
  sql: Sql,
  attempts: readonly Attempt[],
  initialStock: ReadonlyMap<number, number>,
): Promise<Check> {
  const violations: string[] = []
  const orders = await sql.rows<{ id: number; email: string; status: string }>(
    'select id, email, status from orders order by id',
  )
  const lines = await sql.rows<{
    order_id: number
    offer_id: number | null
    quantity: number
    is_gift: string
  }>('select order_id, offer_id, quantity, is_gift from order_lines order by id')
  const linesOf = new Map<number, Lines>()
  for (const l of lines) {
    if (l.is_gift === 'Y' || l.offer_id === null) continue
    const m = linesOf.get(l.order_id) ?? new Map<number, number>()
    m.set(l.offer_id, (m.get(l.offer_id) ?? 0) + l.quantity)
    linesOf.set(l.order_id, m)
  }

  const empty = await sql.rows<{ id: number }>(
    'select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
  )
  for (const o of empty) violations.push(`order ${o.id} has no lines`)
  const orphans = await sql.rows<{ n: number }>(
    'select count(*)::int as n from order_lines l where not exists (select 1 from orders o where o.id = l.order_id)',
  )
  if ((orphans[0]?.n ?? 0) > 0) violations.push(`${orphans[0]?.n} order lines without an order`)

  // Money as the checkout writes it (orderTotals): goods = Σ line sums − coupon, total = goods + delivery.
  const money = await sql.rows<{
    id: number
    base_price: number
    discount: number
    goods_price: number
    delivery_price: number
    total: number
    coupon_id: number | null
    lines_sum: number
    lines_base: number
    sums_ok: boolean
  }>(
    `select o.id, o.base_price, o.discount, o.goods_price, o.delivery_price, o.total, o.coupon_id,
            sum(l.sum)::int as lines_sum, sum(l.base_price * l.quantity)::int as lines_base,
            bool_and(l.sum = l.price * l.quantity) as sums_ok
       from orders o join order_lines l on l.order_id = o.id group by o.id`,
  )
  for (const o of money) {
    const goodsOk = o.coupon_id === null ? o.goods_price === o.lines_sum : o.goods_price <= o.lines_sum
    if (
      !o.sums_ok ||
      o.base_price !== o.lines_base ||
      !goodsOk ||
      o.discount !== o.base_price - o.goods_price ||
      o.total !== o.goods_price + o.delivery_price
    ) {
      violations.push(`order ${o.id}: money does not add up from its lines (${JSON.stringify(o)})`)
    }
  }

  const byEmail = new Map<string, number>()
  for (const o of orders) {
    const other = byEmail.get(o.email)
    if (other !== undefined)
      violations.push(`two orders (${other}, ${o.id}) for one checkout attempt ${o.email}`)
    byEmail.set(o.email, o.id)
  }

  const byId = new Map(orders.map((o) => [o.id, o]))
  let missing = 0
  const partial = new Set(empty.map((o) => o.id))
  for (const a of attempts) {
    const found = byEmail.get(a.email)
    if (a.outcome === 'acknowledged') {
      const order = byId.get(a.orderId ?? 0)
      if (!order || order.email !== a.email) {
        missing++
        violations.push(
          `acknowledged order ${a.orderId} of ${a.email} is ${order ? `another attempt's (${order.email})` : 'missing'}`,
        )
        continue
      }
      const got = linesOf.get(order.id) ?? new Map<number, number>()
      if (!sameLines(got, a.basket)) {
        partial.add(order.id)
        violations.push(`order ${order.id} has lines ${show(got)}, the basket had ${show(a.basket)}`)
      }
    } else if (found !== undefined && a.outcome !== 'unknown') {
      violations.push(
        `order ${found} exists for ${a.email}, whose save was ${a.outcome}${a.refusal ? `: ${a.refusal}` : ''}`,
      )
    } else if (found !== undefined && !sameLines(linesOf.get(found) ?? new Map(), a.basket)) {
      partial.add(found)
      violations.push(
        `order ${found} (answer lost in the kill) has lines ${show(linesOf.get(found) ?? new Map())}, the basket had ${show(a.basket)}`,
      )
    }
  }

  // Stock is conserved: what left the shelf is exactly what orders not cancelled hold.
  let drift = 0
  const stock = await sql.rows<{ id: number; stock: number | null; held: number }>(
    `select f.id, f.stock,
            coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                       where l.offer_id = f.id and o.status <> 'cancelled'), 0)::int as held
       from offers f where f.id = any($1::int[])`,
    [[...initialStock.keys()]],
  )
  for (const s of stock) {
    const expected = (initialStock.get(s.id) ?? 0) - s.held
    if (s.stock !== expected) {
      drift += Math.abs((s.stock ?? 0) - expected)
      violations.push(
        `offer ${s.id}: stock ${s.stock}, expected ${initialStock.get(s.id)} − ${s.held} = ${expected}`,
      )
    }
  }
  return { violations, orders: orders.length, partial: partial.size, missing, drift, byEmail }
}

function sameLines(a: Lines, b: Lines): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v)
}

const show = (l: Lines) => `{${[...l].map(([k, v]) => `${k}×${v}`).join(', ')}}`

/**
 * CHAOS_TAMPER=1, the negative control: after the first kill that finds an order, one line of the
 * first order goes and one unit comes back to a shelf, as a crash that split a transaction would
 * leave it; the run must fail.
 */
export async function tamper(sql: Sql, offerId: number): Promise<boolean> {
  const [line] = await sql.rows<{ id: number }>('select min(id) as id from order_lines')
  if (line?.id == null) return false
  console.log(`CHAOS_TAMPER=1: deleting order line ${line.id} and adding a unit of stock to offer ${offerId}`)
  await sql.rows('delete from order_lines where id = $1', [line.id])
  await sql.rows('update offers set stock = stock + 1 where id = $1', [offerId])
  return true
}
