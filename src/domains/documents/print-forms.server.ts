import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { shopDetails } from '@/domains/layout/shop.server'
import { Refusal } from '@/lib/refusal'
import { selectOrdersByIds, selectPrintLines } from './documents.db'
import { printDocument, type PrintDocument, type PrintOrder, type PrintOrderLine } from './print-forms'
import type { PrintQuery } from './print-forms.schema'

export const PRINT_MESSAGES = {
  none: 'Не выбраны заказы для печати.',
  missing: (ids: readonly number[]) => `${ids.length === 1 ? 'Заказ не найден' : 'Заказы не найдены'}: № ${ids.join(', ')}.`,
} as const

/** The orders as the print forms read them, in the order asked; a missing one refuses the whole job. */
export async function printOrders(ids: readonly number[], q: Db | Tx = db()): Promise<PrintOrder[]> {
  if (ids.length === 0) throw new Refusal('not-found', PRINT_MESSAGES.none)
  const [rows, lines] = await Promise.all([selectOrdersByIds(q, ids), selectPrintLines(q, ids)])
  const byId = new Map(rows.map((r) => [r.id, r]))
  // Half a bulk print looks complete on paper; better to say which numbers are wrong.
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length) throw new Refusal('not-found', PRINT_MESSAGES.missing(missing))
  const linesOf = new Map<number, PrintOrderLine[]>()
  for (const l of lines) {
    const list = linesOf.get(l.orderId) ?? []
    list.push({
      name: l.name,
      sku: l.sku ?? '',
      properties: l.properties,
      quantity: l.quantity,
      price: l.price,
      sum: l.sum,
      weightGrams: l.weightGrams,
      vatPercent: l.vatPercent ?? 0,
      gift: l.isGift === 'Y',
    })
    linesOf.set(l.orderId, list)
  }
  return ids.map((id) => {
    const o = byId.get(id)!
    return {
      id: o.id,
      createdAt: o.createdAt,
      buyerName: o.buyerName,
      email: o.email,
      phone: o.phone,
      comment: o.comment,
      props: o.props,
      deliveryName: o.deliveryName,
      locationName: o.locationName,
      address: o.address,
      paySystemName: o.paySystemName,
      couponCode: o.couponCode,
      goodsPrice: o.goodsPrice,
      deliveryPrice: o.deliveryPrice,
      total: o.total,
      weightGrams: o.weightGrams,
      lines: linesOf.get(id) ?? [],
    }
  })
}

/** The documents of one print job: one per order, in the order asked. */
export async function printDocuments(query: PrintQuery, q: Db | Tx = db()): Promise<PrintDocument[]> {
  const [orders, shop] = await Promise.all([printOrders(query.ids, q), shopDetails()])
  return orders.map((order) => printDocument(query.form, order, shop))
}
