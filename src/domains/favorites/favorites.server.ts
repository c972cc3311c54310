import 'server-only'
import { db } from '@/db/client'
import { ensureSession, findSession, ownerOf } from '@/domains/session/session.server'
import { Refusal } from '@/lib/refusal'
import { FAVORITES_MESSAGES, MAX_FAVORITES } from './favorites'
import type { FavoritesInput } from './favorites.schema'
import { countFavorites, deleteFavorite, insertFavorite, isActiveProduct, selectActive, selectFavoriteIds } from './favorites.db'

/** The visitor's favourite product ids; reading never creates a session row. */
export async function favoritesOfVisitor(cookieId: string): Promise<number[]> {
  const session = await findSession(db(), cookieId)
  return session ? selectFavoriteIds(db(), ownerOf(session)) : []
}

/** For the favourites page: ids still on sale, in the order they were added. */
export async function activeFavoritesOfVisitor(cookieId: string): Promise<number[]> {
  const ids = await favoritesOfVisitor(cookieId)
  const active = await selectActive(db(), ids)
  return ids.filter((id) => active.has(id))
}

/** action get / add / remove; every answer is the list of product ids. */
export async function favoritesCall(input: FavoritesInput, cookieId: string): Promise<number[]> {
  if (input.action === 'get') return favoritesOfVisitor(cookieId)
  if (input.action === 'remove') {
    // Removing what is not there changes nothing and needs no session row.
    const session = await findSession(db(), cookieId)
    if (!session) return []
    const owner = ownerOf(session)
    await db().transaction((tx) => deleteFavorite(tx, owner, input.productId))
    return selectFavoriteIds(db(), owner)
  }
  return db().transaction(async (tx) => {
    if (!(await isActiveProduct(tx, input.productId))) throw new Refusal('not-found', FAVORITES_MESSAGES.unknownProduct)
    const owner = ownerOf(await ensureSession(tx, cookieId))
    if ((await countFavorites(tx, owner)) >= MAX_FAVORITES) throw new Refusal('invalid', FAVORITES_MESSAGES.tooMany)
    await insertFavorite(tx, owner, input.productId)
    return selectFavoriteIds(tx, owner)
  })
}
