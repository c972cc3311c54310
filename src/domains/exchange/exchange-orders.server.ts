import 'server-only'
import iconv from 'iconv-lite'
import { db } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { FITO_ID_PROP, TRACK_PROP } from '@/domains/orders/fulfilment'
import { fulfilmentInput, type FulfilmentInput } from '@/domains/orders/fulfilment.schema'
import { setFulfilment } from '@/domains/orders/fulfilment.server'
import { changeStatus, orderById } from '@/domains/orders/orders.server'
import { ORDER_STATUS, type OrderStatus } from '@/domains/orders/order-status'
import { now } from '@/lib/clock'
import { Refusal } from '@/lib/refusal'
import { child, childrenOf, readCommerceMl, textOf, type XmlNode } from './commerceml'
import type { ExchangeSession } from './exchange-auth.server'
import { markPaidOutsideStatus } from './exchange-orders.db'
import { exchangeSettings } from './exchange-settings.server'
import { linesForExchange, markOrdersSent, markOrdersTaken, untakenOrders } from './exchange.db'

/**
 * Orders to 1С and 1С's changes back (type=sale, ADR 189): a `query` is a CommerceML 2.08 document
 * per order not yet taken, `success` marks what the run was given as taken, and a file from 1С moves
 * status, track number and 1С's own number through the same use-case as the fulfilment API (ADR 055).
 */

/** At most this many orders per query; 1С asks again after success. */
const ORDERS_PER_QUERY = 500
/** The Ид of the delivery's service line, as Bitrix names it, which 1С's exchange settings know. */
export const DELIVERY_LINE_ID = 'ORDER_DELIVERY'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const money = (kopecks: number) => `${Math.trunc(kopecks / 100)}.${String(Math.abs(kopecks) % 100).padStart(2, '0')}`
const tag = (name: string, value: string | number) => `<${name}>${esc(String(value))}</${name}>`
const requisite = (name: string, value: string) => `<ЗначениеРеквизита>${tag('Наименование', name)}${tag('Значение', value)}</ЗначениеРеквизита>`

/** Moscow time, as 1С expects the shop's dates. */
function moscow(at: Date): { date: string; time: string } {
  const local = new Date(at.getTime() + 3 * 3600_000).toISOString()
  return { date: local.slice(0, 10), time: local.slice(11, 19) }
}

function goodLine(id: string, name: string, price: number, quantity: number, sum: number, kind: 'Товар' | 'Услуга'): string {
  return [
    '<Товар>',
    tag('Ид', id),
    tag('Наименование', name),
    '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
    tag('ЦенаЗаЕдиницу', money(price)),
    tag('Количество', quantity),
    tag('Сумма', money(sum)),
    `<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', kind)}${requisite('ТипНоменклатуры', kind)}</ЗначенияРеквизитов>`,
    '</Товар>',
  ].join('')
}

/** The orders 1С has not taken, as one CommerceML document in the configured encoding. */
export async function ordersQuery(session: ExchangeSession): Promise<{ body: Buffer; encoding: string; count: number }> {
  const rows = (await untakenOrders(db(), ORDERS_PER_QUERY)).map((r) => r.order)
  const lines = await linesForExchange(
    db(),
    rows.map((o) => o.id),
  )
  const documents = rows.map((order) => {
    const { date, time } = moscow(order.createdAt)
    const goods = lines
      .filter((l) => l.line.orderId === order.id)
      .map((l) => goodLine(l.externalId ?? l.sku ?? `line-${l.line.id}`, l.line.name, l.line.price, l.line.quantity, l.line.sum, 'Товар'))
    if (order.deliveryPrice > 0 || order.deliveryName) goods.push(goodLine(DELIVERY_LINE_ID, order.deliveryName || 'Доставка заказа', order.deliveryPrice, 1, order.deliveryPrice, 'Услуга'))
    const buyerId = order.userId ? `user-${order.userId}` : `guest-${order.email || order.phone || order.id}`
    return [
      '<Документ>',
      tag('Ид', order.id),
      tag('Номер', order.id),
      tag('Дата', date),
      tag('Время', time),
      tag('ХозОперация', 'Заказ товара'),
      tag('Роль', 'Продавец'),
      tag('Валюта', 'руб'),
      tag('Курс', 1),
      tag('Сумма', money(order.total)),
      '<Контрагенты><Контрагент>',
      tag('Ид', buyerId),
      tag('Наименование', order.buyerName || order.email),
      tag('ПолноеНаименование', order.buyerName || order.email),
      tag('Роль', 'Покупатель'),
      `<АдресРегистрации>${tag('Представление', [order.locationName, order.address].filter(Boolean).join(', '))}</АдресРегистрации>`,
      '<Контакты>',
      order.email ? `<Контакт>${tag('Тип', 'Почта')}${tag('Значение', order.email)}</Контакт>` : '',
      order.phone ? `<Контакт>${tag('Тип', 'Телефон мобильный')}${tag('Значение', order.phone)}</Контакт>` : '',
      '</Контакты>',
      '</Контрагент></Контрагенты>',
      tag('Комментарий', order.comment),
      `<Товары>${goods.join('')}</Товары>`,
      '<ЗначенияРеквизитов>',
      requisite('Метод оплаты', order.paySystemName),
      requisite('Заказ оплачен', order.paidAt ? 'true' : 'false'),
      requisite('Способ доставки', order.deliveryName),
      requisite('Статус заказа', ORDER_STATUS[order.status].label),
      requisite('Отменен', order.status === 'cancelled' ? 'true' : 'false'),
      order.props[TRACK_PROP] ? requisite('Трек-номер', order.props[TRACK_PROP]) : '',
      order.props[FITO_ID_PROP] ? requisite('Номер по 1С', order.props[FITO_ID_PROP]) : '',
      '</ЗначенияРеквизитов>',
      '</Документ>',
    ].join('')
  })
  const { encoding } = await exchangeSettings()
  const stamp = moscow(now())
  const xml = `<?xml version="1.0" encoding="${encoding === 'utf-8' ? 'UTF-8' : 'windows-1251'}"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${stamp.date}T${stamp.time}">\n${documents.join('\n')}\n</КоммерческаяИнформация>\n`
  await markOrdersSent(
    db(),
    session.id,
    rows.map((o) => o.id),
    now(),
  )
  return { body: iconv.encode(xml, encoding), encoding, count: rows.length }
}

