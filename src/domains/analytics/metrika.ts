import type { AnalyticsItem, EcommerceEvent } from './data-layer'

/**
 * Yandex.Metrika's e-commerce objects, mapped from the shop's GA4 events. Metrika reads them from
 * its own container (METRIKA_CONTAINER, named in the counter's init): window.dataLayer holds the GA4
 * events for GTM, and one array holding both shapes would let each reader see the other's objects
 * (ADR 115).
 */
export const METRIKA_CONTAINER = 'ymDataLayer'

export interface MetrikaProduct {
  id: string
  name: string
  price: number
  quantity: number
  brand?: string
  category?: string
  variant?: string
  discount?: number
}

type MetrikaAction = 'detail' | 'add' | 'remove' | 'purchase'

export interface MetrikaEntry {
  ecommerce: {
    currencyCode: 'RUB'
  } & Partial<Record<MetrikaAction, { products: MetrikaProduct[]; actionField?: Record<string, string | number> }>>
}

/** Only these GA4 events have a Metrika action; lists, wishlist, cart views and searches have none. */
const ACTIONS: Partial<Record<EcommerceEvent, MetrikaAction>> = {
  view_item: 'detail',
  add_to_cart: 'add',
  remove_from_cart: 'remove',
  purchase: 'purchase',
  purchase_1click: 'purchase',
}

export function metrikaProduct(item: AnalyticsItem): MetrikaProduct {
  return {
    id: item.item_id,
    name: item.item_name,
    price: item.price,
    quantity: item.quantity,
    ...(item.item_brand ? { brand: item.item_brand } : {}),
    ...(item.item_category ? { category: item.item_category } : {}),
    ...(item.item_variant ? { variant: item.item_variant } : {}),
    ...(item.discount ? { discount: item.discount } : {}),
  }
}

/**
 * The Metrika object for a GA4 event, or null when Metrika has no such action. A purchase without
 * an order number is dropped: Metrika keys purchases by actionField.id and would count it anew.
 */
export function metrikaEntry(event: EcommerceEvent, items: readonly AnalyticsItem[], extra: Record<string, unknown> = {}): MetrikaEntry | null {
  const action = ACTIONS[event]
  if (!action) return null
  const products = items.map(metrikaProduct)
  if (action !== 'purchase') return { ecommerce: { currencyCode: 'RUB', [action]: { products } } }
  const id = extra.transaction_id
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return null
  const actionField: Record<string, string | number> = { id: String(id) }
  if (typeof extra.value === 'number') actionField.revenue = extra.value
  if (typeof extra.coupon === 'string' && extra.coupon) actionField.coupon = extra.coupon
  return { ecommerce: { currencyCode: 'RUB', purchase: { actionField, products } } }
}
