/**
 * The page's side of the checkout contract: the form as order[...] fields, the calls, and the form
 * copy kept in sessionStorage across reloads (spec section 3).
 */
import { postForm } from '@/lib/ajax-client'
import { withoutCheckoutKey, type FormState } from '../checkout-form'
import type { OrderState, RefreshAnswer, SaveAnswer } from '../checkout-wire'
import { CANNOT_PAY_COOKIE, DELIVERY_WIDGET_CODES } from '@/domains/delivery/delivery'

export const CHECKOUT_AJAX = '/local/components/bitrix/sale.order.ajax/ajax.php'
const STORE_KEY = 'vm-checkout-form'

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

/** The empty checkout page ends whatever attempt this tab had; its typed fields may serve the next one. */
export function dropStoredCheckoutKey(): void {
  const stored = loadStoredForm()
  if (!stored?.checkoutKey) return
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(withoutCheckoutKey(stored)))
  } catch {
    forgetForm()
  }
}

/** The answers that end a checkout attempt (ADR 031): an order placed, or the basket found empty. */
export function endsAttempt(answer: RefreshResult | SaveResult): boolean {
  return isEmptyBasket(answer) || (answer.order !== null && 'ID' in answer.order)
}

export function forgetForm(): void {
  try {
    sessionStorage.removeItem(STORE_KEY)
  } catch {
    // nothing to forget
  }
}

/** The delivery widgets' order properties (without the address, which is a visible field). */
export const MICRO_CODES = DELIVERY_WIDGET_CODES

/** The pickup picker's 'cannot pay' cookie (spec section 4): the confirmed point takes prepaid parcels only. */
export function cannotPayAtPoint(): boolean {
  return document.cookie.split('; ').some((c) => c === `${CANNOT_PAY_COOKIE}=Y`)
}
