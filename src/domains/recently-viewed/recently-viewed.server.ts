import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { loadProductCards, type ProductCardData } from '@/domains/catalog/catalog.server'
import { ensureSession, findSession, ownerOf } from '@/domains/session/session.server'
import { Refusal } from '@/lib/refusal'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import { pickSimilar, RECENTLY_VIEWED_LIMIT, toSeenProduct, visibleRecentlyViewed, type SeenProduct } from './recently-viewed'
import * as q from './recently-viewed.db'

/* Per visitor: only through /ajax/recently-viewed/. The similar products' cache key and tags stay
   those of the content drawer it came from. */
const WITH_CATALOG = ['content', 'catalog'] as const
const SIMILAR_LIMIT = 8

/** One product's card through the catalogue's per-product cache, so per-visitor lists add no keys. */
async function cardsByIds(ids: readonly number[]): Promise<ProductCardData[]> {
  const lists = await Promise.all(ids.map((id) => loadProductCards([id])))
  return lists.flat()
}

function seenOf(card: ProductCardData): SeenProduct | null {
  const offer = card.offers.find((o) => o.inStock) ?? card.offers[0]
  if (!offer) return null
  return toSeenProduct({
    id: card.id,
    name: card.name,
    subTitle: card.subTitle,
    url: card.url,
    sectionName: card.sectionName,
    rating: card.rating,
    offer: { id: offer.id, price: offer.price, oldPrice: offer.oldPrice, picture: offer.picture },
  })
}

export const MESSAGES = {
  productNotFound: 'Товар не найден.',
} as const

/** Records that the visitor (or their account, once signed in) opened a product page. */
export async function recordProductView(cookieId: string, productId: number): Promise<{ success: true }> {
  const [card] = await loadProductCards([productId])
  if (!card) throw new Refusal('not-found', MESSAGES.productNotFound)
  if (!cookieId) throw new Refusal('invalid', MESSAGES.productNotFound)
  const session = await ensureSession(db(), cookieId)
  await q.upsertView(db(), ownerOf(session), productId, now(), RECENTLY_VIEWED_LIMIT)
  return { success: true }
}

export interface RecentlyViewedAnswer {
  items: SeenProduct[]
  similar: SeenProduct[]
}

/** The visitor's recently viewed products, newest first without `exclude`, and similar products. */
export async function recentlyViewedFor(cookieId: string, exclude: number | null): Promise<RecentlyViewedAnswer> {
  const session = await findSession(db(), cookieId)
  if (!session) return { items: [], similar: [] }
  const viewed = await q.selectViewedIds(db(), ownerOf(session), RECENTLY_VIEWED_LIMIT + 1)
  const visible = visibleRecentlyViewed(viewed, exclude)
  const items = (await cardsByIds(visible)).flatMap((c) => seenOf(c) ?? [])
  const similarIds = await similarProductIds(viewed)
  const similar = (await cardsByIds(similarIds)).flatMap((c) => seenOf(c) ?? [])
  return { items, similar }
}

async function similarProductIds(viewed: readonly number[]): Promise<number[]> {
  if (viewed.length === 0) return []
  const sectionIds = await q.selectSectionIdsOf(db(), viewed.slice(0, 5))
  const perSection = await Promise.all(
    sectionIds.map((id) => cached(`content:section-top:${id}`, { tags: WITH_CATALOG }, () => q.selectTopOfSection(db(), id, SIMILAR_LIMIT * 2))),
  )
  return pickSimilar(perSection, viewed, SIMILAR_LIMIT)
}

/**
 * For the account domain at sign-in: the guest session's views move to the account (no view lost,
 * the later time wins). Call inside the login transaction, before the session gets its user.
 */
export async function mergeRecentlyViewedIntoAccount(tx: Db | Tx, sessionId: number, userId: number): Promise<void> {
  await q.moveViewsToUser(tx, sessionId, userId, RECENTLY_VIEWED_LIMIT)
}
