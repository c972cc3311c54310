import { describe, expect, it } from 'vitest'
import { buildTimeline, type TimelineSources } from './order-timeline'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute))
const empty: TimelineSources = { history: [], payments: [], refunds: [], mails: [], notes: [], audit: [] }

describe('buildTimeline', () => {
  it('merges every source by time, status first at the same moment, authors from the audit lines', () => {
    const timeline = buildTimeline({
      history: [
        { id: 1, fromStatus: null, toStatus: 'awaiting_payment', note: '', createdAt: at(0) },
        { id: 2, fromStatus: 'awaiting_payment', toStatus: 'paid', note: '', createdAt: at(5) },
        { id: 3, fromStatus: 'paid', toStatus: 'assembling', note: 'срочно', createdAt: at(9) },
      ],
      payments: [{ id: 7, provider: 'sandbox', externalId: 'p-1', amount: 123_450, status: 'succeeded', createdAt: at(0), completedAt: at(5) }],
      refunds: [],
      mails: [{ id: 4, payload: { to: 'anna@example.ru', subject: 'Заказ №5 оплачен', text: '…' }, status: 'sent', createdAt: at(5), sentAt: at(6) }],
      notes: [{ id: 1, author: 'Мария', text: 'позвонить', createdAt: at(8) }],
      audit: [
        { id: 10, at: at(8), actor: 'Мария', action: 'note', after: { text: 'позвонить' } },
        { id: 11, at: at(9), actor: 'Мария', action: 'status', after: { status: 'assembling' } },
        { id: 12, at: at(10), actor: 'API: 1С', action: 'edit', before: { lines: ['Омега-3 × 2 = 200000'], delivery: 'СДЭК, пункт MSK1, 300 ₽', total: 230000 }, after: { lines: ['Омега-3 × 1 = 100000'], delivery: 'Курьер, ул Тверская, 1, 500 ₽', total: 150000 } },
      ],
    })
    expect(timeline.map((e) => [e.kind, e.title, e.author])).toEqual([
      ['status', 'Заказ оформлен: «Ожидает оплаты»', null],
      ['payment', 'Платёж на 1\u00a0234,5\u00a0₽ создан', null],
      ['status', 'Статус: «Ожидает оплаты» → «Оплачен»', null],
      ['payment', 'Платёж на 1\u00a0234,5\u00a0₽: оплачен', null],
      ['mail', 'Письмо «Заказ №5 оплачен»: отправлено', null],
      ['note', 'Заметка', 'Мария'],
      ['status', 'Статус: «Оплачен» → «Собирается»', 'Мария'],
      ['change', 'Заказ изменён', 'API: 1С'],
    ])
    expect(timeline[6]?.text).toBe('срочно')
    expect(timeline[7]?.text).toBe('Состав: Омега-3 × 2 = 200000 → Омега-3 × 1 = 100000\nДоставка: СДЭК, пункт MSK1, 300 ₽ → Курьер, ул Тверская, 1, 500 ₽\nИтого: 2\u00a0300\u00a0₽ → 1\u00a0500\u00a0₽')
  })

  it('is empty for an order with no rows, and reads a mail with an odd payload as blanks', () => {
    expect(buildTimeline(empty)).toEqual([])
    const [mail] = buildTimeline({ ...empty, mails: [{ id: 1, payload: null, status: 'failed', createdAt: at(1), sentAt: null }] })
    expect(mail).toMatchObject({ title: 'Письмо «»: не доставлено', text: 'Кому: ' })
  })
  it('tells a surcharge (a payment after the first, ADR 169) apart, paid or cancelled', () => {
    const timeline = buildTimeline({
      ...empty,
      payments: [
        { id: 7, provider: 'card', externalId: 'p-1', amount: 100_000, status: 'succeeded', createdAt: at(0), completedAt: at(1) },
        { id: 9, provider: 'card', externalId: 'p-2', amount: 20_000, status: 'succeeded', createdAt: at(2), completedAt: at(3) },
        { id: 11, provider: 'card', externalId: 'p-3', amount: 5_000, status: 'cancelled', createdAt: at(4), completedAt: at(5) },
      ],
    })
    expect(timeline.map((e) => e.title)).toEqual([
      'Платёж на 1\u00a0000\u00a0₽ создан',
      'Платёж на 1\u00a0000\u00a0₽: оплачен',
      'Доплата: платёж на 200\u00a0₽ создан',
      'Доплата: платёж на 200\u00a0₽: оплачен',
      'Доплата: платёж на 50\u00a0₽ создан',
      'Доплата: платёж на 50\u00a0₽: отменён: больше не нужен',
    ])
  })
  it('tells a refund: what went back, the comment, who asked; its audit line is not shown twice', () => {
    const timeline = buildTimeline({
      ...empty,
      refunds: [
        {
          id: 3,
          amount: 180_000,
          status: 'succeeded',
          lastError: null,
          createdAt: at(1),
          completedAt: at(2),
          reason: 'staff',
          lines: [{ name: 'Омега-3', quantity: 1, amount: 150_000 }],
          deliveryAmount: 30_000,
          comment: 'вернул банку',
          author: 'Мария',
        },
        { id: 4, amount: 5_000, status: 'failed', lastError: 'sandbox: refund declined', createdAt: at(3), completedAt: at(3), reason: 'paid-after-cancel', author: '' },
      ],
      audit: [{ id: 9, at: at(1), actor: 'Мария', action: 'refund', after: {} }],
    })
    expect(timeline.map((e) => [e.kind, e.title, e.author])).toEqual([
      ['refund', 'Возврат 1\u00a0800\u00a0₽: выполнен', 'Мария'],
      ['refund', 'Возврат 50\u00a0₽: не прошёл', null],
    ])
    expect(timeline[0]?.text).toBe('Омега-3 × 1 — 1\u00a0500\u00a0₽\nДоставка — 300\u00a0₽\n«вернул банку»')
    expect(timeline[1]?.text).toBe('Оплата пришла после отмены заказа\nОшибка: sandbox: refund declined')
  })
})
