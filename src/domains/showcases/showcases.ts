/** Home page showcases without a database: block sizes and timings of the spec, and the wire shapes. */

/** The spec: tabs show a loading state for 300 ms when switched. */
export const TAB_LOADING_MS = 300
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

export interface FeaturedSlide {
  IMAGE: string
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
