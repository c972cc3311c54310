import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, type OrderStatus } from '@/db/schema/orders'
import { ORDER_STATUS, buyerOrderState, canTransition, sourcesOf } from './order-status'

const allowed: [OrderStatus, OrderStatus][] = [
  ['new', 'awaiting_payment'],
  ['new', 'assembling'],
  ['new', 'cancelled'],
  ['awaiting_payment', 'paid'],
  ['awaiting_payment', 'cancelled'],
  ['paid', 'assembling'],
  ['paid', 'cancelled'],
  ['assembling', 'shipped'],
  ['assembling', 'cancelled'],
  ['shipped', 'delivered'],
]

describe('order status transitions', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const))
  it.each(pairs)('%s → %s follows the declared table', (from, to) => {
    const expected = allowed.some(([f, t]) => f === from && t === to)
    expect(canTransition(from, to)).toBe(expected)
  })

  it('never leaves a final status', () => {
    expect(ORDER_STATUS.delivered.next).toEqual([])
    expect(ORDER_STATUS.cancelled.next).toEqual([])
  })

  it('lists the sources of cancel for the conditional update', () => {
    expect(sourcesOf('cancelled').sort()).toEqual(['assembling', 'awaiting_payment', 'new', 'paid'])
    expect(sourcesOf('paid')).toEqual(['awaiting_payment'])
  })

  it('gives every status a Russian label and a colour', () => {
    for (const s of ORDER_STATUSES) {
      expect(ORDER_STATUS[s].label).toMatch(/^[А-ЯЁ][а-яё ]+$/)
      expect(ORDER_STATUS[s].color).toMatch(/^#[0-9a-f]{6}$/)
    }
  })
})

describe("the buyer's order page", () => {
  it('asks to pay an unpaid order, and not once the bank holds its money for a two-stage capture', () => {
    expect(buyerOrderState({ status: 'awaiting_payment' }, { held: false, due: 0 })).toEqual({ label: 'Ожидает оплаты', color: ORDER_STATUS.awaiting_payment.color, payable: true })
    expect(buyerOrderState({ status: 'awaiting_payment' }, { held: true, due: 0 })).toEqual({ label: 'Оплачен, ждёт подтверждения магазина', color: ORDER_STATUS.paid.color, payable: false })
  })

  it('asks to pay a paid order only for a surcharge still due', () => {
    expect(buyerOrderState({ status: 'paid' }, { held: false, due: 0 })).toMatchObject({ label: 'Оплачен', payable: false })
    expect(buyerOrderState({ status: 'paid' }, { held: false, due: 15_000 })).toMatchObject({ label: 'Оплачен', payable: true })
    expect(buyerOrderState({ status: 'shipped' }, { held: true, due: 0 })).toMatchObject({ label: 'Передан в доставку', payable: false })
  })
})
