import 'server-only'
import { db } from '@/db/client'
import { cached } from '@/lib/cache'
import type { ProductCardData } from './catalog'
import { selectProductCards } from './catalog.db'

export type { ProductCardData, OfferCardData } from './catalog'

/** Catalogue cards for any showcase (home, favourites, cart cross-sell), in the order given. */
export function loadProductCards(productIds: number[]): Promise<ProductCardData[]> {
  const ids = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))]
  if (ids.length === 0) return Promise.resolve([])
  return cached(`catalog:cards:${ids.join(',')}`, { tags: ['catalog'] }, () => selectProductCards(db(), ids))
}
