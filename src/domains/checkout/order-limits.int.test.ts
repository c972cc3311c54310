import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { POST as fastOrderPost } from '@/app/ajax/fast-order/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { offers, settings } from '@/db/schema'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import { formPost, newVisitor, type Visitor } from '../../../tests/support/http'
import { reloadEnv, setCheckoutLimits, setClock } from '../../../tests/support/test-hooks'
import { CHECKOUT_LIMITS_KEY, LIMIT_MESSAGES } from './checkout-limits'
import type { SaveAnswer } from './checkout-wire'

/**
 * Issue 16 hole 5 and S11: orders per session and per address are limited, one-click and checkout
 * alike; a buyer's normal orders pass, a hoarding script is refused with nothing taken.
 */

const FORM = { UF_NAME: 'Анна Иванова', UF_CITY: 'Москва', UF_PHONE: '+7 (912) 345-67-89', UF_EMAIL: 'anna.limits@example.ru' }
const START = new Date('2026-03-02T09:00:00Z')

afterEach(async () => {
  setClock(null)
  setCheckoutLimits(true)
  vi.unstubAllEnvs()
  reloadEnv()
  await db().delete(settings).where(eq(settings.key, CHECKOUT_LIMITS_KEY))
})

/** A one-click order from `visitor`, coming from `ip` when given (through a trusted proxy). */
async function fastOrder(visitor: Visitor, ip?: string) {
  const request = formPost('/ajax/fast-order/', FORM, visitor)
  if (ip) request.headers.set('x-forwarded-for', ip)
  const res = await fastOrderPost(request)
  return { status: res.status, body: (await res.json()) as { ORDER_ID?: number; error?: string } }
}

const orderCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders`))[0]?.n ?? -1
const stockOf = async (id: number) => (await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, id)))[0]?.stock

/** Places `n` one-click orders in one session, refilling its basket each time; answers the statuses. */
async function ordersInOneSession(offerId: number, n: number, visitor = newVisitor()): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) {
    await visitorWithBasket([{ offerId, quantity: 2 }], visitor)
    statuses.push((await fastOrder(visitor)).status)
  }
  return statuses
}

describe('POST /ajax/fast-order/: orders per session', () => {
  it('takes five orders in an hour, refuses the sixth with nothing taken, and takes orders again an hour later', async () => {
    let clock = START
    setClock(() => clock)
    const offer = await offerWithStock(100, 40)
    const visitor = newVisitor()
    expect(await ordersInOneSession(offer.id, 5, visitor)).toEqual([200, 200, 200, 200, 200])
    const before = { orders: await orderCount(), stock: await stockOf(offer.id) }
    await visitorWithBasket([{ offerId: offer.id, quantity: 2 }], visitor)
    const refused = await fastOrder(visitor)
    expect([refused.status, refused.body.error]).toEqual([429, LIMIT_MESSAGES.orders])
    expect({ orders: await orderCount(), stock: await stockOf(offer.id) }).toEqual(before)
    // A refused order is not counted: an hour after the first orders the buyer orders again.
    clock = new Date(START.getTime() + 61 * 60_000)
    expect((await fastOrder(visitor)).status).toBe(200)
    expect(await stockOf(offer.id)).toBe(before.stock! - 2)
  }, 60_000)

  it('negative control: without the limit the sixth order is placed', async () => {
    setCheckoutLimits(false)
    const offer = await offerWithStock(100, 41)
    expect(await ordersInOneSession(offer.id, 6)).toEqual([200, 200, 200, 200, 200, 200])
  }, 60_000)

  it('follows the checkoutLimits setting', async () => {
    await db().insert(settings).values({ key: CHECKOUT_LIMITS_KEY, value: { ordersPerSession: 2 } })
    const offer = await offerWithStock(100, 42)
    expect(await ordersInOneSession(offer.id, 3)).toEqual([200, 200, 429])
  }, 60_000)
})

describe('POST /ajax/fast-order/: orders per address', () => {
  it('takes twenty orders from one address in twenty sessions, refuses the 21st; another address still orders', async () => {
    vi.stubEnv('TRUST_PROXY', '1')
    reloadEnv()
    const offer = await offerWithStock(500, 43)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
      statuses.push((await fastOrder(visitor, '203.0.113.7')).status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
    const neighbour = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
    expect((await fastOrder(neighbour, '203.0.113.8')).status).toBe(200)
  }, 120_000)

  it('negative control: without the limit the 21st order from the address is placed', async () => {
    vi.stubEnv('TRUST_PROXY', '1')
    reloadEnv()
    setCheckoutLimits(false)
    const offer = await offerWithStock(500, 44)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
      statuses.push((await fastOrder(visitor, '203.0.113.9')).status)
    }
    expect(statuses.every((s) => s === 200)).toBe(true)
  }, 120_000)
})

describe('saveOrderAjax: orders per session', () => {
  const placedId = (b: SaveAnswer | { success: string }) => ('order' in b && 'ID' in b.order ? b.order.ID : null)
  const mainError = (b: SaveAnswer | { success: string }) => ('order' in b && 'ERROR' in b.order ? b.order.ERROR.MAIN?.[0] : null)

  it('places five orders, answers a repeated submit with its order, and refuses a sixth in an ERROR block', async () => {
    const offer = await offerWithStock(100, 45)
    const visitor = newVisitor()
    const ids: (string | null)[] = []
    for (let i = 0; i < 5; i++) {
      await visitorWithBasket([{ offerId: offer.id, quantity: 1 }], visitor)
      ids.push(placedId((await checkout<SaveAnswer>('saveOrderAjax', await orderFields({ key: `limit-key-${i}` }), visitor)).body))
    }
    expect(ids.every(Boolean)).toBe(true)
    // The lost answer of the fifth order: the replay is not a new order and is not refused.
    const replay = await checkout<SaveAnswer>('saveOrderAjax', await orderFields({ key: 'limit-key-4' }), visitor)
    expect(placedId(replay.body)).toBe(ids[4])
    await visitorWithBasket([{ offerId: offer.id, quantity: 1 }], visitor)
    const stock = await stockOf(offer.id)
    const sixth = await checkout<SaveAnswer>('saveOrderAjax', await orderFields({ key: 'limit-key-5' }), visitor)
    expect(mainError(sixth.body)).toBe(LIMIT_MESSAGES.orders)
    expect(await stockOf(offer.id)).toBe(stock)
  }, 60_000)

  it('negative control: without the limit the sixth order is placed', async () => {
    setCheckoutLimits(false)
    const offer = await offerWithStock(100, 46)
    const visitor = newVisitor()
    const ids: (string | null)[] = []
    for (let i = 0; i < 6; i++) {
      await visitorWithBasket([{ offerId: offer.id, quantity: 1 }], visitor)
      ids.push(placedId((await checkout<SaveAnswer>('saveOrderAjax', await orderFields({ key: `free-key-${i}` }), visitor)).body))
    }
    expect(ids.every(Boolean)).toBe(true)
  }, 60_000)
})
