import { and, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { coupons, offers, orders } from '@/db/schema'
import { saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { courierSchedule } from '@/domains/delivery/delivery.server'
import { checkout, offerWithStock, orderFields, visitorWithBasket } from '../../../tests/support/checkout'
import { cancelOrder, changeStatus, orderForViewer } from './orders.server'
import { setIntegrityGuards } from '../../../tests/support/test-hooks'

afterEach(() => setIntegrityGuards('reset'))

/** A courier order with a coupon: it holds stock, a coupon use and a slot. */
async function courierOrderWithCoupon(skip: number) {
  const offer = await offerWithStock(10, skip)
  await db().update(offers).set({ price: 150_000 }).where(eq(offers.id, offer.id))
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
  await checkout('enterCoupon', { coupon: 'VITA10' }, visitor)
  const schedule = await courierSchedule('moskva')
  const day = schedule?.days[0]
  if (!day?.times[0]) throw new Error('no courier slot')
  const fields = await orderFields({
    deliveryId: '4',
    props: { MICRO_SOURCE: 'courier', MICRO_TYPE: 'COURIER', MICRO_HANDLER: 'courier', MICRO_POINT_ID: day.times[0], MICRO_SHIP_DATE_FROM: day.date, MICRO_SHIP_DATE_TO: day.date, PROP_ADDRESS: 'Москва, ул. Тверская, д. 1' },
  })
  const flat = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
  const answer = await saveOrder(visitor.sessionId, toCheckoutForm(flat))
  if (!('order' in answer) || !('ID' in answer.order)) throw new Error(`order not placed: ${JSON.stringify(answer)}`)
  return { id: Number(answer.order.ID), offerId: offer.id, visitor }
}

async function holdings(offerId: number) {
  const [offer] = await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId))
  const [coupon] = await db().select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, 'VITA10'))
  const [slots] = await queryRows<{ booked: number }>(db(), sql`select coalesce(sum(booked), 0)::int as booked from courier_slot_load`)
  return { stock: offer?.stock, couponUses: coupon?.used, booked: slots?.booked }
}

describe('R7: cancel releases stock, coupon and slot exactly once', () => {
  it('gives everything back once even when cancelled twice at the same time', async () => {
    const before = await holdings((await offerWithStock(10, 40)).id)
    const { id, offerId } = await courierOrderWithCoupon(40)
    const held = await holdings(offerId)
    expect(held.stock).toBe(8)
    expect(held.couponUses).toBe((before.couponUses ?? 0) + 1)
    expect(held.booked).toBe((before.booked ?? 0) + 1)
    const results = await Promise.all([cancelOrder(db(), id), cancelOrder(db(), id), cancelOrder(db(), id)])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await holdings(offerId)).toEqual({ ...before, stock: 10 })
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order?.status).toBe('cancelled')
    expect(await cancelOrder(db(), id)).toBe(false)
  })

  it('negative control: a read-then-write status change releases twice', async () => {
    const { id, offerId } = await courierOrderWithCoupon(41)
    setIntegrityGuards({ statusOnce: false })
    await Promise.all([cancelOrder(db(), id), cancelOrder(db(), id)])
    expect((await holdings(offerId)).stock).toBeGreaterThan(10)
  })

  it('moves only along the declared transitions', async () => {
    const { id } = await courierOrderWithCoupon(42)
    expect(await changeStatus(db(), id, 'delivered')).toBe(false)
    expect(await changeStatus(db(), id, 'assembling')).toBe(true)
    expect(await changeStatus(db(), id, 'paid')).toBe(false)
    expect(await changeStatus(db(), id, 'shipped')).toBe(true)
    expect(await changeStatus(db(), id, 'cancelled')).toBe(false)
    expect(await changeStatus(db(), id, 'delivered')).toBe(true)
    const steps = await queryRows<{ to_status: string }>(db(), sql`select to_status from order_status_history where order_id = ${id} order by id`)
    expect(steps.map((s) => s.to_status)).toEqual(['new', 'assembling', 'shipped', 'delivered'])
  })
})

describe('S9: an order is shown only to its session or account', () => {
  it('answers null for another visitor and for a made-up id', async () => {
    const { id } = await courierOrderWithCoupon(43)
    const [order] = await db().select({ sessionId: orders.sessionId }).from(orders).where(and(eq(orders.id, id)))
    expect(await orderForViewer(db(), id, { sessionId: order?.sessionId ?? null, userId: null })).not.toBeNull()
    expect(await orderForViewer(db(), id, { sessionId: -1, userId: null })).toBeNull()
    expect(await orderForViewer(db(), id, { sessionId: null, userId: null })).toBeNull()
    expect(await orderForViewer(db(), 2_000_000_000, { sessionId: order?.sessionId ?? null, userId: null })).toBeNull()
  })
})
