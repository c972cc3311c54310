/**
 * The spec's catalogue result shape (Bitrix field names) at the edge: ITEMS, OFFERS_STATES,
 * SHOW_MORE_BUTTON. Our ProductCardData goes out through toCatalogItem and comes back in the browser
 * through fromCatalogItem, so the card renders the same from the page and from 'ПОКАЗАТЬ ЕЩЁ'.
 */
import { kopecksToRubles, rublesToKopecks } from '@/lib/money'
import { type OfferCardData, type PartnerLink, type ProductCardData } from './catalog'

export interface WireOffer {
  ID: number
  PARENT_ID: number
  DETAIL_PAGE_URL: string
  DISCOUNT_PERCENT: number
  PRICES: { RESULT_PRICE: { DISCOUNT_PRICE: number; BASE_PRICE: number } }
  PROPERTY_DESC_VALUE: string
  PROPERTY_DESC_ADD_VALUE: string
  PROPERTY_APLAUT_RATING_VALUE: number
  PROPERTY_APLAUT_RATES_COUNT_VALUE: string
  PROPERTY_TABBY_ID_VALUE: string
  /** Ours: what the card needs to rebuild the switcher. */
  PACKAGE_SIZE: number
  PACKAGE_UNIT: string
  FLAVOUR: string | null
  PREVIEW_PICTURE: string
  /** The uploaded picture's sizes as an `srcset` (ADR 205), '' for a pack shot: cards appended by 'ПОКАЗАТЬ ЕЩЁ' carry them as the page's do (ADR 209). */
  PREVIEW_PICTURE_SRCSET: string
  IN_STOCK: boolean
  MAX_QUANTITY: number
}

export interface WireButtons {
  GLOBAL_SHOW_INFO: boolean
  SHOW_PRICE: boolean
  ALTERNATIVE_LINKS: { link: string; image: string; title: string; code: string; google_anal_script: string }[]
}

export interface WireItem {
  MAIN_PRODUCT_ID: number
  CODE: string
  NAME: string
  SUB_TITLE: string
  PREVIEW_PICTURE: string
  DETAIL_PAGE_URL: string
  LINE: string
  PROPERTY_HIT_VALUE: 'Y' | ''
  PROPERTY_NEW_VALUE: 'Y' | ''
  PROPERTY_IS_IMPORT_REPLACE: 'Y' | ''
  IS_DRUG: boolean
  SECTION_CODE: string
  SECTION_NAME: string
  BRAND_CODE: string
  BRAND_NAME: string
  /** Keyed by offer id; ORDER keeps the display order, which object keys do not. */
  OFFERS: Record<string, WireOffer>
  OFFERS_ORDER: number[]
  BUTTONS: Record<string, WireButtons>
}

export interface WireOfferState {
  current_active: number
  offers_list: Record<string, { preview_picture: string; price: number; price_discount: number; active: boolean }>
}

export interface ShowMoreButton {
  NEXT_PAGE: number
  PAGINATOR_NAME: string
  /** The current filter as a query string without the page and ajax parameters. */
  FILTER: string
}

export interface CatalogResult {
  ITEMS: WireItem[]
  OFFERS_STATES: Record<string, WireOfferState>
  SECTION_NAME: string
  SHOW_PACKAGES: boolean
  SHOW_MORE_BUTTON: ShowMoreButton | null
}

const yn = (b: boolean): 'Y' | '' => (b ? 'Y' : '')

