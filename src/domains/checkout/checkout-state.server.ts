import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { userForSession, type User } from '@/domains/account/account.server'
import { loadBasket, loadMinOrderSum, type BasketItem } from '@/domains/cart/cart.server'
import { MAX_ITEMS_PER_ORDER, lineCap } from '@/domains/cart/cart-limits'
import { CART_MESSAGES, unitPrices } from '@/domains/cart/cart'
import {
  choiceFromProps,
  findCity,
  listDeliveryOptions,
  quoteDeliveryChoice,
  type DeliveryBasketLine,
  type DeliveryOption,
  type DeliveryQuote,
} from '@/domains/delivery/delivery.server'
import { findSession, ownerOf, type Owner, type SessionRow } from '@/domains/session/session.server'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import { kopecksToRubles, type Kopecks } from '@/lib/money'
import {
  CHECKOUT_MESSAGES,
  COMMENT_MAX,
  COUPON_STATUS_TEXT,
  evaluateCoupon,
  orderTotals,
  propertyError,
  type CouponRow,
  type OrderTotals,
} from './checkout'
import {
  couponsByCodes,
  giftOffer,
  loadCheckoutConfig,
  profilesOf,
  sessionCouponCodes,
  type CheckoutConfig,
  type GiftOffer,
  type PaySystemRow,
  type PersonTypeRow,
  type PropRow,
} from './checkout.db'
import type { CheckoutForm } from './checkout.schema'
import { toOrderState, type Coupon, type ErrorBlocks, type OrderState } from './checkout-wire'
import { DELIVERY_WIDGET_CODES } from '@/domains/delivery/delivery'


/** Delivery-widget properties the page fills itself; never shown as plain inputs nor checked as such. */
export const MICRO_CODES: ReadonlySet<string> = new Set(DELIVERY_WIDGET_CODES)
const COUPON_CODES = new Set(['PROMO_CODE', 'GIFT_CODE'])

export function checkoutConfig(): Promise<CheckoutConfig> {
  return cached('checkout:config', { tags: ['checkout'], ttlSeconds: 60 }, () => loadCheckoutConfig(db()))
}

export interface Visitor {
  cookieId: string
  session: SessionRow | null
  user: User | null
  owner: Owner | null
}

export async function visitorOf(q: Db | Tx, cookieId: string): Promise<Visitor> {
  const session = await findSession(q, cookieId)
  const user = session?.userId ? await userForSession(q, cookieId) : null
  return { cookieId, session, user, owner: session ? ownerOf(session) : null }
}

export interface PricedLine {
  item: BasketItem
  price: Kopecks
  basePrice: Kopecks
  /** Why this line cannot be bought as it is; null when it can. */
  problem: string | null
}

export interface BuiltOrder {
  state: OrderState
  personType: PersonTypeRow
  visibleProps: PropRow[]
  /** Value by property code. */
  values: Map<string, string>
  basket: BasketItem[]
  lines: PricedLine[]
  gift: GiftOffer | null
  coupon: CouponRow | null
  totals: OrderTotals
  delivery: DeliveryOption | null
  quote: DeliveryQuote | null
  paySystem: PaySystemRow | null
  locationCode: string
  locationName: string
  comment: string
  /** What a save would refuse with; empty when the order can be placed. */
  errors: ErrorBlocks
}

export function toDeliveryLines(items: readonly BasketItem[]): DeliveryBasketLine[] {
  return items.map((i) => ({
    name: i.name,
    externalId: i.offerId,
    priceKopecks: i.price,
    quantity: i.quantity,
    weight: i.weightGrams,
    width: i.widthMm,
    length: i.lengthMm,
    height: i.heightMm,
    vat: i.vatPercent,
    aerialRestriction: i.airRestricted ? 'true' : 'false',
  }))
}

/** The cart's unit-price rule (an inactive or unpriced offer has no price), plus why the line cannot be ordered. */
export function priceLine(item: BasketItem): PricedLine {
  const { price, base } = unitPrices(item)
  let problem: string | null = null
  if (price <= 0) problem = CHECKOUT_MESSAGES.noPrice
  else if (item.quantity > lineCap(item.stock)) problem = CHECKOUT_MESSAGES.outOfStock(item.name)
  return { item, price, basePrice: base, problem }
}

const yn = (v: boolean): 'Y' | 'N' => (v ? 'Y' : 'N')

/**
 * Rebuilds the whole order from the form, the basket and the session's coupons (contract: refresh is
 * a pure recalculation). The same function feeds the save, inside its transaction, so the checks and
 * prices the buyer was shown are the ones the order is written with.
 */
