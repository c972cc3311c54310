/**
 * The Bitrix sale.order.ajax shapes of the checkout contract (shared/docs/checkout-contract.md), and
 * the only translators between them and our own types: `fromOrderState` gives the page kopecks and
 * booleans. Money crosses the wire as roubles.
 */
import { rublesToKopecks } from '@/lib/money'
import type { CouponView, OrderView } from './checkout-view'

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

// ---------- wire → page ----------

const isY = (v: YN | undefined): boolean => v === 'Y'
const couponStatus = { BAD: 'bad', ENTERED: 'entered', APPLIED: 'applied' } as const

function couponView(c: Coupon | undefined): CouponView | null {
  if (!c) return null
  return {
    code: c.COUPON,
    status: couponStatus[c.JS_STATUS],
    statusText: c.STATUS_TEXT,
    discountName: c.DISCOUNT_NAME,
    gift: c.GIFT ? { name: c.GIFT.ITEM.NAME, picture: c.GIFT.ITEM.PICTURE } : null,
  }
}

/** The order as the page shows it: kopecks, booleans, deliveries and person types by sort. */
export function fromOrderState(o: OrderState): OrderView {
  const t = o.TOTAL
  return {
    authorized: o.IS_AUTHORIZED,
    countryCode: o.COUNTRY_CODE,
    locationName: o.LOCATION_NAME,
    personTypes: Object.values(o.PERSON_TYPE)
      .sort((a, b) => a.SORT - b.SORT)
      .map((p) => ({ id: p.ID, name: p.NAME, checked: p.CHECKED === 'Y' })),
    profiles: Object.values(o.USER_PROFILES).map((p) => ({ id: p.ID, name: p.NAME, checked: p.CHECKED === 'Y' })),
    properties: o.ORDER_PROP.properties
      .filter((p): p is OrderProperty & { CODE: string } => Boolean(p.CODE))
      .map((p) => ({
        id: p.ID,
        code: p.CODE,
        name: p.NAME,
        required: isY(p.REQUIRED),
        isEmail: isY(p.IS_EMAIL),
        isPhone: isY(p.IS_PHONE),
        isLocation: isY(p.IS_LOCATION),
      })),
    deliveries: Object.values(o.DELIVERY)
      .sort((a, b) => a.SORT - b.SORT)
      .map((d) => ({
        id: d.ID,
        name: d.NAME,
        description: d.DESCRIPTION,
        sort: d.SORT,
        price: rublesToKopecks(d.PRICE ?? 0),
        periodText: d.PERIOD_TEXT ?? '',
        error: d.CALCULATE_ERRORS ?? '',
        type: d.TYPE ?? '',
        carrier: d.CODE ?? '',
        checked: d.CHECKED === 'Y',
      })),
    paySystems: o.PAY_SYSTEM.map((p) => ({
      id: p.ID,
      name: p.NAME,
      code: p.CODE,
      description: p.DESCRIPTION ?? '',
      isCash: isY(p.IS_CASH),
      checked: p.CHECKED === 'Y',
    })),
    coupon: couponView(o.COUPON_LIST[0]),
    lines: Object.values(o.GRID.ROWS).map(({ data: r }) => ({
      id: r.ID,
      productId: r.PRODUCT_ID,
      name: r.NAME,
      url: r.DETAIL_PAGE_URL,
      picture: r.PREVIEW_PICTURE_SRC,
      quantity: r.QUANTITY,
      price: rublesToKopecks(r.PRICE),
      sum: rublesToKopecks(r.SUM_NUM),
      weightGrams: r.WEIGHT,
      canBuy: isY(r.CAN_BUY),
      isGift: isY(r.IS_GIFT),
    })),
    totals: {
      goods: rublesToKopecks(t.PRICE_WITHOUT_DISCOUNT_VALUE),
      discount: rublesToKopecks(t.DISCOUNT_PRICE),
      delivery: rublesToKopecks(t.DELIVERY_PRICE),
      total: rublesToKopecks(t.ORDER_TOTAL_PRICE),
      weightGrams: t.ORDER_WEIGHT,
    },
  }
}
