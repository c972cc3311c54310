import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { POST } from '@/app/(shop)/payment/callback/route'
import { db } from '@/db/client'
import { offers, orders, outbox, paymentRefunds, payments } from '@/db/schema'
import { saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { expireUnpaidOrders } from '@/domains/orders/order-expiry.server'
import { cancelOrder } from '@/domains/orders/orders.server'
import { env } from '@/lib/env'
import { offerWithStock, orderFields, paySystemId, visitorWithBasket } from '../../../tests/support/checkout'
import { setClock, setSandboxRefunds } from '../../../tests/support/test-hooks'
import { signCallback, type CallbackPayload } from './payment'
import { callbackSecret } from './payment.server'
import { sendStrandedRefunds } from './payment-refund.server'

/**
 * Issue 16 hole 7 through POST /payment/callback/: money that arrives for a cancelled order is
 * recorded, the manager is alerted and the provider is asked to refund it, once.
 */

afterEach(() => {
  setClock(null)
  setSandboxRefunds('accept')
})

function callback(payload: CallbackPayload) {
  const body = JSON.stringify({ ...payload, signature: signCallback(payload, callbackSecret()) })
  return POST(new Request('http://localhost:3000/payment/callback/', { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
}

async function cardOrder(skip: number) {
  const offer = await offerWithStock(10, skip)
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])
  const fields = await orderFields({ pay: await paySystemId('card') })
  const flat = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
  const answer = await saveOrder(visitor.sessionId, toCheckoutForm(flat))
  if (!('order' in answer) || !('ID' in answer.order)) throw new Error(`order not placed: ${JSON.stringify(answer)}`)
  const id = Number(answer.order.ID)
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, id))
  const paid: CallbackPayload = { paymentId: payment!.externalId, status: 'succeeded', amount: String(payment!.amount) }
  return { id, offerId: offer.id, payment: payment!, paid }
}

const refundsOf = (orderId: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId))
const alertsOf = async (paymentId: number) => db().select().from(outbox).where(eq(outbox.dedupeKey, `paid-after-cancel:${paymentId}`))
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const stockOf = async (id: number) => (await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, id)))[0]?.stock

