/**
 * Pure checkout rules: the spec's validation (section 5), coupons, totals, and the stages that build an
 * order from facts loaded up front (checkout-state.server.ts). No I/O; the page reuses the field rules
 * for live checks.
 */
import { CART_MESSAGES, unitPrices, type BasketItem } from '@/domains/cart/cart'
import { MAX_ITEMS_PER_ORDER, lineCap } from '@/domains/cart/cart-limits'
import type { DeliveryOption, DeliveryQuote } from '@/domains/delivery/delivery.server'
import { kopecksToRubles, type Kopecks } from '@/lib/money'
import type { BuyerProfileRow, GiftOffer, PaySystemRow, PersonTypeRow, PropRow } from './checkout.db'
import type { ErrorBlock, ErrorBlocks } from './checkout-wire'

export const CHECKOUT_MESSAGES = {
  required: 'Обязательное поле.',
  badName: 'Укажите корректные данные.',
  badEmail: 'Укажите корректный E-mail адрес.',
  badPhone: 'Введите корректный телефон.',
  badOperator: 'Некорректный код оператора',
  deliveryFieldRequired: 'Поле обязательно для заполнения',
  chooseDelivery: 'Пожалуйста, выберите способ доставки',
  choosePaySystem: 'Пожалуйста, выберите способ оплаты',
  acceptOffer: 'Для осуществления заказа вы должны принять условия публичной оферты',
  privacy: 'Оформить заказ невозможно без согласия с условиями политики конфиденциальности.',
  promoApplied: 'Промокод применен!',
  // Not in the spec: our own wording (ADR 030).
  commentTooLong: 'Комментарий к заказу — не более 150 символов.',
  tooLong: 'Слишком длинное значение.',
  deliveryGone: 'Выбранный способ доставки недоступен, выберите другой.',
  paySystemGone: 'Выбранный способ оплаты недоступен, выберите другой.',
  outOfStock: (name: string) => `Товара «${name}» нет в нужном количестве. Удалите его из корзины или уменьшите количество.`,
  noPrice: 'В корзине есть товары без цены. Удалите их, чтобы оформить заказ.',
  couponGone: (code: string) => `Промокод ${code} больше не действует. Удалите его и повторите заказ.`,
  inProgress: 'Заказ уже оформляется. Подождите несколько секунд.',
  basketChanged: 'Состав корзины или цены изменились. Проверьте заказ и оформите его ещё раз.',
  unknownLocation: 'Выберите населённый пункт из списка.',
  finishDelivery: 'Чтобы оформить заказ, выберите способ доставки и укажите пункт выдачи или адрес.',
} as const

export const COUPON_STATUS_TEXT = {
  notFound: 'не найден',
  applied: 'применен',
  entered: 'введен',
  expired: 'срок действия истек',
  notStarted: 'еще не действует',
  usedUp: 'больше не действует',
  inactive: 'не действует',
  minSum: (rubles: number) => `действует при заказе от ${rubles} ₽`,
  giftUnavailable: 'подарок закончился',
  // Not in the spec: our wording (ADR 030).
  buyerUsedUp: 'вы уже использовали этот промокод',
} as const

export const COMMENT_MAX = 150

// ---------- field rules (shared by the page and the server) ----------

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim())
}

/** What the name fields keep as the buyer types: digits and '@' never stay. */
export function stripNameInput(value: string): string {
  return value.replace(/[\d@]/g, '')
}

export interface PropRule {
  NAME: string
  CODE: string | null
  REQUIRED: 'Y' | 'N'
  IS_EMAIL: 'Y' | 'N'
  IS_PHONE: 'Y' | 'N'
}

const NAME_CODES = new Set(['PROP_NAME', 'PROP_SECONDNAME', 'PROP_LASTNAME'])

/** The first problem with one property value, or null; the order follows the spec's list. */
export function propertyError(prop: PropRule, raw: string, countryCode: string): string | null {
  const value = raw.trim()
  if (!value) return prop.REQUIRED === 'Y' ? CHECKOUT_MESSAGES.required : null
  if (prop.CODE && NAME_CODES.has(prop.CODE) && value.includes('@')) return CHECKOUT_MESSAGES.badName
  if (prop.IS_EMAIL === 'Y' && !isEmail(value)) return CHECKOUT_MESSAGES.badEmail
  if (prop.IS_PHONE === 'Y') {
    const digits = value.replace(/\D/g, '')
    if (digits.length !== 11) return CHECKOUT_MESSAGES.badPhone
    if (countryCode === 'RU' && digits[1] !== '9') return CHECKOUT_MESSAGES.badOperator
  }
  return null
}