export async function buildOrder(
  q: Db | Tx,
  visitor: Visitor,
  form: CheckoutForm,
  given: { basket?: BasketItem[] } = {},
): Promise<BuiltOrder> {
  const config = await checkoutConfig()
  const at = now()
  const basket = given.basket ?? (visitor.owner ? await loadBasket(q, visitor.owner) : [])
  const warnings: OrderState['WARNING'] = {}
  const errors: ErrorBlocks = {}
  const push = (block: keyof ErrorBlocks, message: string) => (errors[block] ??= []).push(message)

  // Person type: unknown → the first by sort (contract, fallbacks).
  const personType = config.personTypes.find((t) => t.id === form.personType) ?? config.personTypes[0]
  if (!personType) throw new Error('no person types configured')
  const typeProps = config.props.filter((p) => p.personTypeId === personType.id)

  // Values travel by code, so switching the person type keeps what was typed.
  const propById = new Map(config.props.map((p) => [p.id, p]))
  const requested = new Map<string, string>()
  for (const [id, value] of form.props) {
    const prop = propById.get(id)
    if (!prop) continue
    if (prop.personTypeId === personType.id || !requested.has(prop.code)) requested.set(prop.code, value)
  }
  const firstLoad = form.props.size === 0
  const profiles = visitor.user ? await profilesOf(q, visitor.user.id) : []
  const typeProfiles = profiles.filter((p) => p.personTypeId === personType.id)
  const profile =
    typeProfiles.find((p) => p.id === form.profileId) ?? (firstLoad ? typeProfiles[0] : undefined)
  const fromUser: Record<string, string> = visitor.user
    ? (() => {
        const [first = '', ...rest] = visitor.user.name.trim().split(/\s+/)
        return {
          PROP_EMAIL: visitor.user.email,
          PROP_NAME: first,
          PROP_LASTNAME: rest.join(' '),
          PROP_PHONE: visitor.user.phone,
        }
      })()
    : {}
  const values = new Map<string, string>()
  for (const prop of typeProps) {
    const fromRequest = requested.get(prop.code)
    const fromProfile =
      profile && (firstLoad || form.profileId === profile.id) ? profile.values[prop.code] : undefined
    // The visitor's recent location (the region cookie on first load) beats the shop-wide default.
    const recent = prop.isLocation ? form.recentLocation : undefined
    const value = [fromRequest, fromProfile, fromUser[prop.code], recent, prop.defaultValue ?? ''].find(
      (v): v is string => v !== undefined && v !== '',
    )
    values.set(prop.code, (value ?? '').slice(0, prop.maxLength))
  }

  // Location.
  const locationProp = typeProps.find((p) => p.isLocation)
  const locationCode = (locationProp ? values.get(locationProp.code) : '') || form.recentLocation
  const city = locationCode ? await findCity(locationCode) : undefined
  const locationName = city?.name ?? ''
  if (locationProp && city) values.set(locationProp.code, city.code)

  // Basket lines, recomputed from the database (R8).
  const lines = basket.map(priceLine)
  for (const line of lines) if (line.problem) push('MAIN', line.problem)
  const items = basket.reduce((n, i) => n + i.quantity, 0)
  if (items > MAX_ITEMS_PER_ORDER) push('MAIN', CART_MESSAGES.overOrderLimit)

  // Coupons: every stored code is listed; at most one applies (the latest that is valid).
  const codes = visitor.session ? await sessionCouponCodes(q, visitor.session.id) : []
  const rows = new Map((await couponsByCodes(q, codes)).map((c) => [c.code, c]))
  const goods = lines.reduce((s, l) => s + l.price * l.item.quantity, 0)
  let coupon: CouponRow | null = null
  let couponDiscount = 0
  let gift: GiftOffer | null = null
  const verdicts = new Map<string, ReturnType<typeof evaluateCoupon>>()
  for (const code of [...codes].reverse()) {
    const row = rows.get(code)
    const giftRow =
      row?.kind === 'gift' && row.giftOfferId !== null ? await giftOffer(q, row.giftOfferId) : undefined
    const verdict = evaluateCoupon(row, goods, at, row?.kind !== 'gift' || giftRow?.available === true)
    verdicts.set(code, verdict)
    if (verdict.ok && !coupon && row) {
      coupon = row
      couponDiscount = verdict.discount
      gift = giftRow ?? null
    }
  }
  const couponList: Coupon[] = codes.map((code) => {
    const verdict = verdicts.get(code)
    const row = rows.get(code)
    if (!verdict || !verdict.ok || !row) {
      return {
        COUPON: code,
        JS_STATUS: 'BAD',
        STATUS_TEXT: verdict && !verdict.ok ? verdict.text : COUPON_STATUS_TEXT.notFound,
        DISCOUNT_NAME: '',
      }
    }
    if (coupon?.code !== code)
      return {
        COUPON: code,
        JS_STATUS: 'ENTERED',
        STATUS_TEXT: COUPON_STATUS_TEXT.entered,
        DISCOUNT_NAME: row.discountName,
      }
    const base: Coupon = {
      COUPON: code,
      JS_STATUS: 'APPLIED',
      STATUS_TEXT: COUPON_STATUS_TEXT.applied,
      DISCOUNT_NAME: row.kind === 'gift' ? '' : row.discountName,
    }
    return gift ? { ...base, GIFT: { ITEM: { NAME: gift.name, PICTURE: gift.picture } } } : base
  })
  // The coupon properties mirror the applied coupon (spec section 4).
  if (values.has('PROMO_CODE')) values.set('PROMO_CODE', coupon && coupon.kind !== 'gift' ? coupon.code : '')
  if (values.has('GIFT_CODE')) values.set('GIFT_CODE', coupon && coupon.kind === 'gift' ? coupon.code : '')

  // Pay systems for this person type; cash on receipt needs a point that takes payment (R8).
  const pays = config.paySystems.filter(
    (p) => p.personTypes.length === 0 || p.personTypes.includes(personType.code),
  )
  const paySystem = pays.find((p) => String(p.id) === form.paySystemId) ?? null
  if (form.paySystemId && !paySystem) (warnings.PAY_SYSTEM ??= []).push(CHECKOUT_MESSAGES.paySystemGone)
  if (!paySystem) push('PAY_SYSTEM', CHECKOUT_MESSAGES.choosePaySystem)

  // Deliveries offered for this location and basket, by sort.
  const deliveryLines = toDeliveryLines(basket)
  const options = city ? await listDeliveryOptions({ cityCode: city.code, basket: deliveryLines }) : []
  options.sort((a, b) => a.sort - b.sort || a.id - b.id)
  const delivery = options.find((o) => String(o.id) === form.deliveryId && !o.blocked) ?? null
  if (form.deliveryId && !delivery) (warnings.DELIVERY ??= []).push(CHECKOUT_MESSAGES.deliveryGone)
  let quote: DeliveryQuote | null = null
  if (delivery && city) {
    const micro = Object.fromEntries(
      [...values].filter(([code]) => MICRO_CODES.has(code) || code === 'PROP_ADDRESS'),
    )
    const choice = choiceFromProps(micro)
    quote = await quoteDeliveryChoice(q, {
      deliveryId: delivery.id,
      cityCode: city.code,
      ...choice,
      basket: deliveryLines,
      postPay: paySystem?.isCash === true,
    })
  }
  if (!city) push('REGION', CHECKOUT_MESSAGES.unknownLocation)
  if (!delivery) push('DELIVERY', CHECKOUT_MESSAGES.chooseDelivery)
  else if (quote && !quote.ok) push('DELIVERY', quote.message)
  const deliveryPrice = quote?.ok ? quote.priceKopecks : (delivery?.priceKopecks ?? 0)
  if (quote?.ok && values.has('MICRO_DELIVERY_PRICE'))
    values.set('MICRO_DELIVERY_PRICE', String(kopecksToRubles(quote.priceKopecks)))

  // Properties shown for the chosen delivery and pay system, checked by the spec's rules.
  const visibleProps = typeProps.filter(
    (p) =>
      p.relation.length === 0 ||
      p.relation.some(
        (r) =>
          (r.ENTITY_TYPE === 'D' && r.ENTITY_ID === String(delivery?.id)) ||
          (r.ENTITY_TYPE === 'P' && r.ENTITY_ID === String(paySystem?.id)),
      ),
  )
  for (const prop of visibleProps) {
    if (MICRO_CODES.has(prop.code) || COUPON_CODES.has(prop.code) || prop.isLocation) continue
    const message = propertyError(
      {
        NAME: prop.name,
        CODE: prop.code,
        REQUIRED: yn(prop.required),
        IS_EMAIL: yn(prop.isEmail),
        IS_PHONE: yn(prop.isPhone),
      },
      values.get(prop.code) ?? '',
      'RU',
    )
    if (message) push('PROPERTY', `${prop.name}: ${message}`)
  }
  const comment = form.description.trim()
  if (comment.length > COMMENT_MAX) push('PROPERTY', CHECKOUT_MESSAGES.commentTooLong)

  const minSum = await loadMinOrderSum()
  if (minSum > 0 && goods < minSum) push('MAIN', CART_MESSAGES.minOrder(kopecksToRubles(minSum)))

  const pricedForTotals = lines.map((l) => ({
    quantity: l.item.quantity,
    price: l.price,
    basePrice: l.basePrice,
    weightGrams: l.item.weightGrams,
  }))
  if (gift) pricedForTotals.push({ quantity: 1, price: 0, basePrice: 0, weightGrams: gift.weightGrams })
  const totals = orderTotals(pricedForTotals, couponDiscount, delivery ? deliveryPrice : 0)

  const state = toOrderState({
    authorized: visitor.user !== null,
    config,
    personType,
    typeProps,
    values,
    profiles: typeProfiles.map((p) => ({ id: p.id, name: p.name, checked: p.id === profile?.id })),
    lines,
    gift,
    couponList,
    options,
    delivery,
    quote,
    pays,
    paySystem,
    totals,
    warnings,
    locationName,
    comment: form.description.slice(0, COMMENT_MAX * 2),
  })
  return {
    state,
    personType,
    visibleProps,
    values,
    basket,
    lines,
    gift,
    coupon,
    totals,
    delivery,
    quote,
    paySystem,
    locationCode: city?.code ?? '',
    locationName,
    comment,
    errors,
  }
}