describe('POST /payment/callback/ for a cancelled order', () => {
  it('records the money, alerts the manager, refunds through the provider, and keeps the order cancelled; a repeat does nothing more', async () => {
    const { id, offerId, payment, paid } = await cardOrder(60)
    expect(await cancelOrder(db(), id)).toBe(true)
    const stock = await stockOf(offerId)
    const first = await callback(paid)
    expect([first.status, await first.json()]).toEqual([200, { result: 'refund' }])
    expect((await orderRow(id)).status).toBe('cancelled')
    expect(await stockOf(offerId)).toBe(stock)
    const [refund, ...more] = await refundsOf(id)
    expect(more).toHaveLength(0)
    expect(refund).toMatchObject({ paymentId: payment.id, amount: payment.amount, reason: 'paid-after-cancel', status: 'succeeded' })
    expect(refund?.providerRefundId).toBe(`sandbox-refund:refund-${refund?.id}`)
    const [alert, ...moreAlerts] = await alertsOf(payment.id)
    expect(moreAlerts).toHaveLength(0)
    const mail = alert?.payload as { to: string; subject: string; text: string }
    expect(mail.to).toBe(env().SHOP_EMAIL)
    expect(mail.subject).toBe(`Оплата поступила за отменённый заказ №${id}`)
    expect(mail.text).toContain('Возврат денег запущен автоматически')
    const again = await callback(paid)
    expect([again.status, await again.json()]).toEqual([200, { result: 'duplicate' }])
    expect(await refundsOf(id)).toHaveLength(1)
    expect(await alertsOf(payment.id)).toHaveLength(1)
  })

  it('after a failed attempt a late success for the expired order is refunded too', async () => {
    const { id, payment, paid } = await cardOrder(61)
    expect((await callback({ ...paid, status: 'failed' })).status).toBe(200)
    setClock(() => new Date(Date.now() + 31 * 60_000))
    expect((await expireUnpaidOrders(db())).expired).toContain(id)
    const late = await callback(paid)
    expect(await late.json()).toEqual({ result: 'refund' })
    expect((await refundsOf(id)).map((r) => [r.paymentId, r.status])).toEqual([[payment.id, 'succeeded']])
  })

  it('a refund the provider declines stays failed with its reason, and the manager is still alerted', async () => {
    setSandboxRefunds('decline')
    const { id, payment, paid } = await cardOrder(62)
    await cancelOrder(db(), id)
    expect(await (await callback(paid)).json()).toEqual({ result: 'refund' })
    const [refund] = await refundsOf(id)
    expect(refund).toMatchObject({ status: 'failed', lastError: 'sandbox: refund declined', providerRefundId: null })
    expect(await alertsOf(payment.id)).toHaveLength(1)
  })

  it('two deliveries of the same notification at once refund once', async () => {
    const { id, payment, paid } = await cardOrder(63)
    await cancelOrder(db(), id)
    const answers = await Promise.all([callback(paid), callback(paid), callback(paid)])
    const results = await Promise.all(answers.map((a) => a.json() as Promise<{ result: string }>))
    expect(results.map((r) => r.result).sort()).toEqual(['duplicate', 'duplicate', 'refund'])
    expect(await refundsOf(id)).toHaveLength(1)
    expect(await alertsOf(payment.id)).toHaveLength(1)
  })

  it('a refund recorded by a process that died before calling the provider is sent by the retry, once, after ten minutes', async () => {
    const { id, payment } = await cardOrder(73)
    await cancelOrder(db(), id)
    // What the callback's transaction leaves when the process dies before the provider call.
    await db().update(payments).set({ status: 'succeeded' }).where(eq(payments.id, payment.id))
    await db().insert(paymentRefunds).values({ orderId: id, paymentId: payment.id, amount: payment.amount, reason: 'paid-after-cancel' })
    setClock(() => new Date(Date.now() + 5 * 60_000))
    await sendStrandedRefunds(db())
    expect((await refundsOf(id))[0]?.status).toBe('requested')
    setClock(() => new Date(Date.now() + 11 * 60_000))
    const sent = await Promise.all([sendStrandedRefunds(db()), sendStrandedRefunds(db())])
    expect((await refundsOf(id)).map((r) => r.status)).toEqual(['succeeded'])
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await sendStrandedRefunds(db())).toBe(0)
  })

  it('an order paid in time gets no refund and no alert', async () => {
    const { id, payment, paid } = await cardOrder(64)
    expect(await (await callback(paid)).json()).toEqual({ result: 'applied' })
    expect((await orderRow(id)).status).toBe('paid')
    expect(await refundsOf(id)).toHaveLength(0)
    expect(await alertsOf(payment.id)).toHaveLength(0)
  })
})

describe('the unpaid-order job and payments at the same time (R7 with hole 7)', () => {
  it('every order ends paid with no refund, or cancelled with its money refunded once', async () => {
    const placed: Awaited<ReturnType<typeof cardOrder>>[] = []
    for (let i = 0; i < 8; i++) placed.push(await cardOrder(65 + i))
    setClock(() => new Date(Date.now() + 31 * 60_000))
    // Half the payments race the job; the other half come after it, so both endings are exercised.
    const job = expireUnpaidOrders(db())
    const racing = placed.slice(0, 4).map((o) => callback(o.paid))
    const late = job.then(() => Promise.all(placed.slice(4).map((o) => callback(o.paid))))
    await Promise.all([job, late, ...racing])
    const endings: string[] = []
    for (const o of placed) {
      const { status } = await orderRow(o.id)
      const refunds = await refundsOf(o.id)
      if (status === 'paid') expect(refunds).toHaveLength(0)
      else {
        expect(status).toBe('cancelled')
        expect(refunds.map((r) => r.status)).toEqual(['succeeded'])
      }
      endings.push(status)
    }
    expect(endings.slice(4)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled'])
  }, 120_000)
})
