/**
 * The page's side of the checkout contract: the form as order[...] fields, the calls, and the form
 * copy kept in sessionStorage across reloads (spec section 3).
 */
import { postForm } from '@/lib/ajax-client'
import type { OrderState, RefreshAnswer, SaveAnswer } from '../checkout-wire'
import { DELIVERY_WIDGET_CODES } from '@/domains/delivery/delivery'

export const CHECKOUT_AJAX = '/local/components/bitrix/sale.order.ajax/ajax.php'
const STORE_KEY = 'vm-checkout-form'

export interface FormState {
  personType: string
  profileId: string
  /** Property values by code. */
  values: Record<string, string>
  deliveryId: string
  paySystemId: string
  comment: string
  subscribe: boolean
  /** One key per checkout attempt (ADR 031): a double submit gets the first order. */
  checkoutKey: string
}

export type EmptyBasket = { success: 'N'; redirect: string }
export const isEmptyBasket = (v: unknown): v is EmptyBasket =>
  typeof v === 'object' && v !== null && 'redirect' in v && (v as { success?: unknown }).success === 'N'

/** The form as the server reads it; property ids come from the current order's properties. */
export function orderFields(form: FormState, order: OrderState | null): Record<string, string> {
  const out: Record<string, string> = {
    PERSON_TYPE: form.personType,
    PERSON_TYPE_OLD: form.personType,
    PROFILE_ID: form.profileId || '0',
    DELIVERY_ID: form.deliveryId,
    PAY_SYSTEM_ID: form.paySystemId,
    ORDER_DESCRIPTION: form.comment,
    location_type: 'code',
    RECENT_DELIVERY_VALUE: form.values.LOCATION ?? '',
    CHECKOUT_KEY: form.checkoutKey,
  }
  for (const p of order?.ORDER_PROP.properties ?? []) {
    if (p.CODE && p.CODE in form.values) out[`ORDER_PROP_${p.ID}`] = form.values[p.CODE] ?? ''
  }
  return out
}

export async function callCheckout<T>(
  action: string,
  form: FormState,
  order: OrderState | null,
  extra: Record<string, string> = {},
): Promise<T> {
  return postForm<T>(CHECKOUT_AJAX, {
    action,
    SITE_ID: 's2',
    via_ajax: 'Y',
    signedParamsString: '',
    ...extra,
    order: orderFields(form, order),
  })
}

export type RefreshResult = RefreshAnswer | EmptyBasket
export type SaveResult = SaveAnswer | EmptyBasket

export function newCheckoutKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`
}

export function loadStoredForm(): Partial<FormState> | null {
  try {
    const raw = sessionStorage.getItem(STORE_KEY)
    return raw ? (JSON.parse(raw) as Partial<FormState>) : null
  } catch {
    return null
  }
}

export function storeForm(form: FormState): void {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(form))
  } catch {
    // Private mode or a full store: the form still works, it is just not kept across reloads.
  }
}

export function forgetForm(): void {
  try {
    sessionStorage.removeItem(STORE_KEY)
  } catch {
    // nothing to forget
  }
}

/** The form as the server filled it (request, profile, account, defaults). */
export function formFromOrder(order: OrderState, previous?: Partial<FormState>): FormState {
  const values: Record<string, string> = {}
  for (const p of order.ORDER_PROP.properties) if (p.CODE) values[p.CODE] = p.VALUE[0] ?? ''
  return {
    personType: Object.values(order.PERSON_TYPE).find((t) => t.CHECKED === 'Y')?.ID ?? '',
    profileId: Object.values(order.USER_PROFILES).find((p) => p.CHECKED === 'Y')?.ID ?? '0',
    values: { ...values, ...previous?.values },
    deliveryId:
      previous?.deliveryId ?? Object.values(order.DELIVERY).find((d) => d.CHECKED === 'Y')?.ID ?? '',
    paySystemId: previous?.paySystemId ?? order.PAY_SYSTEM.find((p) => p.CHECKED === 'Y')?.ID ?? '',
    comment: previous?.comment ?? order.ORDER_DESCRIPTION,
    subscribe: previous?.subscribe ?? false,
    checkoutKey: previous?.checkoutKey || newCheckoutKey(),
  }
}

/** The server's verdict replaces the client's guesses: values, kept delivery and pay system. */
export function syncForm(form: FormState, order: OrderState): FormState {
  const values = { ...form.values }
  for (const p of order.ORDER_PROP.properties) {
    const server = p.VALUE[0] ?? ''
    // The server owns the coupon mirrors, the location code and the recomputed delivery price.
    if (
      p.CODE &&
      (p.CODE === 'PROMO_CODE' ||
        p.CODE === 'GIFT_CODE' ||
        p.IS_LOCATION === 'Y' ||
        p.CODE === 'MICRO_DELIVERY_PRICE' ||
        !(p.CODE in values))
    ) {
      values[p.CODE] = server
    }
  }
  return {
    ...form,
    personType: Object.values(order.PERSON_TYPE).find((t) => t.CHECKED === 'Y')?.ID ?? form.personType,
    values,
    deliveryId: Object.values(order.DELIVERY).find((d) => d.CHECKED === 'Y')?.ID ?? '',
    paySystemId: order.PAY_SYSTEM.find((p) => p.CHECKED === 'Y')?.ID ?? '',
  }
}

/** The delivery widgets' order properties (without the address, which is a visible field). */
export const MICRO_CODES = DELIVERY_WIDGET_CODES