// ---------- coupons ----------

export interface CouponRow {
  id: number
  code: string
  kind: 'percent' | 'fixed' | 'gift'
  value: number
  discountName: string
  minSum: Kopecks
  startsAt: Date | null
  expiresAt: Date | null
  maxUses: number | null
  usedCount: number
  /** Uses per buyer (account, e-mail or phone); null: unlimited. */
  perBuyerLimit: number | null
  giftOfferId: number | null
  active: boolean
}

export type CouponVerdict =
  | { ok: true; discount: Kopecks; gift: boolean }
  | { ok: false; text: string }

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

/**
 * Whether a coupon applies to goods worth `goods` at `at`, and what it takes off. `buyerUses`: the
 * orders this buyer already placed with it (cancelled ones release theirs).
 */
export function evaluateCoupon(row: CouponRow | undefined, goods: Kopecks, at: Date, giftAvailable = true, buyerUses = 0): CouponVerdict {
  if (!row) return { ok: false, text: COUPON_STATUS_TEXT.notFound }
  if (!row.active) return { ok: false, text: COUPON_STATUS_TEXT.inactive }
  if (row.startsAt && row.startsAt > at) return { ok: false, text: COUPON_STATUS_TEXT.notStarted }
  if (row.expiresAt && row.expiresAt <= at) return { ok: false, text: COUPON_STATUS_TEXT.expired }
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return { ok: false, text: COUPON_STATUS_TEXT.usedUp }
  if (row.perBuyerLimit !== null && buyerUses >= row.perBuyerLimit) return { ok: false, text: COUPON_STATUS_TEXT.buyerUsedUp }
  if (goods < row.minSum) return { ok: false, text: COUPON_STATUS_TEXT.minSum(row.minSum / 100) }
  if (row.kind === 'gift') {
    return row.giftOfferId !== null && giftAvailable
      ? { ok: true, discount: 0, gift: true }
      : { ok: false, text: COUPON_STATUS_TEXT.giftUnavailable }
  }
  const discount = row.kind === 'percent' ? Math.round((goods * Math.min(100, row.value)) / 100) : Math.min(row.value, goods)
  return { ok: true, discount, gift: false }
}

// ---------- totals ----------

export interface TotalsLine {
  quantity: number
  /** Unit price to pay and before the catalogue discount, kopecks. */
  price: Kopecks
  basePrice: Kopecks
  weightGrams: number
}

export interface OrderTotals {
  basePrice: Kopecks
  goodsPrice: Kopecks
  couponDiscount: Kopecks
  discount: Kopecks
  deliveryPrice: Kopecks
  total: Kopecks
  weightGrams: number
}

export function orderTotals(lines: readonly TotalsLine[], couponDiscount: Kopecks, deliveryPrice: Kopecks): OrderTotals {
  let basePrice = 0
  let goodsPrice = 0
  let weightGrams = 0
  for (const l of lines) {
    basePrice += l.basePrice * l.quantity
    goodsPrice += l.price * l.quantity
    weightGrams += l.weightGrams * l.quantity
  }
  const coupon = Math.min(couponDiscount, goodsPrice)
  return {
    basePrice,
    goodsPrice,
    couponDiscount: coupon,
    discount: basePrice - goodsPrice + coupon,
    deliveryPrice,
    total: goodsPrice - coupon + deliveryPrice,
    weightGrams,
  }
}

// ---------- order stages (contract: refresh is a pure recalculation) ----------

/** A requested person type, or the first by sort (contract, fallbacks). */
export function choosePersonType(types: readonly PersonTypeRow[], requestedId: number | undefined): PersonTypeRow {
  const chosen = types.find((t) => t.id === requestedId) ?? types[0]
  if (!chosen) throw new Error('no person types configured')
  return chosen
}

export interface ValueSources {
  /** Every active property, so that values typed for another person type follow by code. */
  allProps: readonly PropRow[]
  typeProps: readonly PropRow[]
  /** Form values by property id; an empty map is the page's first load. */
  requested: ReadonlyMap<number, string>
  /** The buyer's saved profiles of this person type. */
  profiles: readonly BuyerProfileRow[]
  profileId: number | undefined
  user: { name: string; email: string; phone: string } | null
  recentLocation: string
}

/**
 * One value per property of the person type: what was typed, else the chosen profile's, else the
 * account's, else (location only) the visitor's recent location, else the default.
 */
