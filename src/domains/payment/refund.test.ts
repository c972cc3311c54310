import { describe, expect, it } from 'vitest'
import { NOTHING_REFUNDED, netLineSums, planFromFacts, planRefund, refundInput, splitOverPayments, type RefundableOrder } from './refund'

/** The refund planner (ADR 165) without a database: prices after the coupon, what is left, refusals. */

// 3 × 100 ₽ and a gift at 0 ₽, a fixed 10 ₽ coupon, delivery 50 ₽: 340 ₽ paid.
const order: RefundableOrder = {
  total: 34_000,
  goodsPrice: 30_000,
  deliveryPrice: 5_000,
  lines: [
    { id: 1, name: 'Магний', quantity: 3, sum: 30_000 },
    { id: 2, name: 'Подарок', quantity: 1, sum: 0 },
  ],
}
const none = { lines: [], delivery: false, full: false }

describe('planRefund', () => {
  it('prices pieces after the coupon; the gift line takes none of it', () => {
    expect([...netLineSums(order)]).toEqual([
      [1, 29_000],
      [2, 0],
    ])
    expect(planRefund({ ...none, lines: [{ id: 1, quantity: 1 }] }, order, 34_000, NOTHING_REFUNDED)).toEqual({
      ok: true,
      plan: { lines: [{ lineId: 1, name: 'Магний', quantity: 1, amount: 9_666 }], deliveryAmount: 0, amount: 9_666 },
    })
  })

  it('a gift alone comes to 0 ₽ and is refused as empty', () => {
    expect(planRefund({ ...none, lines: [{ id: 2, quantity: 1 }] }, order, 34_000, NOTHING_REFUNDED)).toEqual({ ok: false, kind: 'empty' })
  })

  it('in full returns the money left even when a plain sum went back before, and names the pieces left', () => {
    const so = { amount: 1_000, delivery: 0, pieces: new Map([[1, 1]]) }
    const result = planRefund({ ...none, full: true }, order, 34_000, so)
    expect(result).toEqual({
      ok: true,
      plan: {
        lines: [
          { lineId: 1, name: 'Магний', quantity: 2, amount: 19_334 },
          { lineId: 2, name: 'Подарок', quantity: 1, amount: 0 },
        ],
        deliveryAmount: 5_000,
        amount: 33_000,
      },
    })
  })

  it('a sum of one’s own replaces the computed one, within what is left', () => {
    expect(planRefund({ ...none, amount: 500 }, order, 34_000, NOTHING_REFUNDED)).toMatchObject({ ok: true, plan: { lines: [], amount: 500 } })
    expect(planRefund({ ...none, amount: 34_001 }, order, 34_000, NOTHING_REFUNDED)).toEqual({ ok: false, kind: 'too-much' })
  })

  it('refuses by kind: nothing paid, nothing left, an unknown line, too many pieces, no delivery', () => {
    expect(planRefund({ ...none, full: true }, order, 0, NOTHING_REFUNDED)).toEqual({ ok: false, kind: 'nothing-paid' })
    expect(planRefund({ ...none, full: true }, order, 34_000, { ...NOTHING_REFUNDED, amount: 34_000 })).toEqual({ ok: false, kind: 'nothing-left' })
    expect(planRefund({ ...none, lines: [{ id: 9, quantity: 1 }] }, order, 34_000, NOTHING_REFUNDED)).toEqual({ ok: false, kind: 'unknown-line' })
    expect(planRefund({ ...none, lines: [{ id: 1, quantity: 3 }] }, order, 34_000, { ...NOTHING_REFUNDED, pieces: new Map([[1, 1]]) })).toEqual({ ok: false, kind: 'too-many' })
    expect(planRefund({ ...none, delivery: true }, order, 34_000, { ...NOTHING_REFUNDED, delivery: 5_000 })).toEqual({ ok: false, kind: 'no-delivery' })
  })

  it('the dialog plans from plain facts exactly as the server does', () => {
    const facts = { order, paid: 34_000, refunded: { amount: 9_666, delivery: 0, pieces: [[1, 1]] as [number, number][] } }
    expect(planFromFacts({ ...none, lines: [{ id: 1, quantity: 2 }] }, facts)).toEqual(
      planRefund({ ...none, lines: [{ id: 1, quantity: 2 }] }, order, 34_000, { amount: 9_666, delivery: 0, pieces: new Map([[1, 1]]) }),
    )
  })
})

describe('splitOverPayments', () => {
  it('takes the oldest payment first and none beyond what is left of it', () => {
    expect(
      splitOverPayments(700, [
        { id: 1, left: 0 },
        { id: 2, left: 500 },
        { id: 3, left: 1_000 },
      ]),
    ).toEqual([
      { paymentId: 2, amount: 500 },
      { paymentId: 3, amount: 200 },
    ])
  })
})

describe('refundInput', () => {
  it('wants something to refund, each line once, whole pieces', () => {
    expect(refundInput.safeParse({}).success).toBe(false)
    expect(refundInput.safeParse({ lines: [{ id: 1, quantity: 1 }, { id: 1, quantity: 2 }] }).success).toBe(false)
    expect(refundInput.safeParse({ lines: [{ id: 1, quantity: 1.5 }] }).success).toBe(false)
    expect(refundInput.safeParse({ full: true, extra: 1 }).success).toBe(false)
    expect(refundInput.parse({ delivery: true, comment: '  брак  ' })).toEqual({ lines: [], delivery: true, full: false, comment: 'брак' })
  })
})
