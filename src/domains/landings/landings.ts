/**
 * Product landings: the page shapes after the data is resolved against the catalogue, and the price
 * rules of their sliders. No I/O here.
 */
import type { LandingBlockData } from './landing-data'

/** The spec's marker for 'no price': the item shows '-' and no buy button. */
export const NO_PRICE = '-'
export type WirePrice = number | typeof NO_PRICE

/** A product of a landing slider. `price` (roubles) is null until POST /ajax/product/get-price/ answers. */
export interface LandingProductItem {
  id: number
  title: string
  image: string
  description: string
  link: string
  rate: number
  rates: number
  price: WirePrice | null
  offerId: number | null
}

export type ResolvedBlock =
  | Exclude<LandingBlockData, { type: 'products-slider' | 'products-slider-centered' }>
  | { type: 'products-slider' | 'products-slider-centered'; title: string; products: LandingProductItem[] }

/** The landing's own product (the spec's product{id, image, s-price, s-category, s-category-name, s-name, s-line}). */
export interface LandingHeroProduct {
  id: number
  offerId: number | null
  image: string
  price: WirePrice
  categoryCode: string
  categoryName: string
  name: string
  line: string
  url: string
}

export interface ProductLanding {
  code: string
  title: string
  product: LandingHeroProduct | null
  blocks: ResolvedBlock[]
}

/** 'Смотреть все' of the reviews block opens the product page on its reviews tab. */
export function reviewsLink(productUrl: string): string {
  return `${productUrl}#reviews`
}

/** Sliders appear once every product has its price (a number or '-'). */
export function allPricesLoaded(items: readonly Pick<LandingProductItem, 'price'>[]): boolean {
  return items.every((i) => i.price !== null)
}

export function canBuy(item: Pick<LandingProductItem, 'price' | 'offerId'>): boolean {
  return typeof item.price === 'number' && item.offerId !== null
}

/** The price a card shows: the first offer in stock; none in stock → '-'. */
export function pickPrice<T extends { id: number; price: number; inStock: boolean }>(offers: readonly T[]): { offer: T | null; price: WirePrice } {
  const offer = offers.find((o) => o.inStock) ?? null
  return offer ? { offer, price: offer.price / 100 } : { offer: null, price: NO_PRICE }
}

/** about-{product} accordions: one open at a time; clicking the open one closes it. */
export function toggleSingle(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked
}
