/**
 * The buyer's own actions on orders and on the account (ADR 100): repeat an order, cancel an unpaid
 * one, delete the account. Pure rules and texts; the use-cases are in order-actions.server.ts and
 * account-deletion.server.ts.
 */
import { MAX_ITEMS_PER_ORDER, lineCap } from '@/domains/cart/cart-limits'
import type { OrderStatus } from '@/domains/orders/order-status'
import { formatRub, type Kopecks } from '@/lib/money'

/** Statuses a buyer may cancel by themselves: nothing paid, nothing handed to the warehouse yet. */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ['new', 'awaiting_payment']

export function buyerMayCancel(status: OrderStatus): boolean {
  return BUYER_CANCELLABLE.includes(status)
}

/** Orders that block deleting the account: the shop still owes the buyer a parcel or a refund. */
export const IN_PROGRESS: readonly OrderStatus[] = ['paid', 'assembling', 'shipped']

export const ORDER_ACTION_MESSAGES = {
  repeatDone: 'Товары добавлены в корзину.',
  repeatNothing: 'Ни один товар из этого заказа сейчас нельзя купить.',
  pricesNow: 'В корзине действуют текущие цены.',
  gone: (name: string) => `«${name}» больше не продаётся.`,
  outOfStock: (name: string) => `«${name}» нет в наличии.`,
  cut: (name: string, added: number, wanted: number) => `«${name}»: в наличии меньше, чем в заказе — добавлено ${added} шт. из ${wanted}.`,
  alreadyFull: (name: string) => `«${name}» уже в корзине в наибольшем доступном количестве.`,
  orderLimit: (name: string) => `«${name}» не добавлен: в одном заказе может быть не более ${MAX_ITEMS_PER_ORDER} шт. товаров.`,
  cutByOrderLimit: (name: string, added: number, wanted: number) =>
    `«${name}»: добавлено ${added} шт. из ${wanted} — в одном заказе может быть не более ${MAX_ITEMS_PER_ORDER} шт. товаров.`,
  priceChanged: (name: string, before: Kopecks, now: Kopecks) => `Цена «${name}» изменилась: было ${formatRub(before)}, сейчас ${formatRub(now)}.`,
  cancelled: (id: number) => `Заказ №${id} отменён.`,
  cannotCancel: (id: number, statusLabel: string) =>
    `Заказ №${id} в статусе «${statusLabel}» отменить нельзя. Если он вам больше не нужен, напишите или позвоните нам.`,
  orderNotFound: 'Заказ не найден.',
  deleteBlocked: (ids: readonly number[]) =>
    ids.length === 1
      ? `Удалить аккаунт пока нельзя: заказ №${ids[0]} ещё в работе. Это можно будет сделать после его получения.`
      : `Удалить аккаунт пока нельзя: заказы №${ids.join(', №')} ещё в работе. Это можно будет сделать после их получения.`,
  deletePasswordWrong: 'Пароль указан неверно.',
  deletePasswordEmpty: 'Введите пароль, чтобы подтвердить удаление.',
  deleted: 'Аккаунт удалён. Ваши личные данные стёрты.',
} as const

/** One line of the old order as the repeat needs it. */
export interface RepeatLine {
  offerId: number | null
  name: string
  quantity: number
  /** The unit price the buyer paid then. */
  price: Kopecks
  isGift: boolean
}

export interface OfferNow {
  name: string
  stock: number | null
  price: Kopecks
  active: boolean
}

export interface RepeatPlan {
  changes: { offerId: number; quantity: number }[]
  /** Items added in all. */
  added: number
  /** One sentence per line that could not be added as it was, in the order's line order. */
  notes: string[]
}

/**
 * What repeating an order puts in the basket: each line on top of what the basket already holds, cut
 * to the offer's stock (or 100 when untracked) and to 125 items per order, at today's price. Gifts
 * are not repeated (they come with a promotion, not with the order). A line that cannot be added at
 * all, or only in part, gets a note the buyer reads.
 */
export function planRepeat(lines: readonly RepeatLine[], current: ReadonlyMap<number, number>, offers: ReadonlyMap<number, OfferNow>): RepeatPlan {
  const next = new Map(current)
  let total = [...current.values()].reduce((n, q) => n + q, 0)
  const notes: string[] = []
  let added = 0
  for (const line of lines) {
    if (line.isGift) continue
    const offer = line.offerId === null ? undefined : offers.get(line.offerId)
    if (line.offerId === null || !offer || !offer.active || offer.price <= 0) {
      notes.push(ORDER_ACTION_MESSAGES.gone(line.name))
      continue
    }
    const cap = lineCap(offer.stock)
    if (cap === 0) {
      notes.push(ORDER_ACTION_MESSAGES.outOfStock(offer.name))
      continue
    }
    const have = next.get(line.offerId) ?? 0
    const room = Math.min(cap - have, MAX_ITEMS_PER_ORDER - total)
    if (room <= 0) {
      notes.push(cap - have <= 0 ? ORDER_ACTION_MESSAGES.alreadyFull(offer.name) : ORDER_ACTION_MESSAGES.orderLimit(offer.name))
      continue
    }
    const put = Math.min(line.quantity, room)
    if (put < line.quantity) {
      notes.push(
        cap - have < line.quantity
          ? ORDER_ACTION_MESSAGES.cut(offer.name, put, line.quantity)
          : ORDER_ACTION_MESSAGES.cutByOrderLimit(offer.name, put, line.quantity),
      )
    }
    if (offer.price !== line.price) notes.push(ORDER_ACTION_MESSAGES.priceChanged(offer.name, line.price, offer.price))
    next.set(line.offerId, have + put)
    total += put
    added += put
  }
  const changes = [...next].filter(([id, q]) => q !== (current.get(id) ?? 0)).map(([offerId, quantity]) => ({ offerId, quantity }))
  return { changes, added, notes }
}
