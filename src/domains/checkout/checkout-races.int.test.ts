import { and, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db, dbHandle } from '@/db/client'
import { queryRows } from '@/db/rows'
import { coupons, courierSlotLoad, courierWindows, offers } from '@/db/schema'
import { DELIVERY_MESSAGES } from '@/domains/delivery/delivery'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import type { SaveAnswer } from './checkout-wire'
import { setClock, setIntegrityGuards, setSlotGuard } from '../../../tests/support/test-hooks'

/**
 * Reliability R1–R3: concurrent orders. Each scenario runs with its guard on (the goal holds) and off
 * (the negative control: the same check must fail, so the test can catch a regression).
 */
type Answer = { status: number; body: SaveAnswer | { success: string } }

afterEach(() => {
  setIntegrityGuards('reset')
  setSlotGuard(true)
  setClock(null)
})

async function ordersFor(offerId: number) {
  return queryRows<{ id: number; coupon_code: string | null }>(
    db(),
    sql`select o.id, o.coupon_code from orders o where exists (select 1 from order_lines l where l.order_id = o.id and l.offer_id = ${offerId})`,
  )
}

const placedId = (a: Answer) => ('order' in a.body && 'ID' in a.body.order ? a.body.order.ID : null)
const mainError = (a: Answer) => ('order' in a.body && 'ERROR' in a.body.order ? (a.body.order.ERROR.MAIN?.[0] ?? '') : '')

// ---------- R1 ----------

async function lastUnitsRace(skip: number) {
  const offer = await offerWithStock(5, skip)
  const fields = await orderFields()
  const visitors = await Promise.all(Array.from({ length: 50 }, () => visitorWithBasket([{ offerId: offer.id, quantity: 1 }])))
  const answers: Answer[] = await Promise.all(visitors.map((v) => checkout<Answer['body']>('saveOrderAjax', fields, v)))
  const [row] = await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offer.id))
  return { offer, answers, stock: row?.stock ?? null, orders: await ordersFor(offer.id) }
}

function r1Holds(r: Awaited<ReturnType<typeof lastUnitsRace>>): boolean {
  const refused = r.answers.filter((a) => mainError(a).includes(r.offer.name))
  return (
    r.orders.length === 5 &&
    r.answers.filter((a) => placedId(a) !== null).length === 5 &&
    refused.length === 45 &&
    r.stock === 0 &&
    r.answers.every((a) => a.status < 500)
  )
}

describe('R1: 50 buyers race for the last 5 units', () => {
  it('makes exactly 5 orders and 45 clear refusals, stock 0', async () => {
    const result = await lastUnitsRace(20)
    expect(result.orders).toHaveLength(5)
    expect(result.stock).toBe(0)
    expect(r1Holds(result)).toBe(true)
  }, 120_000)

  it('negative control: without the conditional stock update it oversells', async () => {
    setIntegrityGuards({ stock: false })
    const result = await lastUnitsRace(21)
    expect(r1Holds(result)).toBe(false)
    expect(result.orders.length).toBeGreaterThan(5)
  }, 120_000)
})

// ---------- R2 ----------

async function doubleSubmit(skip: number) {
  const offer = await offerWithStock(20, skip)
  await db().update(offers).set({ price: 150_000 }).where(eq(offers.id, offer.id))
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
  await checkout('enterCoupon', { coupon: 'VITA10' }, visitor)
  const [before] = await db().select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, 'VITA10'))
  const fields = await orderFields({ key: `key-${skip}` })
  const parallel: Answer[] = await Promise.all(Array.from({ length: 10 }, () => checkout<Answer['body']>('saveOrderAjax', fields, visitor)))
  const later: Answer[] = []
  for (let i = 0; i < 5; i++) later.push(await checkout<Answer['body']>('saveOrderAjax', fields, visitor))
  const [after] = await db().select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, 'VITA10'))
  const [row] = await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offer.id))
  return { answers: [...parallel, ...later], orders: await ordersFor(offer.id), stock: row?.stock, couponUses: (after?.used ?? 0) - (before?.used ?? 0) }
}

function r2Holds(r: Awaited<ReturnType<typeof doubleSubmit>>): boolean {
  const only = r.orders[0]
  return (
    r.orders.length === 1 &&
    r.stock === 18 &&
    r.couponUses === 1 &&
    only?.coupon_code === 'VITA10' &&
    r.answers.every((a) => placedId(a) === String(only.id) || mainError(a).startsWith('Заказ уже оформляется'))
  )
}

