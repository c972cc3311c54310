import { and, asc, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { editOrderLines } from '@/admin/api/order-edit'
import { refundOrderEndpoint } from '@/admin/api/order-refunds'
import { db } from '@/db/client'
import { offers, orderLines, orders, outbox, paymentRefunds, payments } from '@/db/schema'
import { signCallback, type CallbackPayload } from '@/domains/payment/payment'
import { applyCallback, callbackSecret, sandboxOutcome, sandboxView } from '@/domains/payment/payment.server'
import { amountDue, surchargeMailKey } from '@/domains/payment/surcharge'
import { paidCardOrder } from '../support/checkout'
import { databaseFingerprint } from '../support/db-snapshot'
import { callEndpoint, signedInStaff } from '../support/staff'

/**
 * A paid order that grows (issue 18, ADR 169): the edit opens a second payment of exactly the
 * difference, the buyer is mailed its link, the sandbox pays it and the order stays paid; a second
 * edit moves or cancels it; a repeated callback changes nothing.
 */


const paymentsOf = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id))
const orderOf = async (orderId: number) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!
const surchargeMails = (paymentId: number) => db().select().from(outbox).where(like(outbox.dedupeKey, `order-surcharge:${paymentId}:%`)).orderBy(asc(outbox.id))
const paidMails = (orderId: number) => db().select().from(outbox).where(and(eq(outbox.dedupeKey, `order-paid:${orderId}`)))

