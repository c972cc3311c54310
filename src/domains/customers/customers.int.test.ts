import { and, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { orderLines, orders, products, reviews, sessions, subscriptions, userAddresses, users, type OrderStatus } from '@/db/schema'
import { auditLog, staff } from '@/db/schema/staff'
import { listOrders } from '@/domains/orders/order-admin-list.server'
import { orderListQuery } from '@/domains/orders/order-admin.schema'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { ANONYMISED_BUYER } from './customers'
import { customerListQuery } from './customers.schema'
import { anonymiseCustomer, customerDetail, listCustomers } from './customers.server'

let MANAGER: Actor
let productId = 0

beforeAll(async () => {
  const [row] = await db().insert(staff).values({ email: 'olga.customers@example.ru', name: 'Ольга Менеджер', role: 'manager' }).returning()
  MANAGER = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
  const [product] = await db().select({ id: products.id }).from(products).limit(1)
  productId = product!.id
})

let serial = 0
async function buyer(over: Partial<typeof users.$inferInsert> = {}) {
  serial++
  const [row] = await db()
    .insert(users)
    .values({ email: `buyer${serial}-${Date.now()}@example.ru`, name: 'Покупатель', phone: '', ...over })
    .returning()
  return row!
}

async function order(userId: number | null, status: OrderStatus, total: number, over: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await db()
    .insert(orders)
    .values({
      userId,
      status,
      basePrice: total,
      goodsPrice: total,
      total,
      paidAt: ['paid', 'assembling', 'shipped', 'delivered'].includes(status) ? new Date('2026-05-02T10:00:00Z') : null,
      buyerName: 'Зинаида Тестова',
      email: 'zina@example.ru',
      phone: '+7 (905) 111-22-33',
      address: 'Москва, ул. Ленина, д. 1, кв. 2',
      comment: 'Позвонить за час',
      props: { FIO: 'Зинаида Тестова', LOCATION: 'moskva' },
      paymentToken: `t-${Math.random()}`,
      createdAt: new Date('2026-05-01T10:00:00Z'),
      ...over,
    })
    .returning({ id: orders.id })
  await db().insert(orderLines).values({ orderId: row!.id, name: 'Витамин D3', quantity: 2, basePrice: total / 2, price: total / 2, sum: total })
  return row!.id
}

async function refusalOf(run: () => Promise<unknown>): Promise<Refusal> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Refusal) return error
    throw error
  }
  throw new Error('expected a refusal')
}

const ids = async (params: Record<string, string>) => (await listCustomers(customerListQuery.parse({ limit: '200', ...params }))).items.map((i) => i.id)

describe('listCustomers', () => {
  it('finds a buyer by name words, a piece of the e-mail, and the phone written any way', async () => {
    const a = await buyer({ name: 'Евдокия Крапивина', email: 'e.krapivina@mail.ru', phone: '+7 (916) 555-44-33' })
    const b = await buyer({ name: 'Евдокия Лопухова', email: 'lopuhova@yandex.ru', phone: '89165554434' })
    expect(await ids({ q: 'евдокия' })).toEqual(expect.arrayContaining([a.id, b.id]))
    expect(await ids({ q: 'Крапивина Евдокия' })).toEqual([a.id])
    expect(await ids({ q: 'krapivina@' })).toEqual([a.id])
    expect(await ids({ q: 'lopuhova' })).toEqual([b.id])
    for (const q of ['8 916 555-44-33', '+79165554433', '9165554433', '(916) 555-44-33']) expect(await ids({ q })).toEqual([a.id])
    expect(await ids({ q: '5554434' })).toEqual([b.id])
    expect(await ids({ q: 'Евдокия Петрова' })).toEqual([])
    // LIKE's wildcards are text to look for, not a way to list everyone.
    expect(await ids({ q: '%' })).toEqual([])
    expect(await ids({ q: '_' })).toEqual([])
  })

  it('pages the list newest first with the total, and sums orders that were not cancelled', async () => {
    const people = []
    for (let i = 0; i < 5; i++) people.push(await buyer({ name: `Пагинация Страничкина ${i}`, createdAt: new Date(Date.UTC(2026, 0, 10 + i)) }))
    await order(people[4]!.id, 'delivered', 150_000)
    await order(people[4]!.id, 'cancelled', 99_000)
    await order(people[4]!.id, 'new', 20_000)
    const first = await listCustomers(customerListQuery.parse({ q: 'Страничкина', limit: '2' }))
    expect(first).toMatchObject({ total: 5, pages: 3, page: 1 })
    expect(first.items.map((i) => i.id)).toEqual([people[4]!.id, people[3]!.id])
    expect(first.items[0]!.totals).toMatchObject({ orders: 3, active: 2, spent: 170_000, paid: 150_000 })
    expect(first.items[1]!.totals).toMatchObject({ orders: 0, spent: 0, lastOrderAt: null })
    const last = await listCustomers(customerListQuery.parse({ q: 'Страничкина', limit: '2', page: '3' }))
    expect(last.items.map((i) => i.id)).toEqual([people[0]!.id])
  })
})

