import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { db, type Tx } from '@/db/client'
import { offers, products, sections } from '@/db/schema/catalog'
import { coupons } from '@/db/schema/checkout'
import { orderLines, orders } from '@/db/schema/orders'
import { recordChange } from '@/domains/audit/audit.server'
import { basePriceOf, lineProperties } from '@/domains/cart/cart'
import { productUrl } from '@/domains/catalog/catalog'
import { returnStock, takeStock } from '@/domains/catalog/stock.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { ORDER_EDIT_MESSAGES as M, editRefusal, editedTotals, type OrderEditInput } from './order-edit'
import type { OrderLineRow } from './orders.db'

const summary = (lines: readonly Pick<OrderLineRow, 'id' | 'name' | 'quantity' | 'sum'>[]) => lines.map((l) => `${l.name} × ${l.quantity} = ${l.sum}`)

async function lockedOrder(tx: Tx, id: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  return order
}

async function offerForLine(tx: Tx, offerId: number) {
  const [row] = await tx
    .select({ offer: offers, productName: products.name, productCode: products.code, productId: products.id, productActive: products.active, sectionCode: sections.code })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(eq(offers.id, offerId))
  return row
}

/**
 * Changes the lines of an unpaid order that has not shipped, in one transaction with the order row
 * locked: stock is taken for what is added (refused when short, as at checkout) and given back for
 * what is removed; totals are recomputed by the checkout's rule; the audit log keeps before → after,
 * which the order's timeline shows.
 */
export async function editOrder(actor: Actor, orderId: number, input: OrderEditInput): Promise<{ total: number }> {
  return db().transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId)
    if (!order) throw new Refusal('not-found', M.notFound)
    const refusal = editRefusal(order)
    if (refusal) throw new Refusal('conflict', refusal)
    const before = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)

    for (const change of input.lines) {
      const line = before.find((l) => l.id === change.id)
      if (!line) throw new Refusal('invalid', M.unknownLine)
      if (line.isGift === 'Y') throw new Refusal('invalid', M.giftLine)
      const delta = change.quantity - line.quantity
      if (delta === 0) continue
      if (line.offerId !== null) {
        if (delta > 0 && !(await takeStock(tx, line.offerId, delta, true))) throw new Refusal('conflict', M.noStock(line.name))
        if (delta < 0) await returnStock(tx, line.offerId, -delta)
      }
      if (change.quantity === 0) await tx.delete(orderLines).where(eq(orderLines.id, line.id))
      else await tx.update(orderLines).set({ quantity: change.quantity, sum: line.price * change.quantity }).where(eq(orderLines.id, line.id))
    }

    for (const addition of input.add) {
      const row = await offerForLine(tx, addition.offerId)
      if (!row || !row.offer.active || !row.productActive || row.offer.price <= 0) throw new Refusal('invalid', M.offerGone)
      if (!(await takeStock(tx, row.offer.id, addition.quantity, true))) throw new Refusal('conflict', M.noStock(row.productName))
      const price = row.offer.price
      const base = basePriceOf(price, row.offer.oldPrice)
      const same = (await tx.select().from(orderLines).where(and(eq(orderLines.orderId, orderId), eq(orderLines.offerId, row.offer.id), eq(orderLines.isGift, 'N'))))[0]
      if (same) {
        await tx
          .update(orderLines)
          .set({ quantity: sql`${orderLines.quantity} + ${addition.quantity}`, sum: sql`${orderLines.price} * (${orderLines.quantity} + ${addition.quantity})` })
          .where(eq(orderLines.id, same.id))
      } else {
        await tx.insert(orderLines).values({
          orderId,
          offerId: row.offer.id,
          productId: row.productId,
          name: row.productName,
          link: productUrl(row.sectionCode, row.productCode),
          picture: row.offer.picture,
          properties: lineProperties(row.offer),
          quantity: addition.quantity,
          basePrice: base,
          price,
          sum: price * addition.quantity,
          weightGrams: row.offer.weightGrams,
        })
      }
    }

    const after = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)
    if (!after.some((l) => l.isGift === 'N')) throw new Refusal('invalid', M.empty)
    const [coupon] = order.couponId ? await tx.select({ kind: coupons.kind, value: coupons.value }).from(coupons).where(eq(coupons.id, order.couponId)) : []
    const totals = editedTotals(after, coupon ?? null, order.deliveryPrice)
    await tx
      .update(orders)
      .set({ basePrice: totals.basePrice, goodsPrice: totals.goodsPrice, discount: totals.discount, total: totals.total, weightGrams: totals.weightGrams })
      .where(eq(orders.id, orderId))
    await recordChange(tx, actor, {
      objectType: 'order',
      objectId: orderId,
      action: 'edit',
      before: { lines: summary(before), total: order.total },
      after: { lines: summary(after), total: totals.total },
    })
    return { total: totals.total }
  })
}
