/**
 * GA4 e-commerce events in window.dataLayer (currency RUB). Browser-only helpers: on the server they
 * do nothing, so components may call them from event handlers without guards.
 */
import { metrikaEntry, type MetrikaEntry } from './metrika'

export interface AnalyticsItem {
  item_id: string
  item_name: string
  price: number
  quantity: number
  discount?: number
  item_brand?: string
  item_category?: string
  item_variant?: string
}

export type EcommerceEvent =
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'add_to_wishlist'
  | 'view_search_results'
  | 'select_item'
  | 'view_item'
  | 'purchase'
  | 'purchase_1click'

type DataLayerEntry = Record<string, unknown>

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[]
    /** Metrika's e-commerce container (METRIKA_CONTAINER). */
    ymDataLayer?: MetrikaEntry[]
  }
}

export function itemsValue(items: readonly AnalyticsItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100
}

/** The entry pushed for an e-commerce event; pure, so it is unit-tested. */
export function ecommerceEntry(event: EcommerceEvent, items: readonly AnalyticsItem[], extra: DataLayerEntry = {}): DataLayerEntry {
  return { event, ecommerce: { currency: 'RUB', value: itemsValue(items), items: [...items], ...extra } }
}

export function pushDataLayer(entry: DataLayerEntry): void {
  if (typeof window === 'undefined') return
  window.dataLayer = window.dataLayer ?? []
  // GA4 merges ecommerce objects across pushes unless cleared first.
  if ('ecommerce' in entry) window.dataLayer.push({ ecommerce: null })
  window.dataLayer.push(entry)
}

/**
 * One event, two shapes: GA4 in window.dataLayer (GTM) and Metrika's in its container. Both are plain
 * arrays filled from the first page script on, whether or not the counters load: a counter that loads
 * later (after consent, or after this event) reads what is already queued.
 */
export function trackEcommerce(event: EcommerceEvent, items: readonly AnalyticsItem[], extra: DataLayerEntry = {}): void {
  pushDataLayer(ecommerceEntry(event, items, extra))
  const metrika = metrikaEntry(event, items, extra)
  if (metrika && typeof window !== 'undefined') {
    window.ymDataLayer = window.ymDataLayer ?? []
    window.ymDataLayer.push(metrika)
  }
}

export function trackSearch(searchTerm: string): void {
  pushDataLayer({ event: 'view_search_results', search_term: searchTerm })
}
