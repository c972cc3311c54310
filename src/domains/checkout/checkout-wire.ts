/**
 * The Bitrix sale.order.ajax shapes of the checkout contract (shared/docs/checkout-contract.md).
 * Our own types are translated here and nowhere else; money leaves as roubles.
 */
export type YN = 'Y' | 'N'

export interface OrderProperty {
  ID: string
  CODE: string | null
  TYPE: 'STRING' | 'NUMBER' | 'Y/N' | 'ENUM' | 'DATE' | 'LOCATION'
  NAME: string
  DESCRIPTION: string
  PROPS_GROUP_ID: string
  SORT: number
  DEFAULT_VALUE: string | null
  VALUE: string[]
  REQUIRED: YN
  IS_EMAIL: YN
  IS_PHONE: YN
  IS_LOCATION: YN
  IS_ADDRESS: YN
  RELATION?: { ENTITY_TYPE: 'P' | 'D'; ENTITY_ID: string }[]
}

export interface Delivery {
  ID: string
  NAME: string
  DESCRIPTION: string
  SORT: number
  CHECKED?: 'Y'
  PRICE?: number
  PRICE_FORMATED?: string
  PERIOD_TEXT?: string
  CALCULATE_ERRORS?: string
  FIELD_NAME: 'DELIVERY_ID'
  LOGOTIP_SRC?: string
  /** Ours: the delivery widget kind (pickup, postal, courier), so the page mounts the right one. */
  TYPE?: string
  /** Ours: the carrier code the widget asks for (sdek, boxberry, russianpost, courier). */
  CODE?: string
}

export interface PaySystem {
  ID: string
  NAME: string
  CODE: string
  SORT: number
  CHECKED?: 'Y'
  DESCRIPTION?: string
  PSA_LOGOTIP_SRC_ORIGINAL?: string
  PRICE: number
  IS_CASH: YN
  /** The spec's flag: the method reports a payment result (online methods). */
  HAS_PAYMENT_RESULT: YN
}

export interface Coupon {
  COUPON: string
  JS_STATUS: 'BAD' | 'ENTERED' | 'APPLIED'
  STATUS_TEXT: string
  DISCOUNT_NAME: string
  GIFT?: { ITEM: { NAME: string; PICTURE: string } }
}

export interface BasketRow {
  ID: string
  PRODUCT_ID: string
  NAME: string
  DETAIL_PAGE_URL: string
  QUANTITY: number
  BASE_PRICE: number
  PRICE: number
  SUM_NUM: number
  WEIGHT: number
  CAN_BUY: YN
  PROPS: { NAME: string; VALUE: string }[]
  PREVIEW_PICTURE_SRC: string
  /** Ours: the most the line may hold (stock), for the out-of-stock notice. */
  AVAILABLE_QUANTITY?: number
  IS_GIFT?: YN
}

export interface Totals {
  ORDER_PRICE: number
  PRICE_WITHOUT_DISCOUNT_VALUE: number
  DISCOUNT_PRICE: number
  DELIVERY_PRICE: number
  ORDER_TOTAL_PRICE: number
  ORDER_WEIGHT: number
  ORDER_TOTAL_PRICE_FORMATED: string
  DELIVERY_PRICE_FORMATED: string
}

export type ErrorBlock = 'MAIN' | 'AUTH' | 'REGION' | 'PROPERTY' | 'DELIVERY' | 'PAY_SYSTEM'
export type ErrorBlocks = Partial<Record<ErrorBlock, string[]>>

export interface OrderState {
  IS_AUTHORIZED: boolean
  PERSON_TYPE: Record<string, { ID: string; NAME: string; SORT: number; CHECKED?: 'Y' }>
  USER_PROFILES: Record<string, { ID: string; NAME: string; PERSON_TYPE_ID: string; CHECKED?: 'Y' }>
  ORDER_PROP: { groups: { ID: string; NAME: string; SORT: number }[]; properties: OrderProperty[] }
  DELIVERY: Record<string, Delivery>
  PAY_SYSTEM: PaySystem[]
  COUPON_LIST: Coupon[]
  GRID: { ROWS: Record<string, { id: string; data: BasketRow }> }
  TOTAL: Totals
  ERROR: Partial<Record<'MAIN' | 'PROPERTY' | 'DELIVERY' | 'PAY_SYSTEM', string[]>>
  WARNING: Partial<Record<'DELIVERY' | 'PAY_SYSTEM', string[]>>
  COUNTRY_CODE: string
  /** Ours: the location's display name and the comment, so the page needs no second lookup. */
  LOCATION_NAME: string
  ORDER_DESCRIPTION: string
}

export interface RefreshAnswer {
  order: OrderState | null
  locations: Record<string, { lastValue: string }> | null
  error: false | string
}

export type SaveAnswer = { order: { ID: string; REDIRECT_URL: string } } | { order: { ERROR: ErrorBlocks } }

export const EMPTY_BASKET_ANSWER = { success: 'N', redirect: '/personal/cart/' } as const

export function confirmationUrl(orderId: number): string {
  return `/personal/order/?ORDER_ID=${orderId}`
}
