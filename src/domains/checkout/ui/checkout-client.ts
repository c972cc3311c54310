/**
 * The page's side of the checkout contract: the form as order[...] fields, the calls, and the form
 * copy kept in sessionStorage across reloads (spec section 3).
 */
import { trackEcommerce } from '@/domains/analytics/data-layer'
import { viewGuid } from '@/domains/analytics/view-guid'
import { postForm } from '@/lib/ajax-client'
import { kopecksToRubles } from '@/lib/money'
import { withoutCheckoutKey, type FormState } from '../checkout-form'
import type { OrderView } from '../checkout-view'
import type { OrderState, RefreshAnswer, SaveAnswer } from '../checkout-wire'
import { CANNOT_PAY_COOKIE, DELIVERY_WIDGET_CODES } from '@/domains/delivery/delivery'

export const CHECKOUT_AJAX = '/local/components/bitrix/sale.order.ajax/ajax.php'
const STORE_KEY = 'vm-checkout-form'
const EVENT_TIMEOUT_MS = 5000

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

/**
 * Everything after a placed order (spec section 4), in order: a guest is registered (and optionally
 * subscribed), the subscribe box enrols the e-mail, the success event and the purchase go to analytics,
 * the tab forgets its form. Failures of these calls never keep the buyer from the order. Then the buyer
 * goes to the confirmation, except for an invoice ('bill'), whose confirmation the page shows itself.
 */
export async function afterOrder(placed: { form: FormState; view: OrderView; orderId: string; redirectUrl: string }): Promise<{ stay: boolean }> {
  const { form, view, orderId } = placed
  const v = form.values
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined)
  if (!view.authorized) await quiet(postForm('/ajax/MB-reg_me/', { id: orderId, orderId, subscribe: form.subscribe ? 'Y' : 'N' }))
  if (form.subscribe) {
    await quiet(
      postForm('/ajax/order-subscriptions/', {
        fullName: [v.PROP_NAME, v.PROP_LASTNAME].filter(Boolean).join(' '),
        email: v.PROP_EMAIL ?? '',
        phone: v.PROP_PHONE ?? '',
        isSubscribed: 'Y',
      }),
    )
  }
  await quiet(
    postForm('/ajax/search/send-event', { viewGuid: viewGuid(), event: 'ORDER_SUCCESS', orderId }, { signal: AbortSignal.timeout(EVENT_TIMEOUT_MS) }),
  )
  const items = view.lines.map((l) => ({ item_id: l.productId, item_name: l.name, price: kopecksToRubles(l.price), quantity: l.quantity }))
  trackEcommerce('purchase', items, {
    transaction_id: orderId,
    value: kopecksToRubles(view.totals.total),
    shipping: kopecksToRubles(view.totals.delivery),
    ...(view.coupon?.status === 'applied' ? { coupon: view.coupon.code } : {}),
  })
  forgetForm()
  if (view.paySystems.find((p) => p.id === form.paySystemId)?.code === 'bill') return { stay: true }
  window.location.assign(placed.redirectUrl)
  return { stay: false }
}
