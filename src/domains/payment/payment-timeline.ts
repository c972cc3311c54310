import type { TimelineEntry } from '@/domains/orders/order-timeline'
import { formatRub as rub } from '@/lib/money'

/**
 * The payment side of an order's timeline (ADR 183): every stored provider call and notification,
 * briefly, and the 54-ФЗ receipts with their id and registration state. Pure: the server reads the
 * rows. Repeats of one call with one outcome in a row (the poll re-reading a payment every round)
 * are one entry with a count.
 */
export interface PaymentTimelineSources {
  events: readonly { id: number; provider: string; kind: 'call' | 'notification'; operation: string; httpStatus: number | null; error: string | null; objectId: string | null; createdAt: Date }[]
  payments: readonly { id: number; amount: number; receiptId: string | null; receiptStatus: string | null; createdAt: Date; completedAt: Date | null }[]
  refunds: readonly { id: number; amount: number; providerRefundId: string | null; receiptStatus: string | null; createdAt: Date; completedAt: Date | null }[]
  settlements: readonly { id: number; status: string; providerReceiptId: string | null; error: string | null; codes: number; createdAt: Date; completedAt: Date | null }[]
}

// Payment rows name Долями's gateway 'dolyame-api' (ADR 182), apart from the sandbox's 'dolyame'.
const PROVIDER: Record<string, string> = { yookassa: 'ЮKassa', tbank: 'Т-Банк', dolyame: 'Долями', 'dolyame-api': 'Долями' }
const RECEIPT_STATE: Record<string, string> = { pending: 'регистрируется', succeeded: 'зарегистрирован', canceled: 'не зарегистрирован', requested: 'не отправлен (нет ответа)', failed: 'отклонён' }

const state = (s: string) => RECEIPT_STATE[s] ?? s

function outcome(e: PaymentTimelineSources['events'][number]): string {
  if (e.kind === 'notification') return 'получено'
  if (e.error) return e.httpStatus === null ? 'нет ответа' : `ошибка ${e.httpStatus}`
  return `ответ ${e.httpStatus ?? '—'}`
}

export function paymentTimeline(s: PaymentTimelineSources): TimelineEntry[] {
  const out: TimelineEntry[] = []
  let last: { key: string; entry: TimelineEntry; count: number } | null = null
  for (const e of [...s.events].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)) {
    const provider = PROVIDER[e.provider] ?? e.provider
    const what = e.kind === 'notification' ? `уведомление ${e.operation.replace(/^notification /, '')}` : e.operation
    const key = `${e.provider}|${e.kind}|${e.operation}|${e.objectId}|${outcome(e)}`
    if (last && last.key === key) {
      last.count++
      last.entry.text = `${last.entry.text.replace(/ · ещё \d+ раз\(а\), последний .*$/, '')} · ещё ${last.count - 1} раз(а), последний ${e.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      continue
    }
    const entry: TimelineEntry = {
      at: e.createdAt.toISOString(),
      kind: 'payment',
      title: `${provider}: ${what} — ${outcome(e)}`,
      text: [e.objectId ? `№ ${e.objectId}` : '', e.error ?? ''].filter(Boolean).join(' · '),
      author: null,
    }
    out.push(entry)
    last = { key, entry, count: 1 }
  }
  for (const p of s.payments) {
    if (!p.receiptStatus) continue
    out.push({ at: (p.completedAt ?? p.createdAt).toISOString(), kind: 'payment', title: `Чек прихода на ${rub(p.amount)}: ${state(p.receiptStatus)}`, text: p.receiptId ? `Чек № ${p.receiptId}` : '', author: null })
  }
  for (const r of s.refunds) {
    if (!r.receiptStatus) continue
    out.push({ at: (r.completedAt ?? r.createdAt).toISOString(), kind: 'refund', title: `Чек возврата на ${rub(r.amount)}: ${state(r.receiptStatus)}`, text: r.providerRefundId ? `Возврат № ${r.providerRefundId}` : '', author: null })
  }
  for (const r of s.settlements) {
    out.push({
      at: (r.completedAt ?? r.createdAt).toISOString(),
      kind: 'payment',
      title: `Чек полного расчёта: ${state(r.status)}`,
      text: [r.providerReceiptId ? `Чек № ${r.providerReceiptId}` : '', r.codes ? `кодов маркировки: ${r.codes}` : '', r.error ?? ''].filter(Boolean).join(' · '),
      author: null,
    })
  }
  return out
}

/** Both lists by time, the order's own entries first at the same moment (a stable merge). */
export function mergeTimelines(a: readonly TimelineEntry[], b: readonly TimelineEntry[]): TimelineEntry[] {
  return [...a.map((e, i) => ({ e, i, side: 0 })), ...b.map((e, i) => ({ e, i, side: 1 }))]
    .sort((x, y) => x.e.at.localeCompare(y.e.at) || x.side - y.side || x.i - y.i)
    .map(({ e }) => e)
}
