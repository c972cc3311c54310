import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { coupons, offers, orders, outbox, payments, settings } from '@/db/schema'
import { saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { courierSchedule } from '@/domains/delivery/delivery.server'
import { signCallback, type CallbackPayload } from '@/domains/payment/payment'
import { applyCallback, callbackSecret } from '@/domains/payment/payment.server'
import { checkout, offerWithStock, orderFields, paySystemId, visitorWithBasket } from '../../../tests/support/checkout'
import { setClock, setIntegrityGuards } from '../../../tests/support/test-hooks'
import { expireOrder, expireUnpaidOrders, expiredUnpaidOrders, expiryRound, UNPAID_MINUTES_KEY } from './order-expiry.server'

/**
 * Issue 16 hole 5, R7: an online order not paid in time is cancelled by the job, its stock, coupon and
 * slot given back once, the buyer told why; a payment that races the job ends the order paid or
 * cancelled, never both.
 */

const MINUTE = 60_000
/** The shop's clock this many minutes after now (orders are stamped by the database's real time). */
const later = (minutes: number) => setClock(() => new Date(Date.now() + minutes * MINUTE))

afterEach(async () => {
  setClock(null)
  setIntegrityGuards('reset')
  await db().delete(settings).where(eq(settings.key, UNPAID_MINUTES_KEY))
})

/** A courier order with a coupon, paid by `pay`: it holds stock, a coupon use and a slot. */
async function courierOrder(skip: number, pay: 'card' | 'cash' = 'card') {
  const offer = await offerWithStock(10, skip)
  await db().update(offers).set({ price: 150_000 }).where(eq(offers.id, offer.id))
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
  await checkout('enterCoupon', { coupon: 'VITA10' }, visitor)
  const day = (await courierSchedule('moskva'))?.days[0]
  if (!day?.times[0]) throw new Error('no courier slot')
  const fields = await orderFields({
    deliveryId: '4',
    pay: await paySystemId(pay),
    props: { MICRO_SOURCE: 'courier', MICRO_TYPE: 'COURIER', MICRO_HANDLER: 'courier', MICRO_POINT_ID: day.times[0], MICRO_SHIP_DATE_FROM: day.date, MICRO_SHIP_DATE_TO: day.date, PROP_ADDRESS: 'Москва, ул. Тверская, д. 1' },
  })
  const flat = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
  const answer = await saveOrder(visitor.sessionId, toCheckoutForm(flat))
  if (!('order' in answer) || !('ID' in answer.order)) throw new Error(`order not placed: ${JSON.stringify(answer)}`)
  return { id: Number(answer.order.ID), offerId: offer.id }
}

async function holdings(offerId: number) {
  const [offer] = await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, offerId))
  const [coupon] = await db().select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, 'VITA10'))
  const [slots] = await queryRows<{ booked: number }>(db(), sql`select coalesce(sum(booked), 0)::int as booked from courier_slot_load`)
  return { stock: offer?.stock, couponUses: coupon?.used, booked: slots?.booked }
}

const statusOf = async (id: number) => (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status
const steps = async (id: number) =>
  (await queryRows<{ to_status: string }>(db(), sql`select to_status from order_status_history where order_id = ${id} order by id`)).map((s) => s.to_status)

/** The sandbox provider's signed 'succeeded' notification for the order's payment. */
async function paymentArrives(orderId: number) {
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId))
  const payload: CallbackPayload = { paymentId: payment!.externalId, status: 'succeeded', amount: String(payment!.amount) }
  return applyCallback(db(), payload, signCallback(payload, callbackSecret()))
}

