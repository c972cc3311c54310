/**
 * GA4 e-commerce events in window.dataLayer. Prices in roubles, currency RUB. The previous ecommerce
 * object is cleared first, as Google's tag documentation asks, so fields do not leak between events.
 */
import { kopecksToRubles } from '@/lib/money'
import { offerLabel, type OfferCardData, type ProductCardData } from './catalog'

export interface Ga4Item {
  item_id: string
  item_name: string
  item_brand: string
  item_category: string
  item_variant: string
  price: number
  discount?: number
  quantity: number
  index?: number
  item_list_name?: string
}

export interface Ga4Event {
  event: 'select_item' | 'view_item'
  ecommerce: { currency: 'RUB'; value?: number; item_list_name?: string; items: Ga4Item[] }
}

export function ga4Item(product: ProductCardData, offer: OfferCardData, index?: number): Ga4Item {
  return {
    item_id: String(offer.id),
    item_name: product.name,
    item_brand: product.brandName,
    item_category: product.sectionName,
    item_variant: offerLabel(offer),
    price: kopecksToRubles(offer.price),
    ...(offer.oldPrice ? { discount: kopecksToRubles(offer.oldPrice - offer.price) } : {}),
    quantity: 1,
    ...(index === undefined ? {} : { index }),
  }
}

export function selectItemEvent(product: ProductCardData, offer: OfferCardData, listName: string, index?: number): Ga4Event {
  return {
    event: 'select_item',
    ecommerce: { currency: 'RUB', item_list_name: listName, items: [{ ...ga4Item(product, offer, index), item_list_name: listName }] },
  }
}

export function viewItemEvent(product: ProductCardData, offer: OfferCardData): Ga4Event {
  return {
    event: 'view_item',
    ecommerce: { currency: 'RUB', value: kopecksToRubles(offer.price), items: [ga4Item(product, offer)] },
  }
}

type DataLayerWindow = Window & { dataLayer?: unknown[] }

export function pushEvent(event: Ga4Event): void {
  if (typeof window === 'undefined') return
  const w = window as DataLayerWindow
  w.dataLayer = w.dataLayer ?? []
  w.dataLayer.push({ ecommerce: null })
  w.dataLayer.push(event)
}
