import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { brands, offers, orders, products, sections, storefrontEvents } from '@/db/schema'
import type { Owner } from '@/domains/session/session.server'

export async function insertEvent(
  db: Db | Tx,
  row: { event: string; viewGuid: string; sessionId: number | null; payload: Record<string, unknown> },
): Promise<void> {
  await db.insert(storefrontEvents).values(row)
}

/** The order, if it belongs to this session or its user. */
export async function ownsOrder(db: Db | Tx, orderId: number, sessionId: number, owner: Owner): Promise<boolean> {
  const mine = owner.kind === 'user' ? or(eq(orders.sessionId, sessionId), eq(orders.userId, owner.userId)) : eq(orders.sessionId, sessionId)
  const rows = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), mine))
  return rows.length > 0
}

export async function orderEventExists(db: Db | Tx, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: storefrontEvents.id })
    .from(storefrontEvents)
    .where(and(eq(storefrontEvents.event, 'ORDER_SUCCESS'), sql`${storefrontEvents.payload}->>'orderId' = ${String(orderId)}`))
    .limit(1)
  return rows.length > 0
}

export async function selectBundleItems(db: Db | Tx, productIds: readonly number[]) {
  return db
    .select({
      id: products.id,
      name: products.name,
      brand: brands.name,
      section: sections.name,
      price: sql<number | null>`(select min(${offers.price}) from ${offers} where ${offers.productId} = ${products.id} and ${offers.active})`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(and(inArray(products.id, [...productIds]), eq(products.active, true)))
}
