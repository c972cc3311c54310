import { formatRub as rub } from '@/lib/money'
import { ORDER_STATUS, type OrderStatus } from './order-status'

/**
 * The order's history for staff, merged from the tables that record it (status steps, payments,
 * refunds, mails, notes, audit lines) into one list by time. Pure: the server reads the rows.
 */
export type TimelineKind = 'status' | 'payment' | 'refund' | 'mail' | 'note' | 'change'

export interface TimelineEntry {
  at: string
  kind: TimelineKind
  title: string
  text: string
  /** Who did it, when a person or an integration did. */
  author: string | null
}

export interface TimelineSources {
  history: readonly { id: number; fromStatus: OrderStatus | null; toStatus: OrderStatus; note: string; createdAt: Date }[]
  payments: readonly { id: number; provider: string; externalId: string; amount: number; status: string; createdAt: Date; completedAt: Date | null }[]
  refunds: readonly {
    id: number
    amount: number
    status: string
    lastError: string | null
    createdAt: Date
    completedAt: Date | null
    /** ADR 165: why, what of the order, who and with what words; absent in older callers' rows. */
    reason?: string
    lines?: readonly { name: string; quantity: number; amount: number }[] | null
    deliveryAmount?: number
    comment?: string
    author?: string
  }[]
  mails: readonly { id: number; payload: unknown; status: string; createdAt: Date; sentAt: Date | null }[]
  notes: readonly { id: number; author: string; text: string; createdAt: Date }[]
  audit: readonly { id: number; at: Date; actor: string; action: string; before?: unknown; after: unknown }[]
}

const PAYMENT_STATUS: Record<string, string> = { pending: 'ожидает оплаты', succeeded: 'оплачен', failed: 'не прошёл', cancelled: 'отменён: больше не нужен' }
/** A manager's actions on a held payment and the settlement receipt (ADR 183). */
const AUDIT_TITLES: Record<string, string> = { 'payment-capture': 'Заблокированные деньги списаны', 'payment-cancel': 'Блокировка денег снята', 'settlement-receipt': 'Чек полного расчёта отправлен', 'exchange-payment': 'Оплата отмечена по данным 1С' }
const REFUND_STATUS: Record<string, string> = { requested: 'запрошен', processing: 'в обработке', succeeded: 'выполнен', failed: 'не прошёл' }
const REFUND_REASON: Record<string, string> = { 'paid-after-cancel': 'Оплата пришла после отмены заказа', staff: '', edit: 'Заказ уменьшен' }
const MAIL_STATUS: Record<string, string> = { pending: 'в очереди', sending: 'отправляется', sent: 'отправлено', failed: 'не доставлено' }
const KIND_ORDER: Record<TimelineKind, number> = { status: 0, payment: 1, refund: 2, change: 3, mail: 4, note: 5 }


function field(value: unknown, key: string): string {
  if (value && typeof value === 'object' && key in value) {
    const v = (value as Record<string, unknown>)[key]
    return typeof v === 'string' ? v : ''
  }
  return ''
}

function lines(value: unknown): string {
  const list = value && typeof value === 'object' && 'lines' in value && Array.isArray(value.lines) ? value.lines : null
  return list ? list.filter((l): l is string => typeof l === 'string').join('; ') : ''
}

/** An order edit's audit line as before → after (ADR 164, 167): the goods, the delivery, the total. */
export function editText(before: unknown, after: unknown): string {
  const total = (v: unknown) => (v && typeof v === 'object' && 'total' in v && typeof v.total === 'number' ? rub(v.total) : '—')
  return [
    lines(after) || lines(before) ? `Состав: ${lines(before) || '—'} → ${lines(after) || '—'}` : '',
    field(after, 'delivery') ? `Доставка: ${field(before, 'delivery') || '—'} → ${field(after, 'delivery')}` : '',
    `Итого: ${total(before)} → ${total(after)}`,
  ]
    .filter(Boolean)
    .join('\n')
}