export function toCatalogItem(p: ProductCardData, partners: readonly PartnerLink[] = []): WireItem {
  const offers: Record<string, WireOffer> = {}
  const buttons: Record<string, WireButtons> = {}
  for (const o of p.offers) {
    offers[o.id] = {
      ID: o.id,
      PARENT_ID: p.id,
      DETAIL_PAGE_URL: p.url,
      DISCOUNT_PERCENT: o.discountPercent,
      PRICES: { RESULT_PRICE: { DISCOUNT_PRICE: kopecksToRubles(o.price), BASE_PRICE: kopecksToRubles(o.oldPrice ?? o.price) } },
      PROPERTY_DESC_VALUE: `${o.packageSize} ${o.packageUnit}`,
      PROPERTY_DESC_ADD_VALUE: o.flavour ?? '',
      PROPERTY_APLAUT_RATING_VALUE: p.rating,
      PROPERTY_APLAUT_RATES_COUNT_VALUE: String(p.ratesCount),
      PROPERTY_TABBY_ID_VALUE: '',
      PACKAGE_SIZE: o.packageSize,
      PACKAGE_UNIT: o.packageUnit,
      FLAVOUR: o.flavour,
      PREVIEW_PICTURE: o.picture,
      PREVIEW_PICTURE_SRCSET: o.srcset ?? '',
      IN_STOCK: o.inStock,
      MAX_QUANTITY: o.maxQuantity,
    }
    buttons[o.id] = {
      GLOBAL_SHOW_INFO: true,
      SHOW_PRICE: true,
      ALTERNATIVE_LINKS: partners.map((x) => ({ link: x.link, image: x.image, title: x.title, code: x.code, google_anal_script: '' })),
    }
  }
  return {
    MAIN_PRODUCT_ID: p.id,
    CODE: p.code,
    NAME: p.name,
    SUB_TITLE: p.subTitle,
    PREVIEW_PICTURE: p.offers[0]?.picture ?? '',
    DETAIL_PAGE_URL: p.url,
    LINE: p.line,
    PROPERTY_HIT_VALUE: yn(p.isHit),
    PROPERTY_NEW_VALUE: yn(p.isNew),
    PROPERTY_IS_IMPORT_REPLACE: yn(p.isImportReplace),
    IS_DRUG: p.isDrug,
    SECTION_CODE: p.sectionCode,
    SECTION_NAME: p.sectionName,
    BRAND_CODE: p.brandCode,
    BRAND_NAME: p.brandName,
    OFFERS: offers,
    OFFERS_ORDER: p.offers.map((o) => o.id),
    BUTTONS: buttons,
  }
}

export function toOfferState(p: ProductCardData): WireOfferState {
  const list: WireOfferState['offers_list'] = {}
  p.offers.forEach((o, i) => {
    list[o.id] = { preview_picture: o.picture, price: kopecksToRubles(o.price), price_discount: kopecksToRubles(o.oldPrice ?? o.price), active: i === 0 }
  })
  return { current_active: p.offers[0]?.id ?? 0, offers_list: list }
}

export function fromCatalogItem(item: WireItem): { product: ProductCardData; partners: PartnerLink[] } {
  const offers = item.OFFERS_ORDER.flatMap((id): OfferCardData[] => {
    const o = item.OFFERS[id]
    if (!o) return []
    const price = rublesToKopecks(o.PRICES.RESULT_PRICE.DISCOUNT_PRICE)
    const base = rublesToKopecks(o.PRICES.RESULT_PRICE.BASE_PRICE)
    return [
      {
        id: o.ID,
        packageSize: o.PACKAGE_SIZE,
        packageUnit: o.PACKAGE_UNIT,
        flavour: o.FLAVOUR,
        price,
        oldPrice: base > price ? base : null,
        discountPercent: o.DISCOUNT_PERCENT,
        picture: o.PREVIEW_PICTURE,
        ...(o.PREVIEW_PICTURE_SRCSET ? { srcset: o.PREVIEW_PICTURE_SRCSET } : {}),
        inStock: o.IN_STOCK,
        maxQuantity: o.MAX_QUANTITY,
      },
    ]
  })
  const first = offers[0] ? item.OFFERS[offers[0].id] : undefined
  const partners = (first ? item.BUTTONS[first.ID]?.ALTERNATIVE_LINKS : undefined) ?? []
  return {
    product: {
      id: item.MAIN_PRODUCT_ID,
      code: item.CODE,
      name: item.NAME,
      subTitle: item.SUB_TITLE,
      line: item.LINE,
      url: item.DETAIL_PAGE_URL,
      sectionCode: item.SECTION_CODE,
      sectionName: item.SECTION_NAME,
      brandCode: item.BRAND_CODE,
      brandName: item.BRAND_NAME,
      isHit: item.PROPERTY_HIT_VALUE === 'Y',
      isNew: item.PROPERTY_NEW_VALUE === 'Y',
      isImportReplace: item.PROPERTY_IS_IMPORT_REPLACE === 'Y',
      isDrug: item.IS_DRUG,
      rating: first?.PROPERTY_APLAUT_RATING_VALUE ?? 0,
      ratesCount: Number(first?.PROPERTY_APLAUT_RATES_COUNT_VALUE ?? 0),
      offers,
    },
    partners: partners.map((x) => ({ code: x.code, title: x.title, link: x.link, image: x.image })),
  }
}

