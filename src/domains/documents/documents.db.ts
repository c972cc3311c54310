import { asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { offers, orderLines, orders } from '@/db/schema'

type Q = Db | Tx

export type PrintOrderRow = typeof orders.$inferSelect

export async function selectOrdersByIds(q: Q, ids: readonly number[]): Promise<PrintOrderRow[]> {
  if (ids.length === 0) return []
  return q.select().from(orders).where(inArray(orders.id, [...ids]))
}

/**
 * The lines of these orders with the offer's article and VAT rate, which lines keep no copy of
 * (a deleted offer leaves them empty and 0).
 */
export async function selectPrintLines(q: Q, orderIds: readonly number[]) {
  if (orderIds.length === 0) return []
  return q
    .select({
      orderId: orderLines.orderId,
      name: orderLines.name,
      properties: orderLines.properties,
      quantity: orderLines.quantity,
      price: orderLines.price,
      sum: orderLines.sum,
      weightGrams: orderLines.weightGrams,
      isGift: orderLines.isGift,
      sku: offers.sku,
      vatPercent: offers.vatPercent,
    })
    .from(orderLines)
    .leftJoin(offers, eq(offers.id, orderLines.offerId))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id))
}
