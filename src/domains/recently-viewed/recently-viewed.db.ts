import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { offers, products, productSections, recentlyViewed } from '@/db/schema'
import type { Owner } from '@/domains/session/session.server'

type Conn = Db | Tx

const ownerWhere = (owner: Owner) =>
  owner.kind === 'user' ? eq(recentlyViewed.userId, owner.userId) : eq(recentlyViewed.sessionId, owner.sessionId)

/** Records a view; viewing again moves the product to the front. Keeps the newest `keep`. */
export async function upsertView(db: Conn, owner: Owner, productId: number, at: Date, keep: number): Promise<void> {
  const values =
    owner.kind === 'user' ? { userId: owner.userId, productId, viewedAt: at } : { sessionId: owner.sessionId, productId, viewedAt: at }
  const target = owner.kind === 'user' ? [recentlyViewed.userId, recentlyViewed.productId] : [recentlyViewed.sessionId, recentlyViewed.productId]
  await db.insert(recentlyViewed).values(values).onConflictDoUpdate({ target, set: { viewedAt: at } })
  await trimViews(db, owner, keep)
}

async function trimViews(db: Conn, owner: Owner, keep: number): Promise<void> {
  const kept = db
    .select({ id: recentlyViewed.id })
    .from(recentlyViewed)
    .where(ownerWhere(owner))
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.id))
    .limit(keep)
  await db.delete(recentlyViewed).where(and(ownerWhere(owner), notInArray(recentlyViewed.id, kept)))
}

export async function selectViewedIds(db: Conn, owner: Owner, limit: number): Promise<number[]> {
  const rows = await db
    .select({ productId: recentlyViewed.productId })
    .from(recentlyViewed)
    .where(ownerWhere(owner))
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.id))
    .limit(limit)
  return rows.map((r) => r.productId)
}

/** Sign-in: the guest's views join the account's; a product seen in both keeps its latest time. */
export async function moveViewsToUser(db: Conn, sessionId: number, userId: number, keep: number): Promise<void> {
  await db.execute(sql`
    insert into ${recentlyViewed} (user_id, product_id, viewed_at)
    select ${userId}, product_id, viewed_at from ${recentlyViewed} where session_id = ${sessionId}
    on conflict (user_id, product_id) do update
      set viewed_at = greatest(${recentlyViewed.viewedAt}, excluded.viewed_at)`)
  await db.delete(recentlyViewed).where(eq(recentlyViewed.sessionId, sessionId))
  await trimViews(db, { kind: 'user', userId }, keep)
}

/** Main and extra sections of the given products. */
export async function selectSectionIdsOf(db: Conn, productIds: readonly number[]): Promise<number[]> {
  if (productIds.length === 0) return []
  const main = await db.select({ id: products.sectionId }).from(products).where(inArray(products.id, [...productIds]))
  const extra = await db
    .select({ id: productSections.sectionId })
    .from(productSections)
    .where(inArray(productSections.productId, [...productIds]))
  return [...new Set([...main, ...extra].map((r) => r.id))]
}

/** Best-rated buyable products of a section (main section only, so a section's own products lead). */
export async function selectTopOfSection(db: Conn, sectionId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.sectionId, sectionId),
        eq(products.active, true),
        sql`exists (select 1 from ${offers} where ${offers.productId} = ${products.id} and ${offers.active} and (${offers.stock} is null or ${offers.stock} > 0))`,
      ),
    )
    .orderBy(desc(products.rating), desc(products.ratesCount), asc(products.sort), asc(products.id))
    .limit(limit)
  return rows.map((r) => r.id)
}