describe('customerDetail', () => {
  it('shows the orders with totals, the addresses, the subscriptions and the reviews', async () => {
    const u = await buyer({ name: 'Гликерия Деталькина', email: 'glikeria@example.ru', phone: '79001234567', subscribed: true })
    const delivered = await order(u.id, 'delivered', 120_000, { createdAt: new Date('2026-04-01T10:00:00Z') })
    const cancelled = await order(u.id, 'cancelled', 30_000, { createdAt: new Date('2026-04-02T10:00:00Z') })
    await db().insert(userAddresses).values([
      { userId: u.id, position: 0, address: 'Тверь, ул. Советская, 5' },
      { userId: u.id, position: 1, address: 'Москва, Тверская, 1' },
    ])
    await db().insert(subscriptions).values({ email: u.email, page: '/', status: 'confirmed', confirmTokenHash: `c${u.id}`.padEnd(64, '0'), unsubscribeTokenHash: `u${u.id}`.padEnd(64, '0') })
    await db().insert(reviews).values({ productId, userId: u.id, source: 'native', authorName: u.name, rating: 4, text: 'Хорошие витамины' })

    const detail = await customerDetail(u.id)
    expect(detail).toMatchObject({ id: u.id, email: u.email, name: 'Гликерия Деталькина', subscribed: true, hasPassword: false })
    expect(detail.orders.map((o) => o.id)).toEqual([cancelled, delivered])
    expect(detail.orders[1]).toMatchObject({ status: 'delivered', total: 120_000, items: 2 })
    expect(detail.totals).toMatchObject({ orders: 2, active: 1, spent: 120_000, paid: 120_000, lastOrderAt: '2026-04-02T10:00:00.000Z' })
    expect(detail.addresses).toEqual(['Тверь, ул. Советская, 5', 'Москва, Тверская, 1'])
    expect(detail.subscriptions).toEqual([expect.objectContaining({ page: '/', status: 'confirmed' })])
    expect(detail.reviews).toEqual([expect.objectContaining({ productId, rating: 4, text: 'Хорошие витамины', status: 'pending' })])
  })

  it('refuses an unknown buyer as not found', async () => {
    expect((await refusalOf(() => customerDetail(2_000_000_000))).kind).toBe('not-found')
  })
})

