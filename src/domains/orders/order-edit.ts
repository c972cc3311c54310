import { z } from 'zod'
import { orderTotals, type OrderTotals } from '@/domains/checkout/checkout'
import { formatRub } from '@/lib/money'
import type { OrderStatus } from './order-status'

// Control characters mean nothing in an address or a point code, and PostgreSQL refuses NUL.
const plain = (max: number) => z.string().trim().max(max).regex(/^[^\u0000-\u001f\u007f]*$/, { message: 'Недопустимые символы.' })

/**
 * The delivery an edit moves the order to (ADR 167): a method, and its point (pickup, postal) or its
 * address and slot (courier), in the order's own city or in `city` (ADR 167's addendum). The price is
 * never given: the delivery domain computes it as at checkout.
 */
export const orderDeliveryInput = z.object({
  /**
   * Another city for the order: its code or its name, as the delivery domain's findCity takes them.
   * Absent (or empty) keeps the order's own city.
   */
  city: plain(100).optional().describe('Другой город заказа: код или название; без него — город заказа'),
  deliveryId: z.number().int().positive(),
  pointId: plain(100).optional(),
  address: plain(300).optional(),
  /** Courier: dd.mm.yyyy and 'HH:MM - HH:MM', as the courier schedule offers them. */
  slot: z.object({ date: plain(10), time: plain(20) }).optional(),
})
export type OrderDeliveryInput = z.output<typeof orderDeliveryInput>

/**
 * Editing an order before it ships (issue 18): quantities change, lines go, lines come, the delivery
 * changes. Stock, the courier slot and totals follow in one transaction (order-edit.server.ts).
 */
export const orderEditInput = z
  .object({
    lines: z.array(z.object({ id: z.number().int().positive(), quantity: z.number().int().min(0).max(999) })).max(100).default([]),
    add: z.array(z.object({ offerId: z.number().int().positive(), quantity: z.number().int().min(1).max(999) })).max(20).default([]),
    delivery: orderDeliveryInput.optional(),
  })
  .refine((v) => v.lines.length + v.add.length > 0 || v.delivery !== undefined, { message: 'Нечего менять.' })
export type OrderEditInput = z.output<typeof orderEditInput>

/** GET /api/admin/orders/{id}/delivery-choices: the menu for this city (a code or a name), else the order's own. */
export const deliveryChoicesQuery = z.object({ city: plain(100).optional().describe('Код или название города; без него — город заказа') })

/** GET /api/admin/cities: the «Город» field's suggestions; fewer than 2 letters find nothing. */
export const citySearchQuery = z.object({ q: plain(100).optional().describe('Часть названия города, от 2 букв') })

export const citySuggestionsView = z.object({
  items: z.array(z.object({ code: z.string(), name: z.string(), region: z.string(), display: z.string().describe('Название с областью, как в подсказке') })),
})

/**
 * The «Изменить доставку» form's menu for one city (order-edit.server.ts deliveryEditChoices), and the
 * answer of GET /api/admin/orders/{id}/delivery-choices.
 */
export const deliveryEditChoicesView = z.object({
  /** The city the menu is for: the order's own, or the one the manager asked for. Code '' when the shop does not know the order's city. */
  city: z.object({ code: z.string(), name: z.string() }),
  current: z.object({
    deliveryId: z.number().int(),
    pointId: z.string(),
    /** The order's courier address (either courier's), '' for a point. */
    address: z.string(),
    slot: z.object({ date: z.string(), time: z.string() }).nullable(),
    /** A carrier's courier (ADR 212): the carrier's period the order keeps, instead of a slot. */
    period: z.object({ from: z.string(), to: z.string() }).nullable(),
  }),
  /**
   * `slots`: the shop's own courier, with its days and windows; a carrier's courier ('Курьер СДЭК',
   * 'Курьер Boxberry', ADR 212) takes an address only and comes within `periodText`.
   */
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.enum(['pickup', 'postal', 'courier']),
      slots: z.boolean(),
      priceKopecks: z.number().int(),
      periodText: z.string(),
      blocked: z.boolean(),
    }),
  ),
  /** By method id: its points in the city, at most a few hundred. */
  points: z.record(z.string(), z.array(z.object({ id: z.string(), label: z.string() }))),
  courierDays: z.array(z.object({ date: z.string(), times: z.array(z.string()) })),
})
export type DeliveryEditChoices = z.output<typeof deliveryEditChoicesView>

