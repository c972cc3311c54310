import { cartDeliveryCall } from '@/domains/cart/cart-delivery.server'
import { cartDeliveryInput } from '@/domains/cart/cart.schema'
import { ajax } from '@/lib/ajax'

/** Our own read call: the cart page's delivery summary for the visitor's basket and city (ADR 095). */
export const GET = ajax(cartDeliveryInput, cartDeliveryCall, { method: 'GET' })
