import type { Cart } from '@/domains/cart/cart'

/** Events the storefront reports to POST /ajax/search/send-event (spec §7 of both documents). */
export const STORED_EVENTS = ['CART_VIEW', 'ORDER_SUCCESS'] as const
export type StoredEvent = (typeof STORED_EVENTS)[number]

export const ANALYTICS_MESSAGES = {
  event: 'Неизвестное событие',
  emptyCart: 'Корзина пуста',
  noOrder: 'Заказ не найден',
  badOrderId: 'Неверный номер заказа',
  badProducts: 'Неверный список товаров',
} as const

/** The spec's cart event item: price is the price before discount, salePrice what is paid. */
export interface CartEventItem {
  productId: number
  productName: string
  price: number
  salePrice: number
  quantity: number
  subtotal: number
}

export function cartEventItems(cart: Cart): CartEventItem[] {
  return cart.Products.map((l) => ({
    productId: l.productId,
    productName: l.name,
    price: Math.round((l.price + l.discount) * 100) / 100,
    salePrice: l.price,
    quantity: l.quantity,
    subtotal: l.sum,
  }))
}

/** What the cart page sends: the server stores its own figures, these are for the wire only. */
export function cartViewFields(cart: Cart, viewGuid: string) {
  return {
    viewGuid,
    event: 'CART_VIEW',
    subtotal: cart.NormalPrice,
    total: cart.TotalPrice,
    cartItems: JSON.stringify(cartEventItems(cart)),
  }
}

export interface BundleItem {
  PRODUCT_ID: number
  NAME: string
  PRICE: number
  BRAND: string
  SECTION_NAME: string
}