describe('R2: the same checkout submitted 10 times in parallel and 5 times after', () => {
  it('makes one order; every answer names it or says it is in progress', async () => {
    const result = await doubleSubmit(22)
    expect(result.orders).toHaveLength(1)
    expect(r2Holds(result)).toBe(true)
  }, 60_000)

  /**
   * On PostgreSQL the parallel transactions each read the basket before any of them clears it, so
   * without the key they make several orders: the second order the key prevents. PGlite runs one
   * transaction at a time on its single connection, so there the re-read basket is already empty and
   * what the key adds is that every answer names the order instead of 'empty basket'.
   */
  it('negative control: without the checkout key a second order is made (PostgreSQL) or the answers lose the order (PGlite)', async () => {
    setIntegrityGuards({ checkoutKey: false })
    const result = await doubleSubmit(23)
    expect(r2Holds(result)).toBe(false)
    if (dbHandle().driver === 'postgres') expect(result.orders.length).toBeGreaterThan(1)
    else expect(result.answers.filter((a) => placedId(a) === null && mainError(a) === '').length).toBeGreaterThan(0)
  }, 60_000)
})

/**
 * A tab that lost the answer of its placed order comes back with the same key and a new basket (ADR 031):
 * the key still names its order for a replay on the emptied basket, but the new basket makes one new
 * order, however often it is submitted, and replays after it name the new order.
 */
async function keyKeptAfterOrder(skips: [number, number]) {
  const [first, second] = [await offerWithStock(20, skips[0]), await offerWithStock(20, skips[1])]
  const visitor = await visitorWithBasket([{ offerId: first.id, quantity: 1 }])
  const fields = await orderFields({ key: `kept-${skips[0]}` })
  const firstAnswer = await checkout<Answer['body']>('saveOrderAjax', fields, visitor)
  const replay = await checkout<Answer['body']>('saveOrderAjax', fields, visitor)
  await visitorWithBasket([{ offerId: second.id, quantity: 1 }], visitor)
  const parallel: Answer[] = await Promise.all(Array.from({ length: 5 }, () => checkout<Answer['body']>('saveOrderAjax', fields, visitor)))
  const later = await checkout<Answer['body']>('saveOrderAjax', fields, visitor)
  return { firstAnswer, replay, parallel, later, firstOrders: await ordersFor(first.id), secondOrders: await ordersFor(second.id) }
}

function keptKeyHolds(r: Awaited<ReturnType<typeof keyKeptAfterOrder>>): boolean {
  const firstId = placedId(r.firstAnswer)
  const secondId = String(r.secondOrders[0]?.id ?? '')
  return (
    r.firstOrders.length === 1 &&
    firstId === String(r.firstOrders[0]?.id) &&
    placedId(r.replay) === firstId &&
    r.secondOrders.length === 1 &&
    secondId !== firstId &&
    r.parallel.every((a) => placedId(a) === secondId || mainError(a).startsWith('Заказ уже оформляется')) &&
    placedId(r.later) === secondId
  )
}

describe('R2: a key kept after its order, submitted again with a new basket', () => {
  it('replays name the first order; the new basket makes exactly one new order, named by every later answer', async () => {
    const result = await keyKeptAfterOrder([30, 31])
    expect(placedId(result.replay)).toBe(placedId(result.firstAnswer))
    expect(result.secondOrders).toHaveLength(1)
    expect(placedId(result.later)).toBe(String(result.secondOrders[0]?.id))
    expect(keptKeyHolds(result)).toBe(true)
  }, 60_000)

  it('negative control: without the checkout key the parallel submits of the new basket make several orders', async () => {
    setIntegrityGuards({ checkoutKey: false })
    const result = await keyKeptAfterOrder([32, 33])
    expect(keptKeyHolds(result)).toBe(false)
  }, 60_000)
})

// ---------- R3 ----------

