import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { orders, payments } from '@/db/schema'
import { saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { offerWithStock, orderFields, paySystemId, visitorWithBasket } from '../../../tests/support/checkout'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { signCallback, type CallbackPayload } from './payment'
import { applyCallback, callbackSecret, sandboxOutcome } from './payment.server'
import { setIntegrityGuards } from '../../../tests/support/test-hooks'

afterEach(() => setIntegrityGuards('reset'))

async function cardOrder(skip: number) {
  const offer = await offerWithStock(20, skip)
  const visitor = await visitorWithBasket([{ offerId: offer.id, quantity: 1 }])
  const fields = await orderFields({ pay: await paySystemId('card') })
  const nested = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
  const answer = await saveOrder(visitor.sessionId, toCheckoutForm(nested))
  if (!('order' in answer) || !('ID' in answer.order)) throw new Error(`order not placed: ${JSON.stringify(answer)}`)
  const id = Number(answer.order.ID)
  const [order] = await db().select().from(orders).where(eq(orders.id, id))
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, id))
  if (!order || !payment) throw new Error('order without payment')
  return { order, payment }
}

async function paidMails(orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from outbox where payload->>'subject' = ${`Заказ №${orderId} оплачен`}`,
  )
  return row?.n ?? 0
}

async function deliveriesWithReturn(skip: number) {
  const { order, payment } = await cardOrder(skip)
  const ok: CallbackPayload = { paymentId: payment.externalId, status: 'succeeded', amount: String(payment.amount) }
  const failed: CallbackPayload = { ...ok, status: 'failed' }
  const sign = (p: CallbackPayload) => signCallback(p, callbackSecret())
  // Out of order: a failure notice arrives between successes, and the buyer comes back at the same time.
  const results = await Promise.all([
    applyCallback(db(), ok, sign(ok)),
    applyCallback(db(), failed, sign(failed)),
    applyCallback(db(), ok, sign(ok)),
    sandboxOutcome(db(), order.paymentToken, 'pay'),
  ])
  const [after] = await db().select().from(orders).where(eq(orders.id, order.id))
  const history = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from order_status_history where order_id = ${order.id} and to_status = 'paid'`,
  )
  return { results, status: after?.status, mails: await paidMails(order.id), paidSteps: history[0]?.n ?? 0 }
}

describe('R6: payment callbacks delivered 3 times, out of order, with the buyer returning', () => {
  it('pays the order once and queues one e-mail', async () => {
    const r = await deliveriesWithReturn(30)
    expect(r.status).toBe('paid')
    expect(r.mails).toBe(1)
    expect(r.paidSteps).toBe(1)
  })

  it('negative control: checking and then writing pays and mails more than once', async () => {
    setIntegrityGuards({ paymentOnce: false })
    const r = await deliveriesWithReturn(31)
    expect(r.mails).toBeGreaterThan(1)
  })

  it('changes nothing on a bad signature', async () => {
    const { payment } = await cardOrder(32)
    const payload: CallbackPayload = { paymentId: payment.externalId, status: 'succeeded', amount: String(payment.amount) }
    const before = await databaseFingerprint()
    expect(await applyCallback(db(), payload, signCallback(payload, 'not-the-secret'))).toBe('bad-signature')
    expect(await applyCallback(db(), { ...payload, amount: '1' }, signCallback(payload, callbackSecret()))).toBe('bad-signature')
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('leaves the order awaiting payment when the buyer refuses on the sandbox page', async () => {
    const { order } = await cardOrder(33)
    expect(await sandboxOutcome(db(), order.paymentToken, 'fail')).toBe(`/personal/order/?ORDER_ID=${order.id}`)
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(after?.status).toBe('awaiting_payment')
  })
})