describe('anonymiseCustomer (152-ФЗ)', () => {
  const shopTotals = async () =>
    (await queryRows<{ n: number; sum: string }>(db(), sql`select count(*)::int as n, coalesce(sum(total), 0)::text as sum from orders where status <> 'cancelled'`))[0]!

  it('erases the person and keeps the orders with their lines, sums and dates; the shop totals still count them', async () => {
    const u = await buyer({ name: 'Аполлинария Стиралкина', email: 'apollinaria@example.ru', phone: '79005554433' })
    await db().insert(sessions).values({ tokenHash: `s${u.id}`.padEnd(64, 'a'), userId: u.id })
    await db().insert(userAddresses).values({ userId: u.id, position: 0, address: 'Калуга, ул. Мира, 3' })
    await db().insert(subscriptions).values({ email: u.email, page: '/', status: 'confirmed', confirmTokenHash: `d${u.id}`.padEnd(64, '0'), unsubscribeTokenHash: `e${u.id}`.padEnd(64, '0') })
    const [review] = await db().insert(reviews).values({ productId, userId: u.id, source: 'native', authorName: u.name, email: u.email, rating: 5, text: 'Отлично' }).returning({ id: reviews.id })
    const delivered = await order(u.id, 'delivered', 250_000)
    const unpaid = await order(u.id, 'awaiting_payment', 40_000)
    const before = await shopTotals()
    const linesBefore = await db().select().from(orderLines).where(inArray(orderLines.orderId, [delivered, unpaid])).orderBy(orderLines.id)
    const listedBefore = await listOrders(orderListQuery.parse({ status: 'delivered', limit: '200' }))

    const result = await anonymiseCustomer(MANAGER, u.id)
    expect(result.orders).toEqual([delivered, unpaid])

    expect(await db().select().from(users).where(eq(users.id, u.id))).toEqual([])
    expect(await db().select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([])
    expect(await db().select().from(userAddresses).where(eq(userAddresses.userId, u.id))).toEqual([])
    expect(await db().select().from(subscriptions).where(eq(subscriptions.email, u.email))).toEqual([])
    expect((await db().select().from(reviews).where(eq(reviews.id, review!.id)))[0]).toMatchObject({ authorName: 'Покупатель', email: '' })

    const kept = await db().select().from(orders).where(inArray(orders.id, [delivered, unpaid])).orderBy(orders.id)
    for (const o of kept) {
      expect(o).toMatchObject({ userId: null, buyerName: ANONYMISED_BUYER, email: '', phone: '', address: '', comment: '' })
      expect(o.props).toEqual({ LOCATION: 'moskva' })
      expect(o.createdAt.toISOString()).toBe('2026-05-01T10:00:00.000Z')
    }
    expect(kept.map((o) => [o.status, o.total])).toEqual([
      ['delivered', 250_000],
      ['cancelled', 40_000],
    ])
    expect(await db().select().from(orderLines).where(inArray(orderLines.orderId, [delivered, unpaid])).orderBy(orderLines.id)).toEqual(linesBefore)
    // The delivered order still counts; the unpaid one was cancelled on the way, as the buyer's own delete does.
    const after = await shopTotals()
    expect(after).toEqual({ n: before.n - 1, sum: String(BigInt(before.sum) - 40_000n) })
    const listedAfter = await listOrders(orderListQuery.parse({ status: 'delivered', limit: '200' }))
    expect(listedAfter.total).toBe(listedBefore.total)
    expect(listedAfter.items.find((i) => i.id === delivered)).toMatchObject({ buyerName: ANONYMISED_BUYER, total: 250_000 })

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'customer'), eq(auditLog.objectId, String(u.id))))
    expect(entry).toMatchObject({ staffId: MANAGER.id, action: 'anonymise', before: { orders: 2 }, after: { orders: [delivered, unpaid] } })
    // The audit log must not keep what was erased.
    expect(JSON.stringify(entry)).not.toMatch(/apollinaria|Стиралкина|79005554433/)
    expect((await refusalOf(() => customerDetail(u.id))).kind).toBe('not-found')
  })

  it('is refused while a paid order is on its way, and then changes nothing', async () => {
    const u = await buyer({ name: 'Варвара Ждущая', email: 'varvara@example.ru' })
    const shipped = await order(u.id, 'shipped', 80_000)
    const unpaid = await order(u.id, 'awaiting_payment', 10_000)
    const refusal = await refusalOf(() => anonymiseCustomer(MANAGER, u.id))
    expect(refusal.kind).toBe('conflict')
    expect(refusal.message).toContain(`№${shipped}`)
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, u.id))).toHaveLength(1)
    const rows = await db().select().from(orders).where(inArray(orders.id, [shipped, unpaid])).orderBy(orders.id)
    expect(rows.map((o) => [o.status, o.buyerName, o.email])).toEqual([
      ['shipped', 'Зинаида Тестова', 'zina@example.ru'],
      ['awaiting_payment', 'Зинаида Тестова', 'zina@example.ru'],
    ])
    expect(await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'customer'), eq(auditLog.objectId, String(u.id))))).toEqual([])
  })

  it('refuses an unknown buyer as not found', async () => {
    expect((await refusalOf(() => anonymiseCustomer(MANAGER, 2_000_000_000))).kind).toBe('not-found')
  })
})
