import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { db } from '@/db/client'
import { orderLines, orders, paymentRefunds, payments } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { saveOrder } from '@/domains/checkout/checkout.server'
import { toCheckoutForm } from '@/domains/checkout/checkout.schema'
import { editOrder } from '@/domains/orders/order-edit.server'
import type { Actor } from '@/domains/staff/permissions'
import { offerWithStock, orderFields, paySystemId, visitorWithBasket } from '../../../tests/support/checkout'
import { setCallbackGuard } from '../../../tests/support/test-hooks'
import { signCallback, type CallbackPayload } from './payment'
import { applyCallback, callbackSecret } from './payment.server'

/**
 * The payment callback takes the order's row lock before it checks and records the amount (ADR 169):
 * a callback for the amount the buyer was charged, meeting an edit that changes the order's total,
 * never records a payment of an amount nobody charged.
 */

let actor: Actor

beforeAll(async () => {
  const [row] = await db().insert(staff).values({ email: 'callback-lock@example.ru', name: 'Ольга Менеджер', role: 'manager' }).returning()
  actor = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
})

afterEach(() => setCallbackGuard(null))

/** A card order of one offer × 2, placed at checkout and waiting for its payment. */
async function unpaidCardOrder(skip: number) {
  const offer = await offerWithStock(20, skip)
  const fields = await orderFields({ pay: await paySystemId('card') })
  const nested = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^order\[(.+)\]$/, '$1'), v]))
  const answer = await saveOrder((await visitorWithBasket([{ offerId: offer.id, quantity: 2 }])).sessionId, toCheckoutForm(nested))
  if (!('order' in answer) || !('ID' in answer.order)) throw new Error(`order not placed: ${JSON.stringify(answer)}`)
  const id = Number(answer.order.ID)
  const [order] = await db().select().from(orders).where(eq(orders.id, id))
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, id))
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, id))
  return { order: order!, line: line!, payment: payment! }
}

/** The provider charged the payment's amount as it stood and notifies the shop; an edit takes one piece out meanwhile. */
async function callbackMeetingAnEdit(skip: number, lock: boolean) {
  const { order, line, payment } = await unpaidCardOrder(skip)
  const charged: CallbackPayload = { paymentId: payment.externalId, status: 'succeeded', amount: String(payment.amount) }
  const edits: Promise<unknown>[] = []
  setCallbackGuard({
    lock,
    // With the lock the edit waits for the callback's commit, so it is only started here; without
    // it the edit runs to its commit between the callback's check and its write.
    afterCheck: async () => {
      const edit = editOrder(actor, order.id, { lines: [{ id: line.id, quantity: 1 }], add: [] })
      edits.push(edit)
      if (!lock) await edit
    },
  })
  const result = await applyCallback(db(), charged, signCallback(charged, callbackSecret()))
  await Promise.all(edits)
  const [after] = await db().select().from(orders).where(eq(orders.id, order.id))
  const [recorded] = await db().select().from(payments).where(eq(payments.id, payment.id))
  const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))
  return { result, charged: payment.amount, order: after!, recorded: recorded!, refunded: refunds.reduce((s, r) => s + r.amount, 0) }
}

describe('a payment callback meeting an order edit', () => {
  it('records the amount charged; the edit, after it, sees a paid order and refunds the difference', async () => {
    const run = await callbackMeetingAnEdit(9, true)
    expect(run.result).toBe('applied')
    expect(run.recorded).toMatchObject({ status: 'succeeded', amount: run.charged })
    expect(run.order.status).toBe('paid')
    expect(run.order.total).toBeLessThan(run.charged)
    // What the buyer paid, less what goes back, is what the order costs now.
    expect(run.charged - run.refunded).toBe(run.order.total)
  })

  // PGlite runs one transaction at a time, so only a real server lets the edit commit inside the
  // callback's transaction: the control is registered in the PostgreSQL project alone.
  if (inject('postgresTemplate')) {
    it('negative control: without the lock the payment is recorded at the edited total, not the sum charged, and nothing goes back', async () => {
      const run = await callbackMeetingAnEdit(10, false)
      expect(run.result).toBe('applied')
      expect(run.recorded.status).toBe('succeeded')
      expect(run.recorded.amount).toBe(run.order.total)
      expect(run.recorded.amount).not.toBe(run.charged)
      expect(run.refunded).toBe(0)
    })
  }
})
