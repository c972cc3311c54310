import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { favorites, products } from '@/db/schema'
import type { Owner } from '@/domains/session/session.server'

function ownedBy(owner: Owner) {
  return owner.kind === 'user' ? eq(favorites.userId, owner.userId) : eq(favorites.sessionId, owner.sessionId)
}

export async function selectFavoriteIds(db: Db | Tx, owner: Owner): Promise<number[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(ownedBy(owner))
    .orderBy(asc(favorites.id))
  return rows.map((r) => r.productId)
}

export async function countFavorites(tx: Tx, owner: Owner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(favorites).where(ownedBy(owner))
  return row?.n ?? 0
}

export async function isActiveProduct(tx: Tx, productId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)))
  return rows.length > 0
}

export async function insertFavorite(tx: Tx, owner: Owner, productId: number): Promise<void> {
  await tx
    .insert(favorites)
    .values({
      productId,
      sessionId: owner.kind === 'session' ? owner.sessionId : null,
      userId: owner.kind === 'user' ? owner.userId : null,
    })
    .onConflictDoNothing()
}

export async function deleteFavorite(tx: Tx, owner: Owner, productId: number): Promise<void> {
  await tx.delete(favorites).where(and(ownedBy(owner), eq(favorites.productId, productId)))
}

/** Favourites that are still on sale, for the favourites page. */
export async function selectActive(db: Db | Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.active, true)))
  return new Set(rows.map((r) => r.id))
}
