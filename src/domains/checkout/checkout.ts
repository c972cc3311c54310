/**
 * Pure checkout rules: the spec's validation (section 5), coupons, totals. No I/O; the use-cases in
 * checkout.server.ts feed these with rows, the page reuses the field rules for live checks.
 */
import type { Kopecks } from '@/lib/money'

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
  giftOfferId: number | null
  active: boolean
}

export type CouponVerdict =
  | { ok: true; discount: Kopecks; gift: boolean }
  | { ok: false; text: string }

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

/** Whether a coupon applies to goods worth `goods` at `at`, and what it takes off. */
export function evaluateCoupon(row: CouponRow | undefined, goods: Kopecks, at: Date, giftAvailable = true): CouponVerdict {
  if (!row) return { ok: false, text: COUPON_STATUS_TEXT.notFound }
  if (!row.active) return { ok: false, text: COUPON_STATUS_TEXT.inactive }
  if (row.startsAt && row.startsAt > at) return { ok: false, text: COUPON_STATUS_TEXT.notStarted }
  if (row.expiresAt && row.expiresAt <= at) return { ok: false, text: COUPON_STATUS_TEXT.expired }
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return { ok: false, text: COUPON_STATUS_TEXT.usedUp }
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

export interface PricedLine {
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

export function orderTotals(lines: readonly PricedLine[], couponDiscount: Kopecks, deliveryPrice: Kopecks): OrderTotals {
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

// ---------- one-click holiday notice ----------

export interface HolidayNoticeSetting {
  /** YYYY-MM-DD, inclusive, shop time (Moscow). */
  from: string
  to: string
  /** The fallback form's start message: shown before anything is ordered, so it never says the order is taken. */
  start: string
  /** The thanks alert after a one-click order inside the window. */
  thanks: string
}

export type HolidayMessages = Pick<HolidayNoticeSetting, 'start' | 'thanks'>

/** The holiday messages apply only inside their window (spec: 31 Dec 2024 – 2 Jan 2025), by Moscow date. */
export function holidayMessagesAt(setting: unknown, at: Date): HolidayMessages | null {
  if (!setting || typeof setting !== 'object') return null
  const { from, to, start, thanks } = setting as Partial<HolidayNoticeSetting>
  if (typeof from !== 'string' || typeof to !== 'string' || typeof start !== 'string' || typeof thanks !== 'string') return null
  const moscowDay = new Date(at.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 10)
  return moscowDay >= from && moscowDay <= to ? { start, thanks } : null
}

// ---------- one-click and fallback forms (spec section 5) ----------

export const ONE_CLICK_MESSAGES = {
  name: 'Заполните поле "Имя и фамилия"',
  city: 'Заполните поле "Населенный пункт"',
  phone: 'Заполните поле "Контактный телефон"',
  badPhone: 'Введите корректный телефон.',
  email: 'Заполните поле "Email-адрес"',
  // Not in the spec: our wording of the thanks alert (ADR 030).
  thanks: 'Спасибо за заказ! Менеджер свяжется с вами в ближайшее время.',
  consent:
    'Нажимая «Отправить», вы подтверждаете, что вам исполнилось 18 лет, и принимаете политику обработки персональных данных и условия публичной оферты.',
} as const

export interface OneClickFields {
  UF_NAME: string
  UF_CITY: string
  UF_PHONE: string
  UF_EMAIL: string
}

/** What stays as typed: the name keeps Cyrillic letters and spaces, the city also digits. */
export const oneClickInput = {
  name: (v: string) => v.replace(/[^А-Яа-яЁё ]/g, ''),
  city: (v: string) => v.replace(/[^А-Яа-яЁё0-9 ]/g, ''),
}

/** The first failing rule's alert, in the form's order; null when the form may be sent. */
export function oneClickError(f: OneClickFields): string | null {
  if (!f.UF_NAME.trim() || !/^[А-Яа-яЁё ]+$/.test(f.UF_NAME.trim())) return ONE_CLICK_MESSAGES.name
  if (!f.UF_CITY.trim() || !/^[А-Яа-яЁё0-9 ]+$/.test(f.UF_CITY.trim())) return ONE_CLICK_MESSAGES.city
  const digits = f.UF_PHONE.replace(/\D/g, '')
  if (!digits) return ONE_CLICK_MESSAGES.phone
  if (digits.length !== 11) return ONE_CLICK_MESSAGES.badPhone
  if (!isEmail(f.UF_EMAIL)) return ONE_CLICK_MESSAGES.email
  return null
}