describe('the unpaid-order job', () => {
  it('leaves a card order alone for 30 minutes, then cancels it once, gives everything back and mails the buyer why', async () => {
    const before = await holdings((await offerWithStock(10, 30)).id)
    const { id, offerId } = await courierOrder(30)
    expect(await statusOf(id)).toBe('awaiting_payment')
    const [placedMail] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `order-confirmation:${id}`))
    expect((placedMail?.payload as { text: string } | undefined)?.text).toContain('Оплатите заказ в течение 30 минут на странице заказа')
    later(29)
    expect((await expireUnpaidOrders(db())).expired).not.toContain(id)
    expect(await statusOf(id)).toBe('awaiting_payment')
    later(31)
    const runs = await Promise.all([expireUnpaidOrders(db()), expireUnpaidOrders(db()), expireUnpaidOrders(db())])
    expect(runs.filter((r) => r.expired.includes(id))).toHaveLength(1)
    expect(await statusOf(id)).toBe('cancelled')
    expect(await holdings(offerId)).toEqual({ ...before, stock: 10 })
    expect((await expireUnpaidOrders(db())).expired).not.toContain(id)
    expect(await holdings(offerId)).toEqual({ ...before, stock: 10 })
    const [mail] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `order-cancelled:${id}`))
    const payload = mail?.payload as { subject: string; text: string } | undefined
    expect(payload?.subject).toBe(`Заказ №${id} отменён: оплата не поступила`)
    expect(payload?.text).toContain('в течение 30 минут')
  }, 60_000)

  it('never cancels an order paid on receipt', async () => {
    const { id } = await courierOrder(31, 'cash')
    later(24 * 60)
    await expireUnpaidOrders(db())
    expect(await statusOf(id)).toBe('new')
  }, 60_000)

  it('asks the providers about open payments before the deadline cuts: a payment whose notification never came keeps its order (ADR 173)', async () => {
    const { id } = await courierOrder(33)
    later(31)
    const settled: number[] = []
    const { expired } = await expiryRound(db(), async () => {
      await paymentArrives(id)
      settled.push(id)
    })
    expect(settled).toEqual([id])
    expect(expired).not.toContain(id)
    expect(await statusOf(id)).toBe('paid')
  })

  it('negative control: a round that does not ask the providers first cancels the order at its deadline', async () => {
    const { id } = await courierOrder(34)
    later(31)
    expect((await expiryRound(db())).expired).toContain(id)
    expect(await statusOf(id)).toBe('cancelled')
  })

  it('a provider that cannot be asked does not stop the round', async () => {
    const { id } = await courierOrder(35)
    later(31)
    const { expired } = await expiryRound(db(), () => Promise.reject(new Error('provider down')))
    expect(expired).toContain(id)
  })

  it('follows the unpaidOrderMinutes setting', async () => {
    await db().insert(settings).values({ key: UNPAID_MINUTES_KEY, value: 60 })
    const { id } = await courierOrder(32)
    later(45)
    await expireUnpaidOrders(db())
    expect(await statusOf(id)).toBe('awaiting_payment')
    later(61)
    await expireUnpaidOrders(db())
    expect(await statusOf(id)).toBe('cancelled')
  }, 60_000)
})

describe('R7: the job against a late payment', () => {
  it('the payment lands between the job reading the order and cancelling it: the order stays paid, nothing is released', async () => {
    const { id, offerId } = await courierOrder(33)
    const held = await holdings(offerId)
    later(31)
    const stale = (await expiredUnpaidOrders(db(), new Date(Date.now() + 31 * MINUTE), 30)).find((o) => o.id === id)
    expect(stale?.status).toBe('awaiting_payment')
    expect(await paymentArrives(id)).toBe('applied')
    expect(await expireOrder(db(), stale!, 30)).toBe(false)
    expect(await statusOf(id)).toBe('paid')
    expect(await holdings(offerId)).toEqual(held)
    expect(await steps(id)).toEqual(['awaiting_payment', 'paid'])
  }, 60_000)

  it('negative control: a read-then-write cancel cancels the paid order and releases its goods as well', async () => {
    const { id, offerId } = await courierOrder(34)
    const held = await holdings(offerId)
    const stale = (await expiredUnpaidOrders(db(), new Date(Date.now() + 31 * MINUTE), 30)).find((o) => o.id === id)
    expect(await paymentArrives(id)).toBe('applied')
    setIntegrityGuards({ statusOnce: false })
    await expireOrder(db(), stale!, 30)
    expect(await steps(id)).toEqual(['awaiting_payment', 'paid', 'cancelled'])
    expect((await holdings(offerId)).stock).toBe((held.stock ?? 0) + 2)
  }, 60_000)

  it('job and payments at the same time on eight orders: each ends paid or cancelled, never both, stock given back once', async () => {
    const placed = []
    for (let i = 0; i < 8; i++) placed.push(await courierOrder(35 + i))
    const held = await Promise.all(placed.map((o) => holdings(o.offerId)))
    later(31)
    await Promise.all([expireUnpaidOrders(db()), ...placed.map((o) => paymentArrives(o.id))])
    for (const [i, o] of placed.entries()) {
      const status = await statusOf(o.id)
      const history = await steps(o.id)
      expect(['paid', 'cancelled']).toContain(status)
      expect(history.filter((s) => s === 'paid' || s === 'cancelled')).toEqual([status])
      expect((await holdings(o.offerId)).stock).toBe(status === 'paid' ? held[i]!.stock : (held[i]!.stock ?? 0) + 2)
    }
  }, 120_000)
})
