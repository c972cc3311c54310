import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { userForSession, type User } from '@/domains/account/account.server'
import { loadBasket, loadMinOrderSum, type BasketItem } from '@/domains/cart/cart.server'
import {
  choiceFromProps,
  findCity,
  listDeliveryOptions,
  quoteDeliveryChoice,
  type DeliveryBasketLine,
  type DeliveryOption,
  type DeliveryQuote,
} from '@/domains/delivery/delivery.server'
import { DELIVERY_WIDGET_CODES } from '@/domains/delivery/delivery'
import { paymentMethodOffered } from '@/domains/payment/payment.server'
import { findSession, ownerOf, type Owner, type SessionRow } from '@/domains/session/session.server'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import { kopecksToRubles, type Kopecks } from '@/lib/money'
import { phoneDigits } from '@/lib/phone'
import {
  CHECKOUT_MESSAGES,
  COMMENT_MAX,
  applyCoupons,
  chooseDelivery,
  choosePaySystem,
  choosePersonType,
  fillValues,
  goodsSum,
  mirrorCoupon,
  orderErrors,
  priceLine,
  totalsOf,
  visibleProps,
  type CouponRow,
  type OrderTotals,
  type PricedLine,
} from './checkout'
import {
  buyerCouponUses,
  couponsByCodes,
  giftOffer,
  loadCheckoutConfig,
  profilesOf,
  sessionCouponCodes,
  type BuyerProfileRow,
  type CheckoutConfig,
  type CouponBuyer,
  type GiftOffer,
  type PaySystemRow,
  type PersonTypeRow,
  type PropRow,
} from './checkout.db'
import type { CheckoutForm } from './checkout.schema'
import { toOrderState, type ErrorBlocks, type OrderState } from './checkout-wire'

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

