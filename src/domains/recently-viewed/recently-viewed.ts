/** Recently viewed rules that need no database: the spec's SeenProduct shape and similar picks. */
import { discountPercent, kopecksToRubles, type Kopecks } from '@/lib/money'

/** Recently viewed keeps this many products per visitor; older ones drop off. */
export const RECENTLY_VIEWED_LIMIT = 20

/** The spec's SeenProduct, as the recently-viewed and similar sliders read it. Money in roubles. */
export interface SeenProduct {
  id: number
  name: string
  link: string
  img: string
  price: number
  oldprice: number | null
  old_price: number | null
  percent_discount: number
  /** Average rating 0–5 (the original sent star markup; we send the number and draw stars). */
  dom_stars: number
  SECTION_NAME: string
  NAME_FULL: string
  PRICE_FOR_ANALYTICS: number
  /** The offer a buy button would add (the name is the spec's). */
  ORDER_ID: number
}

export interface SeenSource {
  id: number
  name: string
  subTitle: string
  url: string
  sectionName: string
  rating: number
  offer: { id: number; price: Kopecks; oldPrice: Kopecks | null; picture: string }
}

export function toSeenProduct(p: SeenSource): SeenProduct {
  const old = p.offer.oldPrice !== null && p.offer.oldPrice > p.offer.price ? kopecksToRubles(p.offer.oldPrice) : null
  return {
    id: p.id,
    name: p.name,
    link: p.url,
    img: p.offer.picture,
    price: kopecksToRubles(p.offer.price),
    oldprice: old,
    old_price: old,
    percent_discount: discountPercent(p.offer.price, p.offer.oldPrice),
    dom_stars: Math.round(p.rating * 10) / 10,
    SECTION_NAME: p.sectionName,
    NAME_FULL: p.subTitle ? `${p.name} ${p.subTitle}` : p.name,
    PRICE_FOR_ANALYTICS: kopecksToRubles(p.offer.price),
    ORDER_ID: p.offer.id,
  }
}

/** Newest first, without the product on screen, at most `limit`. */
export function visibleRecentlyViewed(ids: readonly number[], exclude: number | null, limit = RECENTLY_VIEWED_LIMIT): number[] {
  return ids.filter((id) => id !== exclude).slice(0, limit)
}

/**
 * Similar products: what the visitor's viewed products' sections rank highest, round-robin across
 * those sections so one section does not crowd out the rest, never a product already viewed.
 */
export function pickSimilar(perSection: readonly (readonly number[])[], viewed: readonly number[], limit: number): number[] {
  const seen = new Set(viewed)
  const out: number[] = []
  const cursors = perSection.map(() => 0)
  let progressed = true
  while (out.length < limit && progressed) {
    progressed = false
    perSection.forEach((list, i) => {
      while (out.length < limit && (cursors[i] ?? 0) < list.length) {
        const id = list[cursors[i] ?? 0]
        cursors[i] = (cursors[i] ?? 0) + 1
        if (id !== undefined && !seen.has(id)) {
          seen.add(id)
          out.push(id)
          progressed = true
          break
        }
      }
    })
  }
  return out
}