async function singleUseRace(skip: number) {
  await db().update(coupons).set({ usedCount: 0 }).where(eq(coupons.code, 'FIRST500'))
  const offer = await offerWithStock(100, skip)
  await db().update(offers).set({ price: 200_000 }).where(eq(offers.id, offer.id))
  const fields = await orderFields()
  const visitors = await Promise.all(Array.from({ length: 20 }, () => visitorWithBasket([{ offerId: offer.id, quantity: 1 }])))
  for (const v of visitors) await checkout('enterCoupon', { coupon: 'FIRST500' }, v)
  const answers: Answer[] = await Promise.all(visitors.map((v) => checkout<Answer['body']>('saveOrderAjax', fields, v)))
  const placed = await ordersFor(offer.id)
  return { answers, discounted: placed.filter((o) => o.coupon_code === 'FIRST500').length }
}

describe('R3: a single-use coupon applied by 20 concurrent orders', () => {
  it('gives exactly one discounted order; the others are refused with a clear message', async () => {
    const result = await singleUseRace(24)
    expect(result.discounted).toBe(1)
    expect(result.answers.filter((a) => mainError(a).includes('FIRST500'))).toHaveLength(19)
    expect(result.answers.every((a) => a.status < 500)).toBe(true)
  }, 60_000)

  it('negative control: without the limit in the update every order is discounted', async () => {
    setIntegrityGuards({ couponLimit: false })
    const result = await singleUseRace(25)
    expect(result.discounted).toBeGreaterThan(1)
  }, 60_000)
})

// ---------- R4 ----------

/**
 * 30 buyers book the same courier slot of capacity 3 through the checkout. The conditional update
 * stops at capacity; the CHECK (booked <= capacity) stands behind it.
 */
async function slotRace(skip: number, date: string) {
  setClock(() => new Date('2026-03-04T07:00:00Z'))
  await db().update(courierWindows).set({ capacity: 3 }).where(eq(courierWindows.timeFrom, '10:00'))
  const offer = await offerWithStock(100, skip)
  const fields = await orderFields({
    deliveryId: '4',
    props: {
      MICRO_SOURCE: 'courier',
      MICRO_TYPE: 'COURIER',
      MICRO_HANDLER: 'courier',
      MICRO_POINT_ID: '10:00 - 14:00',
      MICRO_SHIP_DATE_FROM: date,
      MICRO_SHIP_DATE_TO: date,
      PROP_ADDRESS: 'г Москва, ул Тверская, д 1',
    },
  })
  const visitors = await Promise.all(Array.from({ length: 30 }, () => visitorWithBasket([{ offerId: offer.id, quantity: 1 }])))
  const answers: Answer[] = await Promise.all(visitors.map((v) => checkout<Answer['body']>('saveOrderAjax', fields, v)))
  const [load] = await db()
    .select({ booked: courierSlotLoad.booked })
    .from(courierSlotLoad)
    .where(and(eq(courierSlotLoad.cityCode, 'moskva'), eq(courierSlotLoad.date, date.split('.').reverse().join('-'))))
  const full = (a: Answer) => 'order' in a.body && 'ERROR' in a.body.order && a.body.order.ERROR.DELIVERY?.[0] === DELIVERY_MESSAGES.slotFull
  return { orders: (await ordersFor(offer.id)).length, full: answers.filter(full).length, booked: load?.booked, errors: answers.filter((a) => a.status >= 500).length }
}

describe('R4: 30 checkouts book a courier slot of capacity 3', () => {
  it('makes exactly 3 orders; the other 27 are told the slot is full', async () => {
    expect(await slotRace(40, '06.03.2026')).toEqual({ orders: 3, full: 27, booked: 3, errors: 0 })
  }, 120_000)

  it('without the conditional update the CHECK still holds: 3 orders, the rest told the slot is full', async () => {
    setSlotGuard(false)
    expect(await slotRace(41, '07.03.2026')).toEqual({ orders: 3, full: 27, booked: 3, errors: 0 })
  }, 120_000)

  it('negative control: without the conditional update and without the CHECK the slot is overbooked', async () => {
    setSlotGuard(false)
    await db().execute(sql`alter table courier_slot_load drop constraint courier_slot_load_capacity`)
    try {
      const result = await slotRace(42, '09.03.2026')
      expect(result.orders).toBeGreaterThan(3)
      expect(result.booked).toBeGreaterThan(3)
    } finally {
      await db().execute(sql`delete from courier_slot_load where booked > capacity`)
      await db().execute(sql`alter table courier_slot_load add constraint courier_slot_load_capacity check (booked <= capacity)`)
    }
  }, 120_000)
})
