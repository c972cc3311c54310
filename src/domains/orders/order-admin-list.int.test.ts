import { describe, expect, it, beforeAll } from 'vitest'
import { db } from '@/db/client'
import { orderLines, orders } from '@/db/schema'
import { insertSampleOrders } from '../../../tests/support/sample-orders'
import { exportOrdersCsv, listOrders } from './order-admin-list.server'
import { orderListQuery, type OrderListQuery } from './order-admin.schema'

const UNTIL = new Date('2026-06-30T12:00:00Z')
type Row = typeof orders.$inferSelect
let all: Row[] = []

/** A written-down order to look for, beside 180 generated ones. */
async function known(over: Partial<typeof orders.$inferInsert>) {
  const [row] = await db()
    .insert(orders)
    .values({ basePrice: 100_000, goodsPrice: 100_000, total: 100_000, paymentToken: `known-${Math.random()}`, createdAt: UNTIL, ...over })
    .returning({ id: orders.id })
  return row!.id
}

let anna = 0
let midnight = 0

beforeAll(async () => {
  await insertSampleOrders(db(), 180, { until: UNTIL, seed: 7 })
  anna = await known({ buyerName: 'Анна Сергеевна Кузьмина', phone: '+7 (912) 345-67-89', email: 'Kuzmina.Anna@Mail.ru', status: 'assembling', couponCode: 'LETO5' })
  // 23:30 in Moscow on 1 March is 20:30 UTC: the 1st there, whatever the server thinks.
  midnight = await known({ buyerName: 'Ночной Покупатель', phone: '89001112233', createdAt: new Date('2026-03-01T20:30:00Z') })
  all = await db().select().from(orders)
})

function query(params: Record<string, string>): OrderListQuery {
  return orderListQuery.parse({ limit: '200', ...params })
}

async function ids(params: Record<string, string>): Promise<number[]> {
  const page = await listOrders(query(params))
  expect(page.total).toBe(page.items.length)
  return page.items.map((i) => i.id).sort((a, b) => a - b)
}

const expected = (keep: (o: Row) => boolean) => all.filter(keep).map((o) => o.id).sort((a, b) => a - b)
const moscowDay = (o: Row) => new Date(o.createdAt.getTime() + 3 * 3600_000).toISOString().slice(0, 10)

