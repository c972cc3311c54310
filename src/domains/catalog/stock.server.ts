import 'server-only'
import { and, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Tx } from '@/db/client'
import { offers } from '@/db/schema/catalog'

/**
 * Stock moves with orders: taken when an order is placed or grows (checkout, one click, an edit in
 * the back office), given back when it is cancelled or shrinks. An offer without tracked stock
 * (null) is never limited and never counted.
 */
/**
 * Takes `quantity` units off the shelf. Guarded: only where enough is left, so concurrent orders can
 * never oversell (R1). Unguarded (negative control only): takes what it can and never refuses.
 */
export async function takeStock(tx: Tx, offerId: number, quantity: number, guarded: boolean): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ stock: guarded ? sql`${offers.stock} - ${quantity}` : sql`greatest(${offers.stock} - ${quantity}, 0)` })
    .where(
      guarded
        ? and(eq(offers.id, offerId), or(isNull(offers.stock), gte(offers.stock, quantity)))
        : eq(offers.id, offerId),
    )
    .returning({ id: offers.id })
  return rows.length === 1
}

/** Gives back what an order held; untracked stock stays untracked. */
export async function returnStock(tx: Tx, offerId: number, quantity: number): Promise<void> {
  await tx
    .update(offers)
    .set({ stock: sql`${offers.stock} + ${quantity}` })
    .where(and(eq(offers.id, offerId), isNotNull(offers.stock)))
}
