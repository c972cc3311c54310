/** Home page showcases without a database: block sizes and timings of the spec, and the wire shapes. */

import type { ProductCardData } from '@/domains/catalog/catalog'

/** The spec: tabs show a loading state for 300 ms when switched. */
export const TAB_LOADING_MS = 300
/** News cards on the home page. */
export const HOME_NEWS_COUNT = 6
/** Distributors: first 9, then 'показать еще'. */
export const DISTRIBUTORS_VISIBLE = 9
/** Featured slider autoplay (spec: 5000 ms). */
export const FEATURED_AUTOPLAY_MS = 5000
/** Featured slider: every move takes this long (spec: 500 ms). */
export const FEATURED_TRANSITION_MS = 500

export interface ExpertSlide {
  OFFER_ID: number
  /** Not in the spec's list; the buy button needs it. */
  PRODUCT_ID: number
  title: string
  subtitle: string
  img: string
  /** A media-library picture's sizes by real width (ADR 207 addendum); empty for a typed or offer picture. */
  srcset: string
  link: string
  /** Roubles, from the offer. */
  price: number
  oldprice: number | null
  pack: string
  SET: boolean
  DISCOUNT_PICTURE: string
}

export interface ExpertTab {
  anchor: string
  slides: ExpertSlide[]
  decorations: { img: string; position: string }[]
}

/** The spec's MainpageBanger: tab title → {slides, decorations}; we add the tab's anchor. */
export type MainpageBanger = Record<string, ExpertTab>

export interface ProductTab {
  anchor: string
  title: string
  productIds: number[]
}

/** A popular-products tab as its panel shows it (also the answer of GET /showcase/mainpage-products/{anchor}/). */
export interface ProductTabContent {
  title: string
  products: ProductCardData[]
}

/** A sets-from-experts tab as its panel shows it (also the answer of GET /showcase/sets-from-experts/{anchor}/). */
export interface ExpertTabContent {
  title: string
  tab: ExpertTab
}

/** The home page's tabbed blocks; the address of a tab's content is /showcase/{block}/{anchor}/. */
export const SHOWCASE_BLOCKS = ['mainpage-products', 'sets-from-experts'] as const
export type ShowcaseBlock = (typeof SHOWCASE_BLOCKS)[number]

export const showcaseTabUrl = (block: ShowcaseBlock, anchor: string) =>
  `/showcase/${block}/${encodeURIComponent(anchor)}/`

export interface FeaturedSlide {
  IMAGE: string
  /** The media-library picture's sizes (ADR 207); '' for a typed address or the offer's picture. */
  IMAGE_SRCSET: string
  SUBTITLE: string
  TITLE: string
  DESCRIPTION: string
  LINK: string
  /** Roubles. */
  PRICE: number
  OLD_PRICE: number | null
  /** Units left; null when stock is not tracked. */
  quantity: number | null
  SECTION_NAME: string
  NAME: string
  offer: { id: number; price: number }
}
