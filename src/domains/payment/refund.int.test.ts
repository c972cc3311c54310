import { and, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, orderLines, orders, paymentRefunds, payments } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import type { Actor } from '@/domains/staff/permissions'
import { setRefundGuard, setSandboxRefunds } from '../../../tests/support/test-hooks'
import { sendStrandedRefunds } from './payment-refund.server'
import { netLineSums, piecesAmount } from './refund'
import { refundOrder, requestAmountRefund, sendRefunds } from './refund.server'

/**
 * Refunds of paid orders (ADR 165) on the database: by lines, in full, the delivery, a plain sum for
 * an order edit; refusals leave nothing behind; two requests at once never return more than was paid.
 */

let actor: Actor

beforeAll(async () => {
  const [row] = await db().insert(staff).values({ email: 'refunds@example.ru', name: 'Мария Менеджер', role: 'manager' }).returning()
  actor = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
})

afterEach(() => {
  setRefundGuard(null)
  setSandboxRefunds('accept')
})

/**
 * A paid card order: 3 × 1 000 ₽ and 2 × 333,33 ₽, a 10 % coupon (366,67 ₽), delivery 300 ₽,
 * 3 599,99 ₽ paid in one payment (or as `split` payments), or a cash order with nothing paid online.
 */
async function paidOrder(options: { cash?: boolean; split?: number[] } = {}) {
  const goods = 300_000 + 66_666
  const coupon = 36_667
  const total = goods - coupon + 30_000
  const [order] = await db()
    .insert(orders)
    .values({
      status: 'paid',
      paySystemCode: options.cash ? 'cash' : 'card',
      paySystemName: options.cash ? 'Наличными при получении' : 'Картой онлайн',
      basePrice: goods,
      discount: coupon,
      goodsPrice: goods,
      deliveryPrice: 30_000,
      total,
      paymentToken: `refund-${Math.random().toString(36).slice(2)}`,
      paidAt: options.cash ? null : new Date(),
    })
    .returning()
  const lines = await db()
    .insert(orderLines)
    .values([
      { orderId: order!.id, name: 'Омега-3', quantity: 3, basePrice: 100_000, price: 100_000, sum: 300_000 },
      { orderId: order!.id, name: 'Витамин D3', quantity: 2, basePrice: 33_333, price: 33_333, sum: 66_666 },
    ])
    .returning()
  if (!options.cash) {
    for (const [i, amount] of (options.split ?? [total]).entries()) {
      await db().insert(payments).values({ orderId: order!.id, provider: 'card', externalId: `refund-test-${order!.id}-${i}`, amount, status: 'succeeded', completedAt: new Date() })
    }
  }
  return { id: order!.id, total, a: lines[0]!, b: lines[1]! }
}

const refundsOf = (orderId: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.id)
const auditOf = (orderId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'order'), eq(auditLog.objectId, String(orderId)), eq(auditLog.action, 'refund')))
const input = (over: Partial<Parameters<typeof refundOrder>[2]>) => ({ lines: [], delivery: false, full: false, comment: '', ...over })