/** The buyer a per-buyer coupon limit counts, from the account and the order's e-mail and phone. */
export function couponBuyer(visitor: Visitor, values: ReadonlyMap<string, string>): CouponBuyer {
  return {
    userId: visitor.user?.id ?? null,
    email: (values.get('PROP_EMAIL') ?? '').trim().toLowerCase(),
    phoneDigits: phoneDigits(values.get('PROP_PHONE') ?? ''),
  }
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

/** Everything an order is built from that does not depend on the form, read once. */
interface OrderFacts {
  config: CheckoutConfig
  at: Date
  basket: BasketItem[]
  profiles: BuyerProfileRow[]
  couponCodes: string[]
  couponRows: Map<string, CouponRow>
  gifts: Map<number, GiftOffer>
  minSum: Kopecks
}

async function loadOrderFacts(q: Db | Tx, visitor: Visitor, given: { basket?: BasketItem[] }): Promise<OrderFacts> {
  const [config, basket, profiles, couponCodes, minSum] = await Promise.all([
    checkoutConfig(),
    given.basket ?? (visitor.owner ? loadBasket(q, visitor.owner) : []),
    visitor.user ? profilesOf(q, visitor.user.id) : [],
    visitor.session ? sessionCouponCodes(q, visitor.session.id) : [],
    loadMinOrderSum(),
  ])
  const rows = await couponsByCodes(q, couponCodes)
  const giftIds = [...new Set(rows.flatMap((r) => (r.kind === 'gift' && r.giftOfferId !== null ? [r.giftOfferId] : [])))]
  const gifts = await Promise.all(giftIds.map((id) => giftOffer(q, id)))
  return {
    config,
    at: now(),
    basket,
    profiles,
    couponCodes,
    couponRows: new Map(rows.map((c) => [c.code, c])),
    gifts: new Map(gifts.flatMap((g) => (g ? [[g.offerId, g] as const] : []))),
    minSum,
  }
}

/**
 * Rebuilds the whole order from the form, the basket and the session's coupons (contract: refresh is
 * a pure recalculation): the facts are read up front, the rules are the pure stages of checkout.ts, and
 * only the delivery lookups (which need the chosen city) happen in between. The same function feeds the
 * save, inside its transaction, so the checks and prices the buyer was shown are the ones the order is
 * written with.
 */
export async function buildOrder(
  q: Db | Tx,
  visitor: Visitor,
  form: CheckoutForm,
  given: { basket?: BasketItem[] } = {},
): Promise<BuiltOrder> {
  const facts = await loadOrderFacts(q, visitor, given)
  const { config, basket } = facts
  const personType = choosePersonType(config.personTypes, form.personType)
  const typeProps = config.props.filter((p) => p.personTypeId === personType.id)
  const typeProfiles = facts.profiles.filter((p) => p.personTypeId === personType.id)
  const { values, profile } = fillValues({
    allProps: config.props,
    typeProps,
    requested: form.props,
    profiles: typeProfiles,
    profileId: form.profileId,
    user: visitor.user,
    recentLocation: form.recentLocation,
  })

  const locationProp = typeProps.find((p) => p.isLocation)
  const locationCode = (locationProp ? values.get(locationProp.code) : '') || form.recentLocation
  const city = locationCode ? await findCity(locationCode) : undefined
  if (locationProp && city) values.set(locationProp.code, city.code)

  // Basket lines, recomputed from the database (R8).
  const lines = basket.map(priceLine)
  const limitedPerBuyer = [...facts.couponRows.values()].filter((c) => c.perBuyerLimit !== null).map((c) => c.id)
  const buyerUses = await buyerCouponUses(q, limitedPerBuyer, couponBuyer(visitor, values))
  const coupons = applyCoupons(facts.couponCodes, facts.couponRows, facts.gifts, goodsSum(lines), facts.at, buyerUses)
  mirrorCoupon(values, coupons.coupon)

  const warnings: OrderState['WARNING'] = {}
  const { pays, paySystem } = choosePaySystem(config.paySystems, personType.code, form.paySystemId, paymentMethodOffered)
  if (form.paySystemId && !paySystem) (warnings.PAY_SYSTEM ??= []).push(CHECKOUT_MESSAGES.paySystemGone)

  const deliveryLines = toDeliveryLines(basket)
  const offered = city ? await listDeliveryOptions({ cityCode: city.code, basket: deliveryLines }) : []
  const { options, delivery } = chooseDelivery(offered, form.deliveryId)
  if (form.deliveryId && !delivery) (warnings.DELIVERY ??= []).push(CHECKOUT_MESSAGES.deliveryGone)
  // Cash on receipt needs a point that takes payment (R8): the quote knows the point.
  const quote =
    delivery && city
      ? await quoteDeliveryChoice(q, {
          deliveryId: delivery.id,
          cityCode: city.code,
          ...choiceFromProps(Object.fromEntries([...values].filter(([code]) => MICRO_CODES.has(code) || code === 'PROP_ADDRESS'))),
          basket: deliveryLines,
          postPay: paySystem?.isCash === true,
        })
      : null
  const deliveryPrice = quote?.ok ? quote.priceKopecks : (delivery?.priceKopecks ?? 0)
  if (quote?.ok && values.has('MICRO_DELIVERY_PRICE')) values.set('MICRO_DELIVERY_PRICE', String(kopecksToRubles(quote.priceKopecks)))

  const shown = visibleProps(typeProps, delivery?.id, paySystem?.id)
  const comment = form.description.trim()
  const errors = orderErrors({
    lines,
    hasLocation: city !== undefined,
    delivery,
    quote,
    paySystem,
    plainProps: shown.filter((p) => !MICRO_CODES.has(p.code) && !COUPON_CODES.has(p.code) && !p.isLocation),
    values,
    comment,
    minSum: facts.minSum,
  })
  const totals = totalsOf(lines, coupons.gift, coupons.discount, delivery ? deliveryPrice : 0)
  const locationName = city?.name ?? ''

  const state = toOrderState({
    authorized: visitor.user !== null,
    config,
    personType,
    typeProps,
    values,
    profiles: typeProfiles.map((p) => ({ id: p.id, name: p.name, checked: p.id === profile?.id })),
    lines,
    coupons,
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
    visibleProps: shown,
    values,
    basket,
    lines,
    gift: coupons.gift,
    coupon: coupons.coupon,
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