export function fillValues(src: ValueSources): { values: Map<string, string>; profile: BuyerProfileRow | undefined } {
  const personTypeId = src.typeProps[0]?.personTypeId
  const propById = new Map(src.allProps.map((p) => [p.id, p]))
  const byCode = new Map<string, string>()
  for (const [id, value] of src.requested) {
    const prop = propById.get(id)
    if (!prop) continue
    // Values travel by code, so switching the person type keeps what was typed.
    if (prop.personTypeId === personTypeId || !byCode.has(prop.code)) byCode.set(prop.code, value)
  }
  const firstLoad = src.requested.size === 0
  const profile = src.profiles.find((p) => p.id === src.profileId) ?? (firstLoad ? src.profiles[0] : undefined)
  const profileValues = profile && (firstLoad || src.profileId === profile.id) ? profile.values : {}
  const fromUser = src.user ? accountValues(src.user) : {}
  const values = new Map<string, string>()
  for (const prop of src.typeProps) {
    const recent = prop.isLocation ? src.recentLocation : undefined
    const value = [byCode.get(prop.code), profileValues[prop.code], fromUser[prop.code], recent, prop.defaultValue ?? ''].find(
      (v): v is string => v !== undefined && v !== '',
    )
    values.set(prop.code, (value ?? '').slice(0, prop.maxLength))
  }
  return { values, profile }
}

function accountValues(user: { name: string; email: string; phone: string }): Record<string, string> {
  const [first = '', ...rest] = user.name.trim().split(/\s+/)
  return { PROP_EMAIL: user.email, PROP_NAME: first, PROP_LASTNAME: rest.join(' '), PROP_PHONE: user.phone }
}

export interface PricedLine {
  item: BasketItem
  price: Kopecks
  basePrice: Kopecks
  /** Why this line cannot be bought as it is; null when it can. */
  problem: string | null
}

/** The cart's unit-price rule (an inactive or unpriced offer has no price), plus why the line cannot be ordered. */
export function priceLine(item: BasketItem): PricedLine {
  const { price, base } = unitPrices(item)
  let problem: string | null = null
  if (price <= 0) problem = CHECKOUT_MESSAGES.noPrice
  else if (item.quantity > lineCap(item.stock)) problem = CHECKOUT_MESSAGES.outOfStock(item.name)
  return { item, price, basePrice: base, problem }
}

export const goodsSum = (lines: readonly PricedLine[]): Kopecks => lines.reduce((s, l) => s + l.price * l.item.quantity, 0)

export interface CouponEntry {
  code: string
  row: CouponRow | undefined
  verdict: CouponVerdict
  applied: boolean
}

export interface CouponOutcome {
  /** Every stored code in the order it was entered. */
  entries: CouponEntry[]
  coupon: CouponRow | null
  discount: Kopecks
  gift: GiftOffer | null
}

/** Every stored code is listed; at most one applies: the latest that is valid. */
export function applyCoupons(
  codes: readonly string[],
  rows: ReadonlyMap<string, CouponRow>,
  gifts: ReadonlyMap<number, GiftOffer>,
  goods: Kopecks,
  at: Date,
  buyerUses: ReadonlyMap<number, number> = new Map(),
): CouponOutcome {
  const out: CouponOutcome = { entries: [], coupon: null, discount: 0, gift: null }
  for (const code of [...codes].reverse()) {
    const row = rows.get(code)
    const gift = row?.kind === 'gift' && row.giftOfferId !== null ? gifts.get(row.giftOfferId) : undefined
    const verdict = evaluateCoupon(row, goods, at, row?.kind !== 'gift' || gift?.available === true, row ? (buyerUses.get(row.id) ?? 0) : 0)
    const applied = verdict.ok && !out.coupon && row !== undefined
    if (applied) {
      out.coupon = row
      out.discount = verdict.discount
      out.gift = gift ?? null
    }
    out.entries.unshift({ code, row, verdict, applied })
  }
  return out
}

/** The coupon properties mirror the applied coupon (spec section 4). */
export function mirrorCoupon(values: Map<string, string>, coupon: CouponRow | null): void {
  if (values.has('PROMO_CODE')) values.set('PROMO_CODE', coupon && coupon.kind !== 'gift' ? coupon.code : '')
  if (values.has('GIFT_CODE')) values.set('GIFT_CODE', coupon && coupon.kind === 'gift' ? coupon.code : '')
}

