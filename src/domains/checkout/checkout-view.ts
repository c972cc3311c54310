/**
 * The checkout order as the page shows it: our own shape, money in kopecks, flags as booleans. Built
 * from the wire's `OrderState` by `fromOrderState` (checkout-wire.ts); components format money only
 * through `formatRub`.
 */
import type { Kopecks } from '@/lib/money'

export interface PropertyView {
  id: string
  code: string
  name: string
  required: boolean
  isEmail: boolean
  isPhone: boolean
  isLocation: boolean
}

export interface DeliveryView {
  id: string
  name: string
  description: string
  sort: number
  price: Kopecks
  periodText: string
  /** Why the method cannot be used now (a calculation or weight problem); '' when it can. */
  error: string
  /** Widget kind: 'pickup', 'postal' or 'courier'. */
  type: string
  /** Carrier code the widget asks for. */
  carrier: string
  checked: boolean
}

export interface PaySystemView {
  id: string
  name: string
  code: string
  description: string
  isCash: boolean
  checked: boolean
}

export interface CouponView {
  code: string
  status: 'bad' | 'entered' | 'applied'
  statusText: string
  discountName: string
  gift: { name: string; picture: string } | null
}

export interface LineView {
  id: string
  productId: string
  name: string
  url: string
  picture: string
  quantity: number
  price: Kopecks
  sum: Kopecks
  weightGrams: number
  canBuy: boolean
  isGift: boolean
}

export interface TotalsView {
  /** Goods before any discount. */
  goods: Kopecks
  discount: Kopecks
  delivery: Kopecks
  total: Kopecks
  weightGrams: number
}

export interface OrderView {
  authorized: boolean
  countryCode: string
  locationName: string
  personTypes: { id: string; name: string; checked: boolean }[]
  profiles: { id: string; name: string; checked: boolean }[]
  properties: PropertyView[]
  /** Ordered by sort (the wire keys them by id). */
  deliveries: DeliveryView[]
  paySystems: PaySystemView[]
  /** The code shown: the page keeps one at a time (ADR 034). */
  coupon: CouponView | null
  lines: LineView[]
  totals: TotalsView
}
