import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as basketPost } from '@/app/ajax/basket/route'
import { POST as bundlePost } from '@/app/ajax/bundle-info/route'
import { POST as eventPost } from '@/app/ajax/search/send-event/route'
import { db } from '@/db/client'
import { offers, orders, products, storefrontEvents } from '@/db/schema'
import { ensureSession } from '@/domains/session/session.server'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { formPost, newVisitor, type Visitor } from '../../../tests/support/http'
import type { Cart } from '@/domains/cart/cart'
import { ANALYTICS_MESSAGES, type BundleItem } from './analytics'

async function event(visitor: Visitor, fields: Record<string, string>) {
  const res = await eventPost(formPost('/ajax/search/send-event', fields, visitor))
  return { status: res.status, body: (await res.json()) as unknown }
}

async function firstOffer() {
  const [o] = await db()
    .select({ id: offers.id, productId: offers.productId, price: offers.price })
    .from(offers)
    .where(eq(offers.active, true))
    .orderBy(asc(offers.id))
    .limit(1)
  return o!
}

async function newOrder(sessionId: number): Promise<number> {
  const [row] = await db()
    .insert(orders)
    .values({ sessionId, basePrice: 100, goodsPrice: 100, total: 100, paymentToken: `t-${sessionId}-${Math.random()}` })
    .returning({ id: orders.id })
  return row!.id
}

describe('POST /ajax/search/send-event', () => {
  it('stores CART_VIEW with the server’s own sums, whatever the client claims', async () => {
    const v = newVisitor()
    const offer = await firstOffer()
    const res = await basketPost(formPost('/ajax/basket/', { ACTION: 'Add', ID: String(offer.id), QUANTITY: '2' }, v))
    const cart = (await res.json()) as Cart
    const sent = await event(v, { viewGuid: 'view-1', event: 'CART_VIEW', subtotal: '1', total: '1', cartItems: '[{"price":1}]' })
    expect(sent).toEqual({ status: 200, body: { success: true } })
    const [row] = await db().select().from(storefrontEvents).where(eq(storefrontEvents.viewGuid, 'view-1'))
    expect(row!.event).toBe('CART_VIEW')
    expect(row!.payload).toMatchObject({
      total: cart.TotalPrice,
      subtotal: cart.NormalPrice,
      cartItems: [{ productId: offer.productId, quantity: 2, salePrice: offer.price / 100, subtotal: (offer.price * 2) / 100 }],
    })
  })

  it('refuses CART_VIEW for an empty cart and stores nothing', async () => {
    const before = await databaseFingerprint()
    expect(await event(newVisitor(), { viewGuid: 'x', event: 'CART_VIEW' })).toEqual({ status: 400, body: { error: ANALYTICS_MESSAGES.emptyCart } })
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('stores ORDER_SUCCESS once, only for the order’s own session', async () => {
    const buyer = newVisitor()
    const session = await ensureSession(db(), buyer.sessionId)
    const orderId = await newOrder(session.id)
    for (let i = 0; i < 2; i++) {
      expect(await event(buyer, { viewGuid: 'order-view', event: 'ORDER_SUCCESS', orderId: String(orderId) })).toEqual({ status: 200, body: { success: true } })
    }
    const rows = await db().select().from(storefrontEvents).where(eq(storefrontEvents.event, 'ORDER_SUCCESS'))
    expect(rows.filter((r) => (r.payload as { orderId: number }).orderId === orderId)).toHaveLength(1)
    const stranger = newVisitor()
    await ensureSession(db(), stranger.sessionId)
    expect(await event(stranger, { viewGuid: 'x', event: 'ORDER_SUCCESS', orderId: String(orderId) })).toEqual({
      status: 404,
      body: { error: ANALYTICS_MESSAGES.noOrder },
    })
  })

  it('refuses unknown events and bad order ids with 400', async () => {
    const cases: Record<string, string>[] = [{ event: 'PURCHASE' }, { event: 'ORDER_SUCCESS', orderId: 'abc' }, { event: 'ORDER_SUCCESS' }, {}]
    for (const fields of cases) {
      expect((await event(newVisitor(), fields)).status).toBe(400)
    }
  })
})

describe('POST /ajax/bundle-info/', () => {
  it('answers a map of PRODUCT_ID, NAME, PRICE, BRAND, SECTION_NAME for one id or a list', async () => {
    const rows = await db().select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.id)).limit(2)
    const one = await bundlePost(formPost('/ajax/bundle-info/', { products: String(rows[0]!.id) }, newVisitor()))
    const map = (await one.json()) as Record<string, BundleItem>
    expect(map[String(rows[0]!.id)]).toMatchObject({ PRODUCT_ID: rows[0]!.id, NAME: rows[0]!.name, PRICE: expect.any(Number) })
    expect(map[String(rows[0]!.id)]!.PRICE).toBeGreaterThan(0)
    expect(map[String(rows[0]!.id)]!.BRAND).toBeTruthy()
    const list = await bundlePost(formPost('/ajax/bundle-info/', { 'products[]': [...rows.map((r) => String(r.id)), '999999'] }, newVisitor()))
    expect(Object.keys((await list.json()) as object).sort()).toEqual(rows.map((r) => String(r.id)).sort())
  })

  it('refuses a bad or over-long list with 400', async () => {
    const cases: Record<string, string | string[]>[] = [{ products: 'abc' }, { 'products[]': Array.from({ length: 101 }, (_, i) => String(i + 1)) }, {}]
    for (const fields of cases) {
      const res = await bundlePost(formPost('/ajax/bundle-info/', fields, newVisitor()))
      expect(res.status).toBe(400)
    }
  })
})