/**
 * The pay systems of a person type and the requested one among them. `offered` is the payment
 * domain's word on a method (ADR 152): a production shop without a provider or the sandbox offers no
 * online method, so a save that names one gets 'choose a pay system'.
 */
export function choosePaySystem(
  all: readonly PaySystemRow[],
  personTypeCode: string,
  requestedId: string,
  offered: (code: string) => boolean,
): { pays: PaySystemRow[]; paySystem: PaySystemRow | null } {
  const pays = all.filter((p) => (p.personTypes.length === 0 || p.personTypes.includes(personTypeCode)) && offered(p.code))
  return { pays, paySystem: pays.find((p) => String(p.id) === requestedId) ?? null }
}

/** Offered deliveries by sort and the requested one, unless it is blocked for this basket. */
export function chooseDelivery(
  options: readonly DeliveryOption[],
  requestedId: string,
): { options: DeliveryOption[]; delivery: DeliveryOption | null } {
  const sorted = [...options].sort((a, b) => a.sort - b.sort || a.id - b.id)
  return { options: sorted, delivery: sorted.find((o) => String(o.id) === requestedId && !o.blocked) ?? null }
}

/** Properties without a relation always show; the others only for their delivery or pay system. */
export function visibleProps(typeProps: readonly PropRow[], deliveryId: number | undefined, payId: number | undefined): PropRow[] {
  return typeProps.filter(
    (p) =>
      p.relation.length === 0 ||
      p.relation.some(
        (r) => (r.ENTITY_TYPE === 'D' && r.ENTITY_ID === String(deliveryId)) || (r.ENTITY_TYPE === 'P' && r.ENTITY_ID === String(payId)),
      ),
  )
}

export interface OrderChecks {
  lines: readonly PricedLine[]
  hasLocation: boolean
  delivery: DeliveryOption | null
  quote: DeliveryQuote | null
  paySystem: PaySystemRow | null
  /** The shown properties the buyer fills as plain inputs (not the widgets', coupons' or location's). */
  plainProps: readonly PropRow[]
  values: ReadonlyMap<string, string>
  comment: string
  minSum: Kopecks
}

/** What a save would refuse with, by the page's error blocks; empty when the order can be placed. */
export function orderErrors(c: OrderChecks): ErrorBlocks {
  const errors: ErrorBlocks = {}
  const push = (block: ErrorBlock, message: string) => (errors[block] ??= []).push(message)
  for (const line of c.lines) if (line.problem) push('MAIN', line.problem)
  if (c.lines.reduce((n, l) => n + l.item.quantity, 0) > MAX_ITEMS_PER_ORDER) push('MAIN', CART_MESSAGES.overOrderLimit)
  if (!c.paySystem) push('PAY_SYSTEM', CHECKOUT_MESSAGES.choosePaySystem)
  if (!c.hasLocation) push('REGION', CHECKOUT_MESSAGES.unknownLocation)
  if (!c.delivery) push('DELIVERY', CHECKOUT_MESSAGES.chooseDelivery)
  else if (c.quote && !c.quote.ok) push('DELIVERY', c.quote.message)
  for (const prop of c.plainProps) {
    const rule = { NAME: prop.name, CODE: prop.code, REQUIRED: yn(prop.required), IS_EMAIL: yn(prop.isEmail), IS_PHONE: yn(prop.isPhone) }
    const message = propertyError(rule, c.values.get(prop.code) ?? '', 'RU')
    if (message) push('PROPERTY', `${prop.name}: ${message}`)
  }
  if (c.comment.length > COMMENT_MAX) push('PROPERTY', CHECKOUT_MESSAGES.commentTooLong)
  const goods = goodsSum(c.lines)
  if (c.minSum > 0 && goods < c.minSum) push('MAIN', CART_MESSAGES.minOrder(kopecksToRubles(c.minSum)))
  return errors
}

const yn = (v: boolean): 'Y' | 'N' => (v ? 'Y' : 'N')

/** Totals of the priced lines plus a gift at zero, with the coupon and the delivery price. */
export function totalsOf(lines: readonly PricedLine[], gift: GiftOffer | null, couponDiscount: Kopecks, deliveryPrice: Kopecks): OrderTotals {
  const rows: TotalsLine[] = lines.map((l) => ({ quantity: l.item.quantity, price: l.price, basePrice: l.basePrice, weightGrams: l.item.weightGrams }))
  if (gift) rows.push({ quantity: 1, price: 0, basePrice: 0, weightGrams: gift.weightGrams })
  return orderTotals(rows, couponDiscount, deliveryPrice)
}
