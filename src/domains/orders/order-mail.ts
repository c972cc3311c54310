import type { MailMessage } from '@/domains/mail/mail'
import { formatRub } from '@/lib/money'
import type { OrderStatus } from './order-status'

/**
 * The buyer's mails along the order's life (ADR 100): paid, shipped (with the track number and its
 * tracking page), a track number that arrives after shipping, cancelled. Pure, so every text is
 * tested without a database; `order-mail.server.ts` queues them beside the status change.
 */

/** Statuses whose arrival the buyer is told about by mail. */
export const MAILED_STATUSES = ['paid', 'shipped', 'cancelled'] as const satisfies readonly OrderStatus[]
export type MailedStatus = (typeof MAILED_STATUSES)[number]

export function isMailedStatus(status: OrderStatus): status is MailedStatus {
  return (MAILED_STATUSES as readonly OrderStatus[]).includes(status)
}

export interface OrderMailFacts {
  id: number
  email: string
  buyerName: string
  total: number
  deliveryName: string
  /** The order had been paid before it was cancelled: the buyer is owed a refund. */
  wasPaid: boolean
  track: string | null
  trackLink: string | null
}

/**
 * `unpaidMinutes`: the shop cancelled an online order whose payment did not arrive within that many
 * minutes (ADR 154); the mail says so instead of asking whether the buyer cancelled it.
 */
export type OrderMailEvent = { kind: 'status'; status: MailedStatus; unpaidMinutes?: number } | { kind: 'track' }

/**
 * The outbox key of one event: a status is reached at most once (the transitions table has no
 * cycles), so the key makes a repeated callback or a retried request queue nothing new. A new track
 * number is its own event.
 */
export function orderMailKey(orderId: number, event: OrderMailEvent, track: string | null): string {
  return event.kind === 'status' ? `order-${event.status}:${orderId}` : `order-track:${orderId}:${track ?? ''}`
}

const SIGNATURE = '\n\nВитамаркет'

function hello(name: string): string {
  const clean = name.trim()
  return clean ? `Здравствуйте, ${clean}!` : 'Здравствуйте!'
}

/** '30 минут', '1 часа', '90 минут': the genitive after 'в течение'. */
export function minutesText(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60
    return `${hours} ${hours % 10 === 1 && hours % 100 !== 11 ? 'часа' : 'часов'}`
  }
  return `${minutes} ${minutes % 10 === 1 && minutes % 100 !== 11 ? 'минуты' : 'минут'}`
}

function trackLines(facts: OrderMailFacts): string {
  if (!facts.track) return 'Трек-номер пришлём отдельным письмом, как только служба доставки его присвоит.'
  return facts.trackLink ? `Трек-номер: ${facts.track}\nОтследить посылку: ${facts.trackLink}` : `Трек-номер: ${facts.track}`
}

/** The mail for `event`, or null when the order has no e-mail to write to (an anonymised order). */
export function orderMail(facts: OrderMailFacts, event: OrderMailEvent, historyUrl: string): (MailMessage & { dedupeKey: string }) | null {
  if (!facts.email) return null
  const dedupeKey = orderMailKey(facts.id, event, facts.track)
  const n = `№${facts.id}`
  const status = `\n\nСтатус заказа виден в личном кабинете: ${historyUrl}`
  if (event.kind === 'track') {
    if (!facts.track) return null
    return {
      to: facts.email,
      subject: `Трек-номер заказа ${n}`,
      text: `${hello(facts.buyerName)}\n\nЗаказу ${n} присвоен трек-номер.\n${trackLines(facts)}${status}${SIGNATURE}`,
      dedupeKey,
    }
  }
  switch (event.status) {
    case 'paid':
      return {
        to: facts.email,
        subject: `Заказ ${n} оплачен`,
        text: `${hello(facts.buyerName)}\n\nМы получили оплату заказа ${n} на сумму ${formatRub(facts.total)}. Заказ передан в сборку.${status}${SIGNATURE}`,
        dedupeKey,
      }
    case 'shipped':
      return {
        to: facts.email,
        subject: `Заказ ${n} передан в доставку`,
        text: `${hello(facts.buyerName)}\n\nЗаказ ${n} собран и передан в доставку${facts.deliveryName ? ` (${facts.deliveryName})` : ''}.\n${trackLines(facts)}${status}${SIGNATURE}`,
        dedupeKey,
      }
    case 'cancelled': {
      if (event.unpaidMinutes) {
        return {
          to: facts.email,
          subject: `Заказ ${n} отменён: оплата не поступила`,
          text: `${hello(facts.buyerName)}\n\nЗаказ ${n} отменён, потому что оплата не поступила в течение ${minutesText(event.unpaidMinutes)} после оформления. Товары вернулись в продажу, деньги с вас не списаны.\nЕсли вы хотите получить эти товары, оформите заказ ещё раз. Если оплата всё же прошла, мы вернём её полностью — ответьте на это письмо.${status}${SIGNATURE}`,
          dedupeKey,
        }
      }
      const refund = facts.wasPaid
        ? `\nОплаченные ${formatRub(facts.total)} вернём тем же способом, которым вы платили, в течение 10 дней.`
        : ''
      return {
        to: facts.email,
        subject: `Заказ ${n} отменён`,
        text: `${hello(facts.buyerName)}\n\nЗаказ ${n} отменён.${refund}\nЕсли вы не отменяли заказ или у вас есть вопросы, ответьте на это письмо.${status}${SIGNATURE}`,
        dedupeKey,
      }
    }
  }
}
