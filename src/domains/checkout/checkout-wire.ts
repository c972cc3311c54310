/**
 * The Bitrix sale.order.ajax shapes of the checkout contract (shared/docs/checkout-contract.md), and
 * the only translators between them and our own types: `toOrderState` writes the built order as the
 * refresh answer, `fromOrderState` gives the page kopecks and booleans. Nothing else maps these shapes;
 * money crosses the wire as roubles. Server types are imported as types only: this file runs in the page.
 */
import { lineCap } from '@/domains/cart/cart-limits'
import { lineProperties } from '@/domains/cart/cart'
import { productUrl } from '@/domains/catalog/catalog'
import type { DeliveryOption, DeliveryQuote } from '@/domains/delivery/delivery.server'
import { formatRub, kopecksToRubles, rublesToKopecks } from '@/lib/money'
import { COUPON_STATUS_TEXT, type CouponOutcome, type OrderTotals, type PricedLine } from './checkout'
import type { CheckoutConfig, PaySystemRow, PersonTypeRow, PropRow } from './checkout.db'
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

/** Online methods: the order waits for the money and the wire flags a payment result. */
export const ONLINE_PAY_CODES: ReadonlySet<string> = new Set(['card', 'dolyame'])

export function confirmationUrl(orderId: number): string {
  return `/personal/order/?ORDER_ID=${orderId}`
}

// ---------- ours → wire ----------

const yn = (v: boolean): YN => (v ? 'Y' : 'N')
const checked = (v: boolean): { CHECKED?: 'Y' } => (v ? { CHECKED: 'Y' } : {})

/** Each stored code with its verdict: 'APPLIED' for the one that counts, 'ENTERED' for other valid ones. */
function couponList({ entries, gift }: CouponOutcome): Coupon[] {
  return entries.map(({ code, row, verdict, applied }): Coupon => {
    if (!verdict.ok || !row) {
      const text = verdict.ok ? COUPON_STATUS_TEXT.notFound : verdict.text
      return { COUPON: code, JS_STATUS: 'BAD', STATUS_TEXT: text, DISCOUNT_NAME: '' }
    }
    if (!applied) return { COUPON: code, JS_STATUS: 'ENTERED', STATUS_TEXT: COUPON_STATUS_TEXT.entered, DISCOUNT_NAME: row.discountName }
    const coupon: Coupon = {
      COUPON: code,
      JS_STATUS: 'APPLIED',
      STATUS_TEXT: COUPON_STATUS_TEXT.applied,
      DISCOUNT_NAME: row.kind === 'gift' ? '' : row.discountName,
    }
    return gift ? { ...coupon, GIFT: { ITEM: { NAME: gift.name, PICTURE: gift.picture } } } : coupon
  })
}

