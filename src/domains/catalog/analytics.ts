/**
 * select_item and view_item for the catalogue, in the GA4 shape of the analytics domain (RUB).
 */
import { trackEcommerce, type AnalyticsItem } from '@/domains/analytics/data-layer'
import { kopecksToRubles } from '@/lib/money'
import { offerLabel, type OfferCardData, type ProductCardData } from './catalog'

export function analyticsItem(
  product: Pick<ProductCardData, 'name' | 'brandName' | 'sectionName'>,
  offer: OfferCardData,
  quantity = 1,
): AnalyticsItem {
  return {
    item_id: String(offer.id),
    item_name: product.name,
    item_brand: product.brandName,
    item_category: product.sectionName,
    item_variant: offerLabel(offer),
    price: kopecksToRubles(offer.price),
    ...(offer.oldPrice ? { discount: kopecksToRubles(offer.oldPrice - offer.price) } : {}),
    quantity,
  }
}

export function trackSelectItem(product: Pick<ProductCardData, 'name' | 'brandName' | 'sectionName'>, offer: OfferCardData, listName: string, index?: number): void {
  trackEcommerce('select_item', [analyticsItem(product, offer)], { item_list_name: listName, ...(index === undefined ? {} : { index }) })
}

export function trackViewItem(product: ProductCardData, offer: OfferCardData): void {
  trackEcommerce('view_item', [analyticsItem(product, offer)])
}