describe('a refund by lines', () => {
  it('sends back the pieces at their price after the coupon, records the lines, the comment and an audit line', async () => {
    const o = await paidOrder()
    const nets = netLineSums({ total: o.total, goodsPrice: 366_666, deliveryPrice: 30_000, lines: [o.a, o.b] })
    // The coupon's 366,67 ₽ shared by the sums: 300 000 : 66 666 → 30 000 and 6 667 (largest remainder).
    expect([nets.get(o.a.id), nets.get(o.b.id)]).toEqual([270_000, 59_999])
    const answer = await refundOrder(actor, o.id, input({ lines: [{ id: o.b.id, quantity: 1 }], comment: 'Покупатель вернул банку' }))
    expect(answer.amount).toBe(29_999)
    expect(answer.refunds.map((r) => r.status)).toEqual(['succeeded'])
    const [row, ...more] = await refundsOf(o.id)
    expect(more).toHaveLength(0)
    expect(row).toMatchObject({
      reason: 'staff',
      amount: 29_999,
      deliveryAmount: 0,
      lines: [{ lineId: o.b.id, name: 'Витамин D3', quantity: 1, amount: 29_999 }],
      comment: 'Покупатель вернул банку',
      staffId: actor.id,
      author: 'Мария Менеджер',
      providerRefundId: `sandbox-refund:refund-${row!.id}`,
    })
    const [audit] = await auditOf(o.id)
    expect(audit).toMatchObject({ staffId: actor.id, before: { paid: o.total, refunded: 0 } })
    expect(audit?.after).toMatchObject({ amount: 29_999, reason: 'staff', lines: ['Витамин D3 × 1 = 29999'], comment: 'Покупатель вернул банку', refunds: [row!.id] })
  })

  it('pieces of one line refunded over several requests come to the line exactly; one more is refused and changes nothing', async () => {
    const o = await paidOrder()
    const first = await refundOrder(actor, o.id, input({ lines: [{ id: o.b.id, quantity: 1 }] }))
    const second = await refundOrder(actor, o.id, input({ lines: [{ id: o.b.id, quantity: 1 }] }))
    expect(first.amount + second.amount).toBe(59_999)
    expect([first.amount, second.amount]).toEqual([29_999, 30_000])
    await expect(refundOrder(actor, o.id, input({ lines: [{ id: o.b.id, quantity: 1 }] }))).rejects.toMatchObject({ kind: 'conflict', body: { reason: 'too-many' } })
    expect(await refundsOf(o.id)).toHaveLength(2)
    expect(await auditOf(o.id)).toHaveLength(2)
  })

  it('the delivery goes back once; an unknown line is refused', async () => {
    const o = await paidOrder()
    expect((await refundOrder(actor, o.id, input({ delivery: true }))).amount).toBe(30_000)
    await expect(refundOrder(actor, o.id, input({ delivery: true }))).rejects.toMatchObject({ kind: 'conflict', body: { reason: 'no-delivery' } })
    await expect(refundOrder(actor, o.id, input({ lines: [{ id: o.a.id + 1000, quantity: 1 }] }))).rejects.toMatchObject({ kind: 'invalid', body: { reason: 'unknown-line' } })
    expect(await refundsOf(o.id)).toHaveLength(1)
  })

  it('piecesAmount over any split of a line adds up to its price', () => {
    for (const split of [[1, 1, 1], [2, 1], [1, 2], [3]]) {
      let from = 0
      let sum = 0
      for (const count of split) {
        sum += piecesAmount(270_001, 3, from, count)
        from += count
      }
      expect(sum).toBe(270_001)
    }
  })
})

describe('a full refund', () => {
  it('after a partial one sends back everything left: the other pieces, the delivery, to the kopeck; then nothing is left', async () => {
    const o = await paidOrder()
    await refundOrder(actor, o.id, input({ lines: [{ id: o.a.id, quantity: 1 }] }))
    const full = await refundOrder(actor, o.id, input({ full: true, comment: 'Отказ от заказа' }))
    expect(full.amount).toBe(o.total - 90_000)
    const rows = await refundsOf(o.id)
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(o.total)
    expect(rows[1]).toMatchObject({
      deliveryAmount: 30_000,
      lines: [
        { lineId: o.a.id, quantity: 2, amount: 180_000 },
        { lineId: o.b.id, quantity: 2, amount: 59_999 },
      ],
    })
    await expect(refundOrder(actor, o.id, input({ full: true }))).rejects.toMatchObject({ kind: 'conflict', body: { reason: 'nothing-left' } })
    // The order keeps its status: a refund moves money, not goods (ADR 165).
    expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.id, o.id)))[0]?.status).toBe('paid')
  })

  it('goes back along each payment, none beyond its own sum', async () => {
    const o = await paidOrder({ split: [300_000, 59_999] })
    await refundOrder(actor, o.id, input({ full: true }))
    const rows = await refundsOf(o.id)
    const [first, second] = await db().select().from(payments).where(eq(payments.orderId, o.id)).orderBy(payments.id)
    expect(rows.map((r) => [r.paymentId, r.amount])).toEqual([
      [first!.id, 300_000],
      [second!.id, 59_999],
    ])
    // The lines and the delivery are told once, on the first row.
    expect(rows[1]).toMatchObject({ lines: null, deliveryAmount: 0 })
  })
})

describe('refused refunds change nothing', () => {
  it('more than is left of the payment', async () => {
    const o = await paidOrder()
    await refundOrder(actor, o.id, input({ amount: o.total - 100 }))
    await expect(refundOrder(actor, o.id, input({ amount: 101 }))).rejects.toMatchObject({ kind: 'conflict', body: { reason: 'too-much' } })
    await expect(refundOrder(actor, o.id, input({ lines: [{ id: o.a.id, quantity: 1 }] }))).rejects.toMatchObject({ body: { reason: 'too-much' } })
    expect((await refundsOf(o.id)).map((r) => r.amount)).toEqual([o.total - 100])
    expect(await auditOf(o.id)).toHaveLength(1)
  })

  it('an order paid in cash on delivery has nothing to send back online', async () => {
    const o = await paidOrder({ cash: true })
    await expect(refundOrder(actor, o.id, input({ full: true }))).rejects.toMatchObject({ kind: 'conflict', body: { reason: 'nothing-paid' } })
    expect(await refundsOf(o.id)).toHaveLength(0)
    expect(await auditOf(o.id)).toHaveLength(0)
  })

  it('an order that does not exist', async () => {
    await expect(refundOrder(actor, 99_999_999, input({ full: true }))).rejects.toMatchObject({ kind: 'not-found', body: { reason: 'order-not-found' } })
  })
})