export async function ordersTaken(session: ExchangeSession): Promise<number> {
  return markOrdersTaken(db(), session.id, now())
}

const TRUE = /^(true|1|да)$/i

/** 1С's word for a status: our labels, Bitrix's one-letter codes, and what 1С's own documents say. */
function statusOf(text: string): OrderStatus | undefined {
  const value = text.replace(/^\[\w+\]\s*/, '').trim().toLowerCase()
  const code = /^\[?(\w)\]?/.exec(text.trim())?.[1]?.toUpperCase()
  for (const [status, meta] of Object.entries(ORDER_STATUS) as [OrderStatus, (typeof ORDER_STATUS)[OrderStatus]][]) {
    if (meta.label.toLowerCase() === value) return status
  }
  if (/отгруж|передан в доставку/.test(value)) return 'shipped'
  if (/выполнен|доставлен|закрыт/.test(value) || (code === 'F' && text.trim().length <= 3)) return 'delivered'
  if (/собира|комплект|в работе/.test(value)) return 'assembling'
  if (/отмен/.test(value)) return 'cancelled'
  return undefined
}

/** What a 1С document asks of the order, in the fulfilment API's terms. */
export function changeOf(document: XmlNode): { orderId: number | null; input: Partial<FulfilmentInput> } {
  const requisites = new Map(childrenOf(child(document, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => [textOf(r, 'Наименование').toLowerCase(), textOf(r, 'Значение')]))
  const id = Number(textOf(document, 'Ид') || textOf(document, 'Номер'))
  const input: Partial<FulfilmentInput> = {}
  const status = statusOf(requisites.get('статус заказа') ?? requisites.get('статус заказа по 1с') ?? '')
  if (TRUE.test(requisites.get('отменен') ?? '') || TRUE.test(requisites.get('отменён') ?? '')) input.status = 'cancelled'
  else if (status === 'assembling' || status === 'shipped' || status === 'delivered' || status === 'cancelled') input.status = status
  else if (requisites.get('дата отгрузки по 1с') || requisites.get('номер отгрузки по 1с')) input.status = 'shipped'
  const track = requisites.get('трек-номер') ?? requisites.get('номер отправления') ?? requisites.get('трек номер')
  if (track) input.trackNumber = track
  const number = requisites.get('номер по 1с')
  if (number) input.fitoId = number
  return { orderId: Number.isSafeInteger(id) && id > 0 ? id : null, input }
}

/**
 * What a 1С document says of the payment (ADR 199). 1С writes «Дата оплаты по 1С» and «Номер оплаты
 * по 1С» once a payment document is entered (an empty date is written «T» or 0001-01-01), some
 * configurations «Оплачен» or echo «Заказ оплачен», and CommerceML 2.10 documents may carry the
 * elements ДатаОплаты / Оплачен. null: the document says nothing about payment.
 */
export type PaymentWord = { paid: true; date: string; number: string } | { paid: false } | null

const NO_DATE = /^(?:[TТ]?|0001-01-01.*|01\.01\.0001.*|00\.00\.0000.*)$/
const FALSE = /^(false|0|нет)$/i

export function paymentOf(document: XmlNode): PaymentWord {
  const requisites = new Map(childrenOf(child(document, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => [textOf(r, 'Наименование').trim().toLowerCase(), textOf(r, 'Значение').trim()]))
  const date = [requisites.get('дата оплаты по 1с'), requisites.get('дата оплаты'), textOf(document, 'ДатаОплаты').trim()].find((d) => d && !NO_DATE.test(d)) ?? ''
  const number = [requisites.get('номер оплаты по 1с'), requisites.get('номер оплаты'), textOf(document, 'НомерОплаты').trim()].find(Boolean) ?? ''
  const flag = requisites.get('оплачен') ?? (textOf(document, 'Оплачен').trim() || undefined)
  // «Заказ оплачен» is the shop's own requisite (ordersQuery) that 1С may echo: its «true» is a payment,
  // its «false» only what the shop said when 1С took the order, not 1С's word.
  const echoed = requisites.get('заказ оплачен')
  if (date || number || (flag !== undefined && TRUE.test(flag)) || (echoed !== undefined && TRUE.test(echoed))) return { paid: true, date, number }
  if (flag !== undefined && FALSE.test(flag)) return { paid: false }
  return null
}

export const PAYMENT_MESSAGES = {
  cancelled: 'заказ отменён: оплату из 1С сайт не применяет, верните деньги покупателю в 1С или восстановите заказ вручную',
  unpaid: 'в 1С заказ не оплачен, а на сайте оплачен: сайт оплату не снимает, проверьте платёж вручную',
  notFound: 'Заказ не найден.',
} as const

/** The audit action of a payment from 1С; the order's timeline names it (order-timeline.ts). */
export const EXCHANGE_PAYMENT_ACTION = 'exchange-payment'

/**
 * Marks the order paid as 1С says: an order waiting for its online payment moves to «Оплачен» (the
 * buyer's mail as for a gateway's payment), any other order not cancelled keeps its status and gets
 * its payment mark. Idempotent: an order already paid is left as it is ('already'). A cancelled order
 * and a 1С «not paid» for an order the site knows paid are refused with a reason, never applied.
 */
export async function applyPayment(session: ExchangeSession, orderId: number, word: Exclude<PaymentWord, null>): Promise<'paid' | 'already' | 'unchanged'> {
  return db().transaction(async (tx) => {
    const order = await orderById(tx, orderId)
    if (!order) throw new Refusal('not-found', PAYMENT_MESSAGES.notFound)
    if (!word.paid) {
      if (order.paidAt && order.status !== 'cancelled') throw new Refusal('conflict', PAYMENT_MESSAGES.unpaid)
      return 'unchanged'
    }
    if (order.paidAt) return 'already'
    if (order.status === 'cancelled') throw new Refusal('conflict', PAYMENT_MESSAGES.cancelled)
    const moved = order.status === 'awaiting_payment' ? await changeStatus(tx, orderId, 'paid') : await markPaidOutsideStatus(tx, orderId, now())
    // Another request marked it meanwhile: that one wrote the timeline's line.
    if (!moved) return 'already'
    const text = ['Оплата по данным 1С', word.number ? `№ ${word.number}` : '', word.date ? `от ${word.date}` : ''].filter(Boolean).join(' ')
    await recordChange(tx, session.actor, { objectType: 'order', objectId: orderId, action: EXCHANGE_PAYMENT_ACTION, before: { status: order.status, paidAt: null }, after: { text, status: order.status === 'awaiting_payment' ? 'paid' : order.status } })
    return 'paid'
  })
}

/**
 * Applies 1С's documents one by one: the payment first (so «Оплачен» may then move on to «Собирается»),
 * then status, 1С's number and track number. One refused (an unknown order, a status the table
 * forbids, a payment the rules refuse) does not stop the rest.
 */
export async function applySaleFile(session: ExchangeSession, file: string): Promise<{ counts: Record<string, number>; errors: string[] }> {
  const counts = { documents: 0, applied: 0, paid: 0, refused: 0 }
  const errors: string[] = []
  for await (const item of readCommerceMl(file)) {
    if (item.kind !== 'document') continue
    counts.documents++
    const { orderId, input } = changeOf(item.node)
    const payment = paymentOf(item.node)
    const hasChange = Object.keys(input).length > 0
    const parsed = fulfilmentInput.safeParse(input)
    if (!orderId || (!payment && !parsed.success) || (hasChange && !parsed.success)) {
      counts.refused++
      errors.push(`${orderId ?? '?'}: ${!orderId ? 'нет номера заказа' : parsed.success ? 'нечего менять' : (parsed.error.issues[0]?.message ?? 'нечего менять')}`)
      continue
    }
    try {
      if (payment) {
        if ((await applyPayment(session, orderId, payment)) === 'paid') counts.paid++
      }
      if (hasChange && parsed.success) {
        await setFulfilment(db(), orderId, parsed.data)
        await recordChange(db(), session.actor, { objectType: 'order', objectId: orderId, action: 'exchange', after: parsed.data })
      }
      counts.applied++
    } catch (e) {
      if (!(e instanceof Refusal)) throw e
      counts.refused++
      errors.push(`${orderId}: ${e.message}`)
    }
  }
  return { counts, errors }
}
