import { describe, expect, it } from 'vitest'
import { MAILED_STATUSES, orderMail, orderMailKey, type OrderMailFacts } from './order-mail'
import { ORDER_STATUS, type OrderStatus } from './order-status'

const facts: OrderMailFacts = {
  id: 42,
  email: 'anna@example.ru',
  buyerName: 'Анна',
  total: 129_000,
  deliveryName: 'Почта России',
  wasPaid: false,
  track: null,
  trackLink: null,
}
const HISTORY = 'https://shop.example/personal/orderHistory/'

describe('order lifecycle mails (pure)', () => {
  it('keys each status once per order: the table has no cycle, so a status is reached at most once', () => {
    const reachable = (from: OrderStatus, seen: Set<OrderStatus>): boolean =>
      ORDER_STATUS[from].next.every((to) => !seen.has(to) && reachable(to, new Set([...seen, to])))
    expect(reachable('new', new Set(['new']))).toBe(true)
    expect(MAILED_STATUSES.map((s) => orderMailKey(42, { kind: 'status', status: s }, null))).toEqual(['order-paid:42', 'order-shipped:42', 'order-cancelled:42'])
    expect(orderMailKey(42, { kind: 'track' }, 'RA1')).toBe('order-track:42:RA1')
  })

  it('writes nothing to an order without an e-mail (an anonymised one), and no track mail without a track', () => {
    expect(orderMail({ ...facts, email: '' }, { kind: 'status', status: 'paid' }, HISTORY)).toBeNull()
    expect(orderMail(facts, { kind: 'track' }, HISTORY)).toBeNull()
  })

  it('greets without a name when there is none and links the order history', () => {
    const mail = orderMail({ ...facts, buyerName: ' ' }, { kind: 'status', status: 'cancelled' }, HISTORY)
    expect(mail?.text.startsWith('Здравствуйте!\n')).toBe(true)
    expect(mail?.text).toContain(HISTORY)
  })

  it('gives the track number without a link when the carrier has no tracking page', () => {
    const mail = orderMail({ ...facts, track: 'AB-1234' }, { kind: 'status', status: 'shipped' }, HISTORY)
    expect(mail?.text).toContain('Трек-номер: AB-1234\n')
    expect(mail?.text).not.toContain('Отследить')
  })
})

describe('the cancel mail of an order not paid in time (ADR 154)', () => {
  it('says the payment did not arrive within the time, that nothing was charged, and how to order again', () => {
    const mail = orderMail(facts, { kind: 'status', status: 'cancelled', unpaidMinutes: 30 }, HISTORY)
    expect(mail?.subject).toBe('Заказ №42 отменён: оплата не поступила')
    expect(mail?.text).toContain('оплата не поступила в течение 30 минут после оформления')
    expect(mail?.text).toContain('оформите заказ ещё раз')
    expect(mail?.text).not.toContain('Если вы не отменяли заказ')
    expect(mail?.dedupeKey).toBe('order-cancelled:42')
    expect(orderMail(facts, { kind: 'status', status: 'cancelled', unpaidMinutes: 60 }, HISTORY)?.text).toContain('в течение 1 часа')
    expect(orderMail(facts, { kind: 'status', status: 'cancelled', unpaidMinutes: 21 }, HISTORY)?.text).toContain('в течение 21 минуты')
  })
})
