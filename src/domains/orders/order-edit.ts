import { z } from 'zod'
import { orderTotals, type OrderTotals } from '@/domains/checkout/checkout'
import type { OrderStatus } from './order-status'

/**
 * Editing an order before it ships (issue 18): quantities change, lines go, lines come. Stock and
 * totals follow in one transaction (order-edit.server.ts). A paid order is not edited here: the
 * difference would have to be charged or refunded, which waits for the payment domain's partial
 * refunds (ADR 164).
 */
export const orderEditInput = z
  .object({
    lines: z.array(z.object({ id: z.number().int().positive(), quantity: z.number().int().min(0).max(999) })).max(100).default([]),
    add: z.array(z.object({ offerId: z.number().int().positive(), quantity: z.number().int().min(1).max(999) })).max(20).default([]),
  })
  .refine((v) => v.lines.length + v.add.length > 0, { message: 'Нечего менять.' })
export type OrderEditInput = z.output<typeof orderEditInput>

export const ORDER_EDIT_MESSAGES = {
  notFound: 'Заказ не найден.',
  shipped: 'Заказ уже передан в доставку или закрыт: его состав не меняется.',
  paid: 'Заказ оплачен: изменить состав можно после возврата оплаты или новым заказом.',
  empty: 'В заказе должен остаться хотя бы один товар. Чтобы убрать всё, отмените заказ.',
  unknownLine: 'В заказе нет такой строки.',
  giftLine: 'Подарок по купону не меняется.',
  offerGone: 'Товар снят с продажи.',
  noStock: (name: string) => `Товара «${name}» не хватает на складе.`,
} as const

const EDITABLE: readonly OrderStatus[] = ['new', 'awaiting_payment', 'assembling']

export function editRefusal(order: { status: OrderStatus; paidAt: Date | null }): string | null {
  if (!EDITABLE.includes(order.status)) return ORDER_EDIT_MESSAGES.shipped
  if (order.paidAt) return ORDER_EDIT_MESSAGES.paid
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
