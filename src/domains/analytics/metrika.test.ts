import { describe, expect, it } from 'vitest'
import type { AnalyticsItem } from './data-layer'
import { metrikaEntry } from './metrika'

const item: AnalyticsItem = {
  item_id: '12',
  item_name: 'Витамин D3 2000 МЕ',
  price: 590,
  quantity: 2,
  discount: 100,
  item_brand: 'Эвалар',
  item_category: 'Иммунитет',
  item_variant: '60 капсул',
}
const product = { id: '12', name: 'Витамин D3 2000 МЕ', price: 590, quantity: 2, discount: 100, brand: 'Эвалар', category: 'Иммунитет', variant: '60 капсул' }

describe('GA4 events in Metrika e-commerce shape', () => {
  it.each([
    ['view_item', 'detail'],
    ['add_to_cart', 'add'],
    ['remove_from_cart', 'remove'],
  ] as const)('%s becomes %s with the products in RUB', (event, action) => {
    expect(metrikaEntry(event, [item])).toEqual({ ecommerce: { currencyCode: 'RUB', [action]: { products: [product] } } })
  })

  it('leaves out product fields the event does not have', () => {
    const bare = metrikaEntry('add_to_cart', [{ item_id: '7', item_name: 'Омега-3', price: 1200, quantity: 1 }])
    expect(bare?.ecommerce.add?.products).toEqual([{ id: '7', name: 'Омега-3', price: 1200, quantity: 1 }])
  })

  it.each(['purchase', 'purchase_1click'] as const)('%s is a purchase keyed by the order number, with revenue and coupon', (event) => {
    expect(metrikaEntry(event, [item], { transaction_id: '1045', value: 1380, shipping: 200, coupon: 'LETO' })).toEqual({
      ecommerce: { currencyCode: 'RUB', purchase: { actionField: { id: '1045', revenue: 1380, coupon: 'LETO' }, products: [product] } },
    })
    expect(metrikaEntry(event, [item], { transaction_id: 1046 })?.ecommerce.purchase?.actionField).toEqual({ id: '1046' })
  })

  it('drops a purchase without an order number: Metrika would count it as a new one each time', () => {
    expect(metrikaEntry('purchase', [item])).toBeNull()
    expect(metrikaEntry('purchase', [item], { transaction_id: '' })).toBeNull()
  })

  it.each(['view_cart', 'select_item', 'add_to_wishlist', 'view_search_results'] as const)('%s has no Metrika action', (event) => {
    expect(metrikaEntry(event, [item])).toBeNull()
  })
})