describe('what the provider answers', () => {
  it('a declined refund stays failed with its reason and its money can be refunded again', async () => {
    const o = await paidOrder()
    setSandboxRefunds('decline')
    const declined = await refundOrder(actor, o.id, input({ lines: [{ id: o.a.id, quantity: 3 }] }))
    expect(declined.refunds).toEqual([expect.objectContaining({ status: 'failed', error: 'sandbox: refund declined' })])
    setSandboxRefunds('accept')
    const again = await refundOrder(actor, o.id, input({ lines: [{ id: o.a.id, quantity: 3 }] }))
    expect(again).toMatchObject({ amount: 270_000, refunds: [{ status: 'succeeded' }] })
  })

  it('a repeated request with the same key answers the same refund and sends nothing more', async () => {
    const o = await paidOrder()
    const once = await refundOrder(actor, o.id, input({ delivery: true, key: 'dialog-key-0001' }))
    const twice = await refundOrder(actor, o.id, input({ delivery: true, key: 'dialog-key-0001' }))
    expect(twice.refunds.map((r) => r.id)).toEqual(once.refunds.map((r) => r.id))
    expect(await refundsOf(o.id)).toHaveLength(1)
    expect(await auditOf(o.id)).toHaveLength(1)
  })

  it('a refund recorded but never sent (the process died) is sent by the hourly retry', async () => {
    const o = await paidOrder()
    const [row] = await db().transaction((tx) => requestAmountRefund(tx, o.id, 5_000, { actor, reason: 'staff' }))
    expect(row?.status).toBe('requested')
    expect(await sendStrandedRefunds(db(), new Date(Date.now() + 11 * 60_000))).toBe(1)
    expect((await refundsOf(o.id))[0]?.status).toBe('succeeded')
  })
})

describe('requestAmountRefund, for an order edit', () => {
  it('records a plain sum in the caller transaction, and rolls back with it', async () => {
    const o = await paidOrder()
    const rows = await db().transaction((tx) => requestAmountRefund(tx, o.id, 100_000, { actor, comment: 'Убрана 1 шт.' }))
    expect(rows.map((r) => [r.reason, r.amount, r.lines, r.status])).toEqual([['edit', 100_000, null, 'requested']])
    expect((await sendRefunds(db(), rows.map((r) => r.id))).map((r) => r.status)).toEqual(['succeeded'])
    await expect(
      db().transaction(async (tx) => {
        await requestAmountRefund(tx, o.id, 1_000, { actor })
        throw new Error('the edit failed after the refund was planned')
      }),
    ).rejects.toThrow('the edit failed')
    expect(await refundsOf(o.id)).toHaveLength(1)
    await expect(db().transaction((tx) => requestAmountRefund(tx, o.id, o.total, { actor }))).rejects.toMatchObject({ body: { reason: 'too-much' } })
  })
})

/** Two requests, each for all that is left, meeting between their check and their write. */
function meetingPoint(parties: number): () => Promise<void> {
  let arrived = 0
  let release = () => {}
  const all = new Promise<void>((resolve) => (release = resolve))
  return () => {
    arrived += 1
    if (arrived === parties) release()
    return all
  }
}

describe('refunds at the same time', () => {
  it('five full refunds of one order at once: one goes through, the others find nothing left', async () => {
    const o = await paidOrder()
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => refundOrder(actor, o.id, input({ full: true }))))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ body: { reason: 'nothing-left' } })
    expect((await refundsOf(o.id)).reduce((s, r) => s + r.amount, 0)).toBe(o.total)
  })

  // PGlite runs one transaction at a time, so only a real server can interleave two: the control is
  // registered in the PostgreSQL project alone (as in cart-race.int.test.ts).
  if (inject('postgresTemplate')) {
    it('negative control: without the order lock both requests, meeting after their check, send back the whole sum each', async () => {
      const o = await paidOrder()
      setRefundGuard({ lock: false, afterCheck: meetingPoint(2) })
      await Promise.all([refundOrder(actor, o.id, input({ full: true })), refundOrder(actor, o.id, input({ full: true }))])
      expect((await refundsOf(o.id)).reduce((s, r) => s + r.amount, 0)).toBe(2 * o.total)
    })
  }
})
