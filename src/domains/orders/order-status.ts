import type { OrderStatus } from '@/db/schema/orders'

export type { OrderStatus }

/**
 * The order process as a table (reliability R7): a status changes only along these edges. Labels
 * and colours are what order history and the confirmation show.
 */
export const ORDER_STATUS: Record<OrderStatus, { label: string; color: string; next: readonly OrderStatus[] }> = {
  new: { label: 'Принят', color: '#2563eb', next: ['awaiting_payment', 'assembling', 'cancelled'] },
  awaiting_payment: { label: 'Ожидает оплаты', color: '#d97706', next: ['paid', 'cancelled'] },
  paid: { label: 'Оплачен', color: '#16a34a', next: ['assembling', 'cancelled'] },
  assembling: { label: 'Собирается', color: '#7c3aed', next: ['shipped', 'cancelled'] },
  shipped: { label: 'Передан в доставку', color: '#0891b2', next: ['delivered'] },
  delivered: { label: 'Доставлен', color: '#15803d', next: [] },
  cancelled: { label: 'Отменён', color: '#dc2626', next: [] },
}

/**
 * What the buyer's order page says. An order whose money the bank holds for a two-stage capture
 * (ADR 183) is still 'awaiting_payment' for the shop, but the buyer has paid: the page must not ask
 * again. Anything the buyer still owes is payable.
 */
export function buyerOrderState(order: { status: OrderStatus }, payment: { held: boolean; due: number }): { label: string; color: string; payable: boolean } {
  if (order.status === 'awaiting_payment' && payment.held) return { label: 'Оплачен, ждёт подтверждения магазина', color: ORDER_STATUS.paid.color, payable: payment.due > 0 }
  const { label, color } = ORDER_STATUS[order.status]
  return { label, color, payable: order.status === 'awaiting_payment' || payment.due > 0 }
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS[from].next.includes(to)
}

/** Statuses from which `to` may be reached: the WHERE of a conditional status update. */
export function sourcesOf(to: OrderStatus): OrderStatus[] {
  return (Object.keys(ORDER_STATUS) as OrderStatus[]).filter((from) => canTransition(from, to))
}

/** The status an order starts in: online methods wait for the money, the rest go to assembly. */
export function initialStatus(payOnline: boolean): OrderStatus {
  return payOnline ? 'awaiting_payment' : 'new'
}