describe('listOrders: the back office order list', () => {
  it('finds by order number, by phone written any way, by e-mail and by name words in any order', async () => {
    expect(await ids({ q: String(anna) })).toContain(anna)
    expect(await ids({ q: `№${anna}` })).toEqual([anna])
    for (const q of ['8 912 345 67 89', '+79123456789', '9123456789', '(912) 345-67-89', '6789']) expect(await ids({ q })).toContain(anna)
    expect(await ids({ q: 'kuzmina.anna@mail' })).toEqual([anna])
    expect(await ids({ q: 'кузьмина анна' })).toEqual([anna])
    expect(await ids({ q: 'Кузьмина Ольга' })).toEqual([])
    expect(await ids({ q: '100%' })).toEqual([])
  })

  it('filters by status, payment, delivery type, carrier, city, coupon and sum, as the rows say', async () => {
    expect(await ids({ status: 'new,cancelled' })).toEqual(expected((o) => o.status === 'new' || o.status === 'cancelled'))
    expect(await ids({ payment: 'paid' })).toEqual(expected((o) => o.paidAt !== null))
    expect(await ids({ payment: 'unpaid', paySystem: 'card' })).toEqual(expected((o) => o.paidAt === null && o.paySystemCode === 'card'))
    expect(await ids({ deliveryType: 'pickup' })).toEqual(expected((o) => o.deliveryId === '1' || o.deliveryId === '2'))
    expect(await ids({ carrier: 'courier' })).toEqual(expected((o) => o.deliveryId === '4'))
    expect(await ids({ city: 'kazan' })).toEqual(expected((o) => o.locationCode === 'kazan'))
    expect(await ids({ coupon: 'vita10' })).toEqual(expected((o) => o.couponCode === 'VITA10'))
    expect(await ids({ coupon: 'leto5' })).toEqual([anna])
    expect(await ids({ totalFrom: '500000', totalTo: '900000' })).toEqual(expected((o) => o.total >= 500_000 && o.total <= 900_000))
    const mixed = { status: 'delivered', city: 'moskva', totalFrom: '300000' }
    expect(await ids(mixed)).toEqual(expected((o) => o.status === 'delivered' && o.locationCode === 'moskva' && o.total >= 300_000))
  })

  it('reads a date range as whole days in Moscow', async () => {
    expect(await ids({ from: '2026-03-01', to: '2026-03-01' })).toEqual(expected((o) => moscowDay(o) === '2026-03-01'))
    expect(await ids({ from: '2026-03-01', to: '2026-03-01' })).toContain(midnight)
    expect(await ids({ from: '2026-03-02', to: '2026-03-31' })).not.toContain(midnight)
    expect(await ids({ from: '2026-02-01', to: '2026-04-30' })).toEqual(expected((o) => moscowDay(o) >= '2026-02-01' && moscowDay(o) <= '2026-04-30'))
  })

  it('sorts and pages without losing or repeating an order', async () => {
    const seen: number[] = []
    let totals: number[] = []
    for (let page = 1; page <= 5; page++) {
      const answer = await listOrders(query({ sort: '-total', limit: '40', page: String(page) }))
      expect(answer).toMatchObject({ total: all.length, totalExact: true })
      expect(answer.pages).toBe(Math.ceil(all.length / 40))
      seen.push(...answer.items.map((i) => i.id))
      totals = totals.concat(answer.items.map((i) => i.total))
    }
    expect(new Set(seen).size).toBe(all.length)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
    const newest = await listOrders(query({ limit: '5' }))
    const dates = newest.items.map((i) => i.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('counts the pieces of each order from its lines', async () => {
    await db().insert(orderLines).values({ orderId: anna, name: 'Омега-3', quantity: 4, basePrice: 1000, price: 1000, sum: 4000 })
    await db().insert(orderLines).values({ orderId: anna, name: 'Магний', quantity: 2, basePrice: 1000, price: 1000, sum: 2000 })
    const page = await listOrders(query({ q: `№${anna}` }))
    expect(page.items[0]?.items).toBe(6)
    const sample = (await listOrders(query({ limit: '5' }))).items.filter((i) => i.id !== anna && i.id !== midnight)
    expect(sample.every((i) => i.items === 1)).toBe(true)
  })

  it('counts exactly up to the cap and says "more" beyond it', async () => {
    const capped = await listOrders(query({ limit: '20' }), db(), 50)
    expect(capped).toMatchObject({ total: 50, totalExact: false, pages: 3 })
    expect(capped.items).toHaveLength(20)
    // Past the cap a full page promises the next one.
    expect(await listOrders(query({ limit: '20', page: '4' }), db(), 50)).toMatchObject({ totalExact: false, pages: 5 })
    const under = await listOrders(query({ city: 'omsk', limit: '20' }), db(), 50)
    expect(under.totalExact).toBe(true)
    expect(under.total).toBe(expected((o) => o.locationCode === 'omsk').length)
  })

  it('exports the filtered list as CSV, one line per order', async () => {
    const csv = await exportOrdersCsv(query({ city: 'omsk' }))
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]?.startsWith('Номер;Дата;Статус')).toBe(true)
    expect(lines.length - 1).toBe(expected((o) => o.locationCode === 'omsk').length)
    expect(lines.slice(1).every((l) => l.includes(';Омск;'))).toBe(true)
  })

  it('exports only the chosen rows (ids), in the list\'s sort, with the other filters still applying', async () => {
    const chosen = [anna, midnight, all[0]!.id, all[1]!.id]
    const csv = await exportOrdersCsv(query({ ids: chosen.join(','), sort: '-total' }))
    const lines = csv.trimEnd().split('\r\n').slice(1)
    const byTotal = all.filter((o) => chosen.includes(o.id)).sort((a, b) => b.total - a.total || b.id - a.id)
    expect(lines.map((l) => Number(l.split(';')[0]))).toEqual(byTotal.map((o) => o.id))
    expect(await ids({ ids: chosen.join(','), status: 'assembling' })).toEqual(expected((o) => chosen.includes(o.id) && o.status === 'assembling'))
  })
})
