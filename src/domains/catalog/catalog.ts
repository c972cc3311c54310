/**
 * Catalogue rules that need no database: card and offer shapes, the canonical product address,
 * size/flavour switching. Filter rules live in catalog-filter.ts.
 */
import { discountPercent, type Kopecks } from '@/lib/money'

export const IMPORT_SECTION_CODE = 'Importozameschenie'
/** The spec's default section code: /catalog/purpose/ is the whole catalogue grouped by purpose. */
export const DEFAULT_SECTION_CODE = 'purpose'
export const CART_URL = '/personal/cart/'

export interface OfferCardData {
  id: number
  packageSize: number
  packageUnit: string
  flavour: string | null
  price: Kopecks
  oldPrice: Kopecks | null
  discountPercent: number
  picture: string
  /** The uploaded picture's three sizes as an `srcset` (ADR 205); absent or '' for a pack shot. */
  srcset?: string
  /** Untracked stock counts as available. */
  inStock: boolean
  /** Cap for the quantity stepper (stock, or 100 when stock is not tracked). */
  maxQuantity: number
}

export interface ProductCardData {
  id: number
  code: string
  name: string
  subTitle: string
  line: string
  /** DETAIL_PAGE_URL: /catalog/{main section code}/{product code}/ (ADR 010). */
  url: string
  sectionCode: string
  sectionName: string
  brandCode: string
  brandName: string
  isHit: boolean
  isNew: boolean
  isImportReplace: boolean
  isDrug: boolean
  rating: number
  ratesCount: number
  /** Active offers in display order; the first one is the initially active offer. */
  offers: OfferCardData[]
}

/**
 * A card as a list's client component gets it: without the codes and the drug flag, which only the
 * server uses (addresses are already in `url`), so a list's payload does not carry them per card (ADR 213).
 */
export type CardView = Omit<ProductCardData, 'code' | 'sectionCode' | 'brandCode' | 'isDrug'>

export function cardView({ code: _code, sectionCode: _section, brandCode: _brand, isDrug: _drug, ...card }: ProductCardData): CardView {
  return card
}

export const UNTRACKED_STOCK_LIMIT = 100

export function productUrl(sectionCode: string, productCode: string): string {
  return `/catalog/${sectionCode}/${productCode}/`
}

export function toOfferCard(o: {
  id: number
  packageSize: number
  packageUnit: string
  flavour: string | null
  price: number
  oldPrice: number | null
  picture: string
  srcset?: string
  stock: number | null
}): OfferCardData {
  return {
    id: o.id,
    packageSize: o.packageSize,
    packageUnit: o.packageUnit,
    flavour: o.flavour,
    price: o.price,
    oldPrice: o.oldPrice !== null && o.oldPrice > o.price ? o.oldPrice : null,
    discountPercent: discountPercent(o.price, o.oldPrice),
    picture: o.picture,
    ...(o.srcset ? { srcset: o.srcset } : {}),
    inStock: o.stock === null || o.stock > 0,
    maxQuantity: o.stock === null ? UNTRACKED_STOCK_LIMIT : Math.max(o.stock, 0),
  }
}

/** Distinct package sizes in offer order: the package selector's buttons. */
export function packageSizes(offers: readonly OfferCardData[]): number[] {
  return [...new Set(offers.map((o) => o.packageSize))]
}

/** Distinct flavours (non-null) in offer order. */
export function flavours(offers: readonly OfferCardData[]): string[] {
  return [...new Set(offers.flatMap((o) => (o.flavour ? [o.flavour] : [])))]
}

/** Choosing a size picks the first offer of that size (spec, point 4). */
export function offerForSize<T extends OfferCardData>(offers: readonly T[], size: number): T | undefined {
  return offers.find((o) => o.packageSize === size)
}

/**
 * Choosing a flavour keeps the current size; when that size has no such flavour, the first offer with
 * the flavour is taken so the click never does nothing.
 */
export function offerForFlavour<T extends OfferCardData>(offers: readonly T[], current: T, flavour: string): T | undefined {
  return (
    offers.find((o) => o.packageSize === current.packageSize && o.flavour === flavour) ??
    offers.find((o) => o.flavour === flavour)
  )
}

/** Flavours offered in the given size (others are shown disabled). */
export function flavoursForSize(offers: readonly OfferCardData[], size: number): Set<string> {
  return new Set(offers.filter((o) => o.packageSize === size && o.flavour).map((o) => o.flavour as string))
}

/** Inline rating on cards only when the rating is above 2 and the count is not '0' (spec, point 9). */
export function showsInlineRating(rating: number, ratesCount: number | string): boolean {
  return rating > 2 && String(ratesCount) !== '0'
}

export function offerLabel(o: Pick<OfferCardData, 'packageSize' | 'packageUnit' | 'flavour'>): string {
  return `${o.packageSize} ${o.packageUnit}${o.flavour ? `, ${o.flavour}` : ''}`
}

/** A partner pharmacy link (ALTERNATIVE_LINKS item / 'Где купить' logo). */
export interface PartnerLink {
  code: string
  title: string
  link: string
  image: string
}

/** The partner titled '103.by' is never listed (spec, 'Where to buy'). */
export function visiblePartners<T extends { title: string }>(partners: readonly T[]): T[] {
  return partners.filter((p) => p.title.trim().toLowerCase() !== '103.by')
}

export interface PartnerWithOutlets extends PartnerLink {
  /** Markers of the partner map popup (apt_id, name, address, geo_x, geo_y in the spec). */
  outlets: { id: number; name: string; address: string; lat: number; lon: number }[]
}

export interface ProductPageData {
  card: ProductCardData
  description: string
  composition: string
  howToUse: string
  instruction: string
  /** The editor's <title> and meta description; empty: made from the name, price and description. */
  seoTitle: string
  seoDescription: string
  brand: { name: string; url: string; nofollow: boolean; country: string }
  /** thumb: a smaller file for the thumbnail strips, when the picture was uploaded (ADR 184). */
  /** Uploaded slides carry their srcset and card-size address (ADR 205); pack shots only url. */
  images: { id: number; url: string; alt: string; thumb?: string; srcset?: string; card?: string }[]
  badges: { code: string; name: string; icon: string }[]
  properties: { name: string; value: string }[]
  partners: PartnerWithOutlets[]
  similar: ProductCardData[]
}
