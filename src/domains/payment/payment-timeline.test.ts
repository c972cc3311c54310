import { describe, expect, it } from 'vitest'
import { formatRub } from '@/lib/money'
import { mergeTimelines, paymentTimeline } from './payment-timeline'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute))
const call = (id: number, minute: number, operation: string, httpStatus: number | null, error: string | null = null) => ({ id, provider: 'yookassa', kind: 'call' as const, operation, httpStatus, error, objectId: 'p-1', createdAt: at(minute) })

describe('paymentTimeline (ADR 183)', () => {
  it('tells each call and notification briefly and folds repeats of one outcome in a row', () => {
    const entries = paymentTimeline({
      events: [
        call(1, 0, 'POST /payments', 200),
        call(2, 5, 'GET /payments/{id}', 200),
        call(3, 10, 'GET /payments/{id}', 200),
        call(4, 15, 'GET /payments/{id}', 200),
        call(5, 20, 'GET /payments/{id}', null, 'timeout: aborted'),
        { id: 6, provider: 'yookassa', kind: 'notification', operation: 'notification payment.succeeded', httpStatus: null, error: null, objectId: 'p-1', createdAt: at(21) },
      ],
      payments: [],
      refunds: [],
      settlements: [],
    })
    expect(entries.map((e) => e.title)).toEqual([
      'ЮKassa: POST /payments — ответ 200',
      'ЮKassa: GET /payments/{id} — ответ 200',
      'ЮKassa: GET /payments/{id} — нет ответа',
      'ЮKassa: уведомление payment.succeeded — получено',
    ])
    expect(entries[1]!.text).toBe('№ p-1 · ещё 2 раз(а), последний 2026-11-26 10:15 UTC')
    expect(entries[2]!.text).toBe('№ p-1 · timeout: aborted')
  })

  it('names each gateway in Russian, Долями by its gateway code too', () => {
    const titles = paymentTimeline({
      events: [
        { ...call(1, 0, 'Init', 200), provider: 'tbank' },
        { ...call(2, 1, 'POST orders/create', 200), provider: 'dolyame-api' },
      ],
      payments: [],
      refunds: [],
      settlements: [],
    }).map((e) => e.title)
    expect(titles).toEqual(['Т-Банк: Init — ответ 200', 'Долями: POST orders/create — ответ 200'])
  })

  it('shows receipts with id and state, and merges by time keeping the order first at one moment', () => {
    const entries = paymentTimeline({
      events: [],
      payments: [{ id: 1, amount: 129_050, receiptId: 'rc-1', receiptStatus: 'succeeded', createdAt: at(0), completedAt: at(2) }],
      refunds: [{ id: 1, amount: 50_000, providerRefundId: 'r-1', receiptStatus: 'pending', createdAt: at(3), completedAt: null }],
      settlements: [{ id: 1, status: 'failed', providerReceiptId: null, error: 'Receipt items sum does not match', codes: 2, createdAt: at(4), completedAt: null }],
    })
    expect(entries.map((e) => [e.title, e.text])).toEqual([
      [`Чек прихода на ${formatRub(129_050)}: зарегистрирован`, 'Чек № rc-1'],
      [`Чек возврата на ${formatRub(50_000)}: регистрируется`, 'Возврат № r-1'],
      ['Чек полного расчёта: отклонён', 'кодов маркировки: 2 · Receipt items sum does not match'],
    ])
    const own = { at: at(2).toISOString(), kind: 'status' as const, title: 'Статус', text: '', author: null }
    expect(mergeTimelines([own], entries).map((e) => e.title)[0]).toBe('Статус')
  })
})
