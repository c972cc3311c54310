import 'server-only'
import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { offers, orderLines, orders } from '@/db/schema'
import { MARK_CODE_TYPES, type MarkCodeType, type ReceiptOrder } from './receipt'

const markType = (v: string | null): MarkCodeType | null => ((MARK_CODE_TYPES as readonly string[]).includes(v ?? '') ? (v as MarkCodeType) : null)

/**
 * An order as its receipts need it (ADR 172). Lines keep copies of names and prices but not the VAT
 * rate or the marking, which are read from the offer (as the print forms do); a line whose offer is
 * gone counts as without VAT and unmarked.
 */
export async function receiptOrder(q: Db | Tx, orderId: number): Promise<ReceiptOrder | null> {
  const [order] = await q
    .select({ total: orders.total, deliveryPrice: orders.deliveryPrice, deliveryName: orders.deliveryName, email: orders.email, phone: orders.phone })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return null
  const lines = await q
    .select({ id: orderLines.id, name: orderLines.name, quantity: orderLines.quantity, sum: orderLines.sum, vatPercent: offers.vatPercent, markCodeType: offers.markCodeType })
    .from(orderLines)
    .leftJoin(offers, eq(offers.id, orderLines.offerId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
  return { ...order, lines: lines.map((l) => ({ ...l, vatPercent: l.vatPercent ?? 0, markCodeType: markType(l.markCodeType) })) }
}