/** Our built order as the refresh answer's `order` (the contract's OrderState); money leaves as roubles. */
export function toOrderState(b: {
  authorized: boolean
  config: Pick<CheckoutConfig, 'personTypes' | 'groups'>
  personType: PersonTypeRow
  typeProps: PropRow[]
  values: Map<string, string>
  profiles: { id: number; name: string; checked: boolean }[]
  lines: readonly PricedLine[]
  coupons: CouponOutcome
  options: DeliveryOption[]
  delivery: DeliveryOption | null
  quote: DeliveryQuote | null
  pays: PaySystemRow[]
  paySystem: PaySystemRow | null
  totals: OrderTotals
  warnings: OrderState['WARNING']
  locationName: string
  comment: string
}): OrderState {
  const groupIds = new Set(b.typeProps.map((p) => p.groupId))
  const properties: OrderProperty[] = b.typeProps.map((p) => ({
    ID: String(p.id),
    CODE: p.code,
    TYPE: p.type,
    NAME: p.name,
    DESCRIPTION: p.description,
    PROPS_GROUP_ID: String(p.groupId),
    SORT: p.sort,
    DEFAULT_VALUE: p.defaultValue,
    VALUE: [b.values.get(p.code) ?? ''],
    REQUIRED: yn(p.required),
    IS_EMAIL: yn(p.isEmail),
    IS_PHONE: yn(p.isPhone),
    IS_LOCATION: yn(p.isLocation),
    IS_ADDRESS: yn(p.isAddress),
    ...(p.relation.length ? { RELATION: p.relation } : {}),
  }))
  const rows: OrderState['GRID']['ROWS'] = {}
  for (const l of b.lines) {
    const i = l.item
    const data: BasketRow = {
      ID: String(i.lineId),
      PRODUCT_ID: String(i.offerId),
      NAME: i.name,
      DETAIL_PAGE_URL: productUrl(i.sectionCode, i.productCode),
      QUANTITY: i.quantity,
      BASE_PRICE: kopecksToRubles(l.basePrice),
      PRICE: kopecksToRubles(l.price),
      SUM_NUM: kopecksToRubles(l.price * i.quantity),
      WEIGHT: i.weightGrams,
      CAN_BUY: yn(l.problem === null),
      PROPS: Object.entries(lineProperties(i)).map(([NAME, VALUE]) => ({ NAME, VALUE })),
      PREVIEW_PICTURE_SRC: i.picture,
      AVAILABLE_QUANTITY: lineCap(i.stock),
      IS_GIFT: 'N',
    }
    rows[data.ID] = { id: data.ID, data }
  }
  if (b.coupons.gift) {
    const g = b.coupons.gift
    rows[`gift-${g.offerId}`] = {
      id: `gift-${g.offerId}`,
      data: {
        ID: `gift-${g.offerId}`,
        PRODUCT_ID: String(g.offerId),
        NAME: g.name,
        DETAIL_PAGE_URL: productUrl(g.sectionCode, g.productCode),
        QUANTITY: 1,
        BASE_PRICE: 0,
        PRICE: 0,
        SUM_NUM: 0,
        WEIGHT: g.weightGrams,
        CAN_BUY: 'Y',
        PROPS: [],
        PREVIEW_PICTURE_SRC: g.picture,
        IS_GIFT: 'Y',
      },
    }
  }
  const deliveries: OrderState['DELIVERY'] = {}
  for (const o of b.options) {
    const isChecked = b.delivery?.id === o.id
    const price = isChecked && b.quote?.ok ? b.quote.priceKopecks : o.priceKopecks
    deliveries[String(o.id)] = {
      ID: String(o.id),
      NAME: o.name,
      DESCRIPTION: o.description,
      SORT: o.sort,
      PRICE: kopecksToRubles(price),
      PRICE_FORMATED: formatRub(price),
      PERIOD_TEXT: isChecked && b.quote?.ok ? b.quote.periodText : o.periodText,
      FIELD_NAME: 'DELIVERY_ID',
      TYPE: o.type,
      ...(o.logo ? { LOGOTIP_SRC: o.logo } : {}),
      CODE: o.handler,
      ...(o.blocked && o.blockedMessage ? { CALCULATE_ERRORS: o.blockedMessage } : {}),
      ...(isChecked && b.quote && !b.quote.ok ? { CALCULATE_ERRORS: b.quote.message } : {}),
      ...checked(isChecked),
    }
  }
  const paySystems: PaySystem[] = b.pays.map((p) => ({
    ID: String(p.id),
    NAME: p.name,
    CODE: p.code,
    SORT: p.sort,
    DESCRIPTION: p.description,
    ...(p.logo ? { PSA_LOGOTIP_SRC_ORIGINAL: p.logo } : {}),
    PRICE: 0,
    IS_CASH: yn(p.isCash),
    HAS_PAYMENT_RESULT: yn(ONLINE_PAY_CODES.has(p.code)),
    ...checked(b.paySystem?.id === p.id),
  }))
  const t = b.totals
  return {
    IS_AUTHORIZED: b.authorized,
    PERSON_TYPE: Object.fromEntries(
      b.config.personTypes.map((p) => [String(p.id), { ID: String(p.id), NAME: p.name, SORT: p.sort, ...checked(p.id === b.personType.id) }]),
    ),
    USER_PROFILES: Object.fromEntries(
      b.profiles.map((p) => [String(p.id), { ID: String(p.id), NAME: p.name, PERSON_TYPE_ID: String(b.personType.id), ...checked(p.checked) }]),
    ),
    ORDER_PROP: {
      groups: b.config.groups
        .filter((g) => groupIds.has(g.id))
        .map((g) => ({ ID: String(g.id), NAME: g.name, SORT: g.sort })),
      properties,
    },
    DELIVERY: deliveries,
    PAY_SYSTEM: paySystems,
    COUPON_LIST: couponList(b.coupons),
    GRID: { ROWS: rows },
    TOTAL: {
      ORDER_PRICE: kopecksToRubles(t.goodsPrice - t.couponDiscount),
      PRICE_WITHOUT_DISCOUNT_VALUE: kopecksToRubles(t.basePrice),
      DISCOUNT_PRICE: kopecksToRubles(t.discount),
      DELIVERY_PRICE: kopecksToRubles(t.deliveryPrice),
      ORDER_TOTAL_PRICE: kopecksToRubles(t.total),
      ORDER_WEIGHT: t.weightGrams,
      ORDER_TOTAL_PRICE_FORMATED: formatRub(t.total),
      DELIVERY_PRICE_FORMATED: formatRub(t.deliveryPrice),
    },
    ERROR: {},
    WARNING: b.warnings,
    COUNTRY_CODE: 'RU',
    LOCATION_NAME: b.locationName,
    ORDER_DESCRIPTION: b.comment,
  }
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