export function buildTimeline(s: TimelineSources): TimelineEntry[] {
  // The status step's author is on its audit line (a status is reached once: no cycles in R7).
  const stepAuthor = new Map<string, string>()
  for (const a of s.audit) if (a.action === 'status') stepAuthor.set(field(a.after, 'status'), a.actor)
  const entries: (TimelineEntry & { seq: number })[] = []
  const push = (e: TimelineEntry, seq: number) => entries.push({ ...e, seq })

  for (const h of s.history) {
    push(
      {
        at: h.createdAt.toISOString(),
        kind: 'status',
        title: h.fromStatus === null ? `Заказ оформлен: «${ORDER_STATUS[h.toStatus].label}»` : `Статус: «${ORDER_STATUS[h.fromStatus].label}» → «${ORDER_STATUS[h.toStatus].label}»`,
        text: h.note,
        author: h.fromStatus === null ? null : (stepAuthor.get(h.toStatus) ?? null),
      },
      h.id,
    )
  }
  const firstPayment = Math.min(...s.payments.map((p) => p.id))
  for (const p of s.payments) {
    // Every payment after the order's first is a surcharge an edit asked for (ADR 169).
    const what = p.id === firstPayment ? 'Платёж' : 'Доплата: платёж'
    push({ at: p.createdAt.toISOString(), kind: 'payment', title: `${what} на ${rub(p.amount)} создан`, text: `${p.provider}, № ${p.externalId}`, author: null }, p.id)
    if (p.completedAt) {
      push({ at: p.completedAt.toISOString(), kind: 'payment', title: `${what} на ${rub(p.amount)}: ${PAYMENT_STATUS[p.status] ?? p.status}`, text: `${p.provider}, № ${p.externalId}`, author: null }, p.id)
    }
  }
  for (const r of s.refunds) {
    const status = REFUND_STATUS[r.status] ?? r.status
    const text = [
      REFUND_REASON[r.reason ?? ''] ?? '',
      ...(r.lines ?? []).map((l) => `${l.name} × ${l.quantity} — ${rub(l.amount)}`),
      r.deliveryAmount ? `Доставка — ${rub(r.deliveryAmount)}` : '',
      r.comment ? `«${r.comment}»` : '',
      r.lastError ? `Ошибка: ${r.lastError}` : '',
    ].filter(Boolean)
    push({ at: (r.completedAt ?? r.createdAt).toISOString(), kind: 'refund', title: `Возврат ${rub(r.amount)}: ${status}`, text: text.join('\n'), author: r.author || null }, r.id)
  }
  for (const m of s.mails) {
    push(
      {
        at: (m.sentAt ?? m.createdAt).toISOString(),
        kind: 'mail',
        title: `Письмо «${field(m.payload, 'subject')}»: ${MAIL_STATUS[m.status] ?? m.status}`,
        text: `Кому: ${field(m.payload, 'to')}`,
        author: null,
      },
      m.id,
    )
  }
  for (const n of s.notes) push({ at: n.createdAt.toISOString(), kind: 'note', title: 'Заметка', text: n.text, author: n.author }, n.id)
  for (const a of s.audit) {
    // Status steps, notes and refunds have their own entries; other changes (edits) appear as such.
    if (a.action === 'status' || a.action === 'note' || a.action === 'refund') continue
    if (a.action === 'edit') push({ at: a.at.toISOString(), kind: 'change', title: 'Заказ изменён', text: editText(a.before, a.after), author: a.actor }, a.id)
    else if (a.action === 'shipment') push({ at: a.at.toISOString(), kind: 'status', title: 'Отправление зарегистрировано у перевозчика', text: field(a.after, 'uuid'), author: a.actor }, a.id)
    else if (AUDIT_TITLES[a.action]) push({ at: a.at.toISOString(), kind: 'payment', title: AUDIT_TITLES[a.action]!, text: field(a.after, 'text'), author: a.actor }, a.id)
    else push({ at: a.at.toISOString(), kind: 'change', title: `Изменение: ${a.action}`, text: '', author: a.actor }, a.id)
  }
  return entries
    .sort((x, y) => x.at.localeCompare(y.at) || KIND_ORDER[x.kind] - KIND_ORDER[y.kind] || x.seq - y.seq)
    .map(({ seq: _seq, ...e }) => e)
}
