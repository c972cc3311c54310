/**
 * Content rules that need no database: the recently-viewed wire shape and the fito filter.
 */
import { discountPercent, kopecksToRubles, type Kopecks } from '@/lib/money'

/** Recently viewed keeps this many products per visitor; older ones drop off. */
export const RECENTLY_VIEWED_LIMIT = 20
/** The spec: tabs show a loading state for 300 ms when switched. */
export const TAB_LOADING_MS = 300
/** Recommendations block: 4 shown, the rest hidden behind a button. */
export const RECOMMENDATIONS_VISIBLE = 4
/** Distributors: first 9, then 'показать еще'. */
export const DISTRIBUTORS_VISIBLE = 9
/** Featured slider autoplay (spec: 5000 ms). */
export const FEATURED_AUTOPLAY_MS = 5000
/** Featured slider: every move takes this long (spec: 500 ms). */
export const FEATURED_TRANSITION_MS = 500

export const SETS_FROM_EXPERTS_ANCHORS = ['health', 'immunity', 'beauty', 'youth', 'weight-control', 'anti-stress'] as const
/** The mainpage-products tab the spec's anchor selects. */
export const HIGH_DISCOUNTS_ANCHOR = 'high-discounts'

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

export type FitoSort = 'DESC' | 'ASC'

export interface FitoFilter {
  category: string
  sort: FitoSort
  q: string
}

export const EMPTY_FITO_FILTER: FitoFilter = { category: '', sort: 'DESC', q: '' }

export interface Material {
  name: string
  category: string
  previewText: string
  publishedAt: string
}

/** The fito filter on additional materials: category, date order, and words of the search text. */
export function filterMaterials<T extends Material>(items: readonly T[], filter: FitoFilter): T[] {
  const terms = filter.q.toLowerCase().replace(/ё/g, 'е').split(/\s+/).filter(Boolean)
  const matches = (m: T) => {
    if (filter.category && m.category !== filter.category) return false
    const hay = `${m.name} ${m.previewText}`.toLowerCase().replace(/ё/g, 'е')
    return terms.every((t) => hay.includes(t))
  }
  const dir = filter.sort === 'ASC' ? 1 : -1
  return items.filter(matches).sort((a, b) => dir * a.publishedAt.localeCompare(b.publishedAt))
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' })

/** «12 марта 2026» */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso)).replace(/\s*г\.$/, '')
}