describe('a paid order that grows', () => {
  it('gets a pending payment of exactly the difference, mailed once; the sandbox pays it, the order stays paid with nothing due; a repeated callback changes nothing', async () => {
    const manager = await signedInStaff('manager')
    const { order, line, first } = await paidCardOrder(11)
    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { lines: [{ id: line.id, quantity: 3 }] } })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await response.json()).toEqual({ total: order.total + line.price, refunded: 0, due: line.price })

    const [paid, surcharge, ...more] = await paymentsOf(order.id)
    expect(more).toEqual([])
    expect(paid).toMatchObject({ id: first.id, status: 'succeeded', amount: order.total })
    expect(surcharge).toMatchObject({ status: 'pending', amount: line.price, provider: 'card' })
    expect(amountDue(await orderOf(order.id), await paymentsOf(order.id))).toBe(line.price)

    const mails = await surchargeMails(surcharge!.id)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.dedupeKey).toBe(surchargeMailKey(surcharge!.id, line.price))
    const mail = mails[0]!.payload as { to: string; subject: string; text: string }
    expect(mail.to).toBe(order.email)
    expect(mail.subject).toMatch(new RegExp(`^Заказ №${order.id} изменён: к доплате `))
    expect(mail.text).toContain(`/payment/sandbox/?token=${encodeURIComponent(order.paymentToken)}`)

    // The order's payment link now shows the surcharge, and the sandbox pays it.
    const view = await sandboxView(db(), order.paymentToken)
    expect(view).toMatchObject({ surcharge: true, payment: { id: surcharge!.id, amount: line.price } })
    expect(await sandboxOutcome(db(), order.paymentToken, 'pay')).toBe(`/personal/order/?ORDER_ID=${order.id}`)
    const after = await orderOf(order.id)
    expect(after).toMatchObject({ status: 'paid', total: order.total + line.price })
    expect(after.paidAt).toEqual(order.paidAt)
    expect((await paymentsOf(order.id)).map((p) => [p.status, p.amount])).toEqual([['succeeded', order.total], ['succeeded', line.price]])
    expect(amountDue(after, await paymentsOf(order.id))).toBe(0)
    expect(await paidMails(order.id)).toHaveLength(1)
    expect((await sandboxView(db(), order.paymentToken))?.surcharge).toBe(false)

    // The provider repeats its notification: nothing moves.
    const before = await databaseFingerprint()
    const again: CallbackPayload = { paymentId: surcharge!.externalId, status: 'succeeded', amount: String(line.price) }
    expect(await applyCallback(db(), again, signCallback(again, callbackSecret()))).toBe('duplicate')
    const failed: CallbackPayload = { ...again, status: 'failed' }
    expect(await applyCallback(db(), failed, signCallback(failed, callbackSecret()))).toBe('duplicate')
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('a declined surcharge is still due, and its link pays it on a second try', async () => {
    const manager = await signedInStaff('manager')
    const { order, line } = await paidCardOrder(13)
    const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { lines: [{ id: line.id, quantity: 3 }] } })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await sandboxOutcome(db(), order.paymentToken, 'fail')).toBe(`/personal/order/?ORDER_ID=${order.id}`)
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['succeeded', 'failed'])
    expect(amountDue(await orderOf(order.id), await paymentsOf(order.id))).toBe(line.price)
    expect(await sandboxView(db(), order.paymentToken)).toMatchObject({ surcharge: true, payment: { status: 'failed', amount: line.price } })
    await sandboxOutcome(db(), order.paymentToken, 'pay')
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['succeeded', 'succeeded'])
    expect(amountDue(await orderOf(order.id), await paymentsOf(order.id))).toBe(0)
    expect((await orderOf(order.id)).status).toBe('paid')
  })

  it('a second edit while the surcharge is open moves its amount, cancels it when nothing is due, and refunds what goes beyond it', async () => {
    const manager = await signedInStaff('manager')
    const { order, line } = await paidCardOrder(12)
    const edit = async (quantity: number) => {
      const response = await callEndpoint(editOrderLines, { cookie: manager.cookie }, { params: { id: String(order.id) }, body: { lines: [{ id: line.id, quantity }] } })
      expect(response.status, await response.clone().text()).toBe(200)
      return (await response.json()) as { total: number; refunded: number; due: number }
    }

    expect(await edit(3)).toMatchObject({ due: line.price, refunded: 0 })
    const [, surcharge] = await paymentsOf(order.id)
    expect(await edit(4)).toMatchObject({ due: 2 * line.price, refunded: 0 })
    expect((await paymentsOf(order.id)).map((p) => [p.id, p.status, p.amount])).toEqual([
      [expect.any(Number), 'succeeded', order.total],
      [surcharge!.id, 'pending', 2 * line.price],
    ])
    // Each sum the buyer is asked for is mailed once.
    expect((await surchargeMails(surcharge!.id)).map((m) => m.dedupeKey)).toEqual([surchargeMailKey(surcharge!.id, line.price), surchargeMailKey(surcharge!.id, 2 * line.price)])

    // Back to the two pieces paid: nothing due, the surcharge is cancelled, nothing goes back.
    expect(await edit(2)).toMatchObject({ total: order.total, due: 0, refunded: 0 })
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['succeeded', 'cancelled'])
    expect(await sandboxView(db(), order.paymentToken)).toMatchObject({ surcharge: false })
    // Open again, then an edit that goes below what was paid: the surcharge is cancelled and the rest refunded.
    expect(await edit(3)).toMatchObject({ due: line.price, refunded: 0 })
    expect(await edit(1)).toMatchObject({ total: order.total - line.price, due: 0, refunded: line.price })
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['succeeded', 'cancelled', 'cancelled'])
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))
    expect(refunds.map((r) => [r.amount, r.reason])).toEqual([[line.price, 'edit']])
    // Growing again after a refund asks for everything the order now costs beyond what the buyer kept paid.
    expect(await edit(3)).toMatchObject({ total: order.total + line.price, due: 2 * line.price, refunded: 0 })
    expect((await orderOf(order.id)).status).toBe('paid')
  })

  it('refuses to take a line below pieces already refunded by lines, which would pay them back twice; growing it is still allowed', async () => {
    const manager = await signedInStaff('manager')
    const { order, line } = await paidCardOrder(13)
    const auth = { cookie: manager.cookie }
    const params = { id: String(order.id) }
    const refund = await callEndpoint(refundOrderEndpoint, auth, { params, body: { lines: [{ id: line.id, quantity: 1 }], comment: 'коробка помята' } })
    expect(refund.status, await refund.clone().text()).toBe(200)

    // The order's own rows and its goods' stock: what an edit would have moved.
    const state = async () => ({
      order: await orderOf(order.id),
      lines: await db().select().from(orderLines).where(eq(orderLines.orderId, order.id)),
      payments: await paymentsOf(order.id),
      refunds: await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id)),
      stock: await db().select({ stock: offers.stock }).from(offers).where(eq(offers.id, line.offerId!)),
    })
    const before = await state()
    const reduce = await callEndpoint(editOrderLines, auth, { params, body: { lines: [{ id: line.id, quantity: 1 }] } })
    expect(reduce.status).toBe(409)
    expect(((await reduce.json()) as { error: string }).error).toMatch(/уже возвращены деньги \(1 шт\.\)/)
    expect(await state()).toEqual(before)

    const grow = await callEndpoint(editOrderLines, auth, { params, body: { lines: [{ id: line.id, quantity: 3 }] } })
    expect(grow.status, await grow.clone().text()).toBe(200)
    expect(await grow.json()).toMatchObject({ total: order.total + line.price, due: line.price, refunded: 0 })
  })
})