export const ORDER_EDIT_MESSAGES = {
  notFound: 'Заказ не найден.',
  shipped: 'Заказ уже передан в доставку или закрыт: его состав не меняется.',
  empty: 'В заказе должен остаться хотя бы один товар. Чтобы убрать всё, отмените заказ.',
  unknownLine: 'В заказе нет такой строки.',
  giftLine: 'Подарок по купону не меняется.',
  offerGone: 'Товар снят с продажи.',
  noStock: (name: string) => `Товара «${name}» не хватает на складе.`,
  refundedLine: (name: string, pieces: number) => `За «${name}» уже возвращены деньги (${pieces} шт.): уменьшить эту строку нельзя, иначе деньги вернутся дважды. Оформите возврат или отмените заказ.`,
} as const

const EDITABLE: readonly OrderStatus[] = ['new', 'awaiting_payment', 'paid', 'assembling']

/** Whether the order may be edited at all: before it ships. Paid orders too (ADR 167, 169: payment/surcharge.server.ts). */
export function editRefusal(order: { status: OrderStatus; paidAt: Date | null }): string | null {
  if (!EDITABLE.includes(order.status)) return ORDER_EDIT_MESSAGES.shipped
  return null
}

export interface CouponTerms {
  kind: 'percent' | 'fixed' | 'gift'
  value: number
}

/**
 * The order's totals after the edit, by the checkout's own rule (orderTotals). The coupon keeps its
 * terms: a percentage applies to the new goods, a fixed sum stays (never above the goods), a gift
 * takes nothing off.
 */
export function editedTotals(
  lines: readonly { quantity: number; price: number; basePrice: number; weightGrams: number }[],
  coupon: CouponTerms | null,
  deliveryPrice: number,
): OrderTotals {
  const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0)
  const couponDiscount = !coupon || coupon.kind === 'gift' ? 0 : coupon.kind === 'percent' ? Math.round((goods * Math.min(100, coupon.value)) / 100) : coupon.value
  return orderTotals(lines, couponDiscount, deliveryPrice)
}

type DeliverySummarySource = { deliveryId: string; deliveryName: string; address: string; deliveryPrice: number; props: Partial<Record<string, string>> }

/**
 * One line for the timeline's before → after of a delivery: the method, the point or the address and
 * slot, the price. Read from what the order keeps (the MICRO_* properties the checkout writes).
 */
export function deliverySummary(order: DeliverySummarySource): string {
  // A one-click order has no delivery yet («Уточнит менеджер»): no place and no price to tell.
  if (!order.deliveryId) return order.deliveryName || '—'
  const p = order.props
  const courier = p.MICRO_SOURCE === 'courier'
  const where = courier
    ? [order.address, p.MICRO_POINT_ID ? `${p.MICRO_SHIP_DATE_FROM ?? ''} ${p.MICRO_POINT_ID}`.trim() : carrierPeriod(p.MICRO_SHIP_DATE_FROM, p.MICRO_SHIP_DATE_TO)]
    : [p.MICRO_POINT_ID ? `пункт ${p.MICRO_POINT_ID}` : '', order.address]
  return [order.deliveryName || '—', ...where.filter(Boolean), order.deliveryPrice ? formatRub(order.deliveryPrice) : 'бесплатно'].join(', ')
}

/**
 * A carrier courier's period as the order keeps it (no window in MICRO_POINT_ID, ADR 212): its first
 * and last day, one day when they are the same.
 */
export function carrierPeriod(from: string | undefined, to: string | undefined): string {
  if (!from) return to ?? ''
  return to && to !== from ? `${from} – ${to}` : from
}

/**
 * The delivery's before → after for the audit line and the timeline. An order moved to another city
 * (ADR 167's addendum) names the city on both sides, «г. Москва, …» → «г. Тверь, …»; an edit within
 * one city reads as before, since the city would only repeat itself.
 */
export function deliveryChange(before: DeliverySummarySource, after: DeliverySummarySource, cities?: { from: string; to: string }): { before: string; after: string } {
  const text = { before: deliverySummary(before), after: deliverySummary(after) }
  return cities ? { before: `г. ${cities.from}, ${text.before}`, after: `г. ${cities.to}, ${text.after}` } : text
}
