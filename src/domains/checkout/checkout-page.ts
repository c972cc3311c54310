/**
 * The checkout page's state and its one reducer: every change the buyer or the server makes is a named
 * event. The order is held here once, as the server last sent it; the form and its request ledger
 * (ADR 035) and the rounds (ADR 032) are parts of the same state, so one event updates them together.
 */
import type { Place } from '@/domains/delivery/delivery'
import { DELIVERY_WIDGET_CODES } from '@/domains/delivery/delivery'
import { CHECKOUT_MESSAGES, propertyError } from './checkout'
import {
  NEW_LEDGER,
  changedFields,
  formFromOrder,
  isLatest,
  mergeAnswer,
  answerFields,
  nextAttempt,
  noteEdits,
  noteRequest,
  type FormState,
  type RequestLedger,
} from './checkout-form'
import { INITIAL_ROUNDS, reduceRounds, type RoundState } from './checkout-rounds'
import type { OrderView } from './checkout-view'
import type { OrderState } from './checkout-wire'

export interface PageChecks {
  /** Over the 125-item limit: every delivery option is disabled. */
  overQuantity: boolean
  /** getMaximumWeight: a false entry blocks that kind of widget. */
  weight: { point: boolean; courier: boolean }
}

export interface CheckoutPageState {
  order: OrderState
  form: FormState
  ledger: RequestLedger
  rounds: RoundState
  place: Place | null
  fieldErrors: Readonly<Record<string, string>>
  /** Messages of the error modal; null when it is closed. */
  modal: string[] | null
  offer: boolean
  consent: boolean
  /** The confirmed point takes prepaid parcels only (the picker's 'cannot pay' cookie). */
  cannotPay: boolean
  saving: boolean
  /** A save is out, or its order is placed and the page is leaving: refresh answers are not applied (ADR 035). */
  holdAnswers: boolean
  couponText: string
  promoLoading: boolean
  checks: PageChecks
  instalmentsOpen: boolean
  /** An invoice order stays on the page with its confirmation. */
  confirmation: { orderId: string; invoiceUrl: string } | null
}

export type CheckoutEvent =
  | { type: 'restored'; stored: Partial<FormState> | null }
  | { type: 'valueTyped'; code: string; value: string }
  | { type: 'locationChosen'; place: Place }
  | { type: 'deliveryChosen'; id: string }
  | { type: 'widgetConfirmed'; values: Record<string, string>; prepaidOnly: boolean }
  | { type: 'widgetLeft' }
  | { type: 'paySystemChosen'; id: string }
  | { type: 'personTypeChosen'; id: string }
  | { type: 'profileChosen'; id: string }
  | { type: 'commentTyped'; comment: string }
  | { type: 'subscribeToggled'; on: boolean }
  | { type: 'offerToggled'; on: boolean }
  | { type: 'consentToggled'; on: boolean }
  | { type: 'couponTyped'; text: string }
  | { type: 'requestSent' }
  | { type: 'refreshed'; order: OrderState; ticket: number }
  | { type: 'failed'; message: string; ticket?: number }
  | { type: 'modalClosed' }
  | { type: 'checked'; checks: PageChecks }
  | { type: 'promoStarted' }
  | { type: 'promoEnded'; entered: boolean }
  | { type: 'invalid'; fieldErrors: Record<string, string> }
  | { type: 'saveStarted' }
  | { type: 'saveRefused'; messages: string[] }
  | { type: 'saveEnded'; leaving: boolean }
  | { type: 'attemptEnded' }
  | { type: 'invoiceShown'; orderId: string }
  | { type: 'instalmentsToggled'; open: boolean }

export function initialCheckoutState(order: OrderState, place: Place | null): CheckoutPageState {
  return {
    order,
    form: formFromOrder(order),
    ledger: NEW_LEDGER,
    rounds: INITIAL_ROUNDS,
    place,
    fieldErrors: {},
    modal: null,
    offer: false,
    consent: false,
    cannotPay: false,
    saving: false,
    holdAnswers: false,
    couponText: '',
    promoLoading: false,
    checks: { overQuantity: false, weight: { point: true, courier: true } },
    instalmentsOpen: false,
    confirmation: null,
  }
}

/** Every field a delivery widget fills, the address included: leaving or replacing the widget clears them all. */
export const clearedWidgetFields = (): Record<string, string> =>
  Object.fromEntries([...DELIVERY_WIDGET_CODES, 'PROP_ADDRESS'].map((c) => [c, '']))

/** An answer counts when its call is the latest one and no save holds the answers (ADR 035). */
export const answerCounts = (s: CheckoutPageState, ticket: number): boolean => isLatest(s.ledger, ticket) && !s.holdAnswers

/** The buyer changes the form: the changed fields are stamped so an answer already under way keeps them. */
function edit(s: CheckoutPageState, change: (f: FormState) => FormState): CheckoutPageState {
  const form = change(s.form)
  return { ...s, form, ledger: noteEdits(s.ledger, changedFields(s.form, form)) }
}

const withValues = (f: FormState, values: Record<string, string>): FormState => ({ ...f, values: { ...f.values, ...values } })

export function reduceCheckout(s: CheckoutPageState, e: CheckoutEvent): CheckoutPageState {
  switch (e.type) {
    case 'restored':
      // The form kept in this tab wins over the server's defaults.
      return edit(s, () => formFromOrder(s.order, e.stored ?? undefined))
    case 'valueTyped':
      return { ...edit(s, (f) => withValues(f, { [e.code]: e.value })), fieldErrors: { ...s.fieldErrors, [e.code]: '' } }
    case 'locationChosen': {
      // The location input calls back once the server has remembered the place: the same place again
      // changes nothing, a new one clears the delivery (ADR 032).
      if (e.place.code === s.form.values.LOCATION) return { ...s, place: e.place }
      const next = edit(s, (f) => ({ ...withValues(f, { ...clearedWidgetFields(), LOCATION: e.place.code }), deliveryId: '' }))
      return { ...next, place: e.place, cannotPay: false, rounds: reduceRounds(s.rounds, { type: 'location', code: e.place.code }) }
    }
    case 'deliveryChosen': {
      const next = edit(s, (f) => ({ ...withValues(f, clearedWidgetFields()), deliveryId: e.id }))
      return { ...next, cannotPay: false, rounds: reduceRounds(s.rounds, { type: 'delivery', id: e.id }) }
    }
    case 'widgetConfirmed': {
      const cashChosen = s.order.PAY_SYSTEM.some((p) => p.ID === s.form.paySystemId && p.IS_CASH === 'Y')
      const next = edit(s, (f) => ({ ...withValues(f, e.values), paySystemId: e.prepaidOnly && cashChosen ? '' : f.paySystemId }))
      return {
        ...next,
        cannotPay: e.prepaidOnly,
        fieldErrors: { ...s.fieldErrors, PROP_ADDRESS: '' },
        rounds: reduceRounds(s.rounds, { type: 'deliveryFields', ready: true }),
      }
    }
    case 'widgetLeft': {
      const next = edit(s, (f) => withValues(f, clearedWidgetFields()))
      return { ...next, cannotPay: false, rounds: reduceRounds(s.rounds, { type: 'deliveryFields', ready: false }) }
    }
    case 'paySystemChosen':
      return { ...edit(s, (f) => ({ ...f, paySystemId: e.id })), rounds: reduceRounds(s.rounds, { type: 'paySystem', id: e.id }) }
    case 'personTypeChosen':
      return edit(s, (f) => ({ ...f, personType: e.id }))
    case 'profileChosen':
      // A profile brings its own values: the server fills every field from it.
      return edit(s, (f) => ({ ...f, profileId: e.id, values: {} }))
    case 'commentTyped':
      return edit(s, (f) => ({ ...f, comment: e.comment }))
    case 'subscribeToggled':
      return edit(s, (f) => ({ ...f, subscribe: e.on }))
    case 'offerToggled':
      return { ...s, offer: e.on }
    case 'consentToggled':
      return { ...s, consent: e.on }
    case 'couponTyped':
      return { ...s, couponText: e.text }
    case 'requestSent':
      return { ...s, ledger: noteRequest(s.ledger).ledger }
    case 'refreshed':
      return answerCounts(s, e.ticket) ? applyAnswer(s, e.order, e.ticket) : s
    case 'failed':
      if (e.ticket !== undefined && !answerCounts(s, e.ticket)) return s
      return { ...s, modal: [e.message] }
    case 'modalClosed':
      return { ...s, modal: null }
    case 'checked':
      return { ...s, checks: e.checks }
    case 'promoStarted':
      return { ...s, promoLoading: true }
    case 'promoEnded':
      return { ...s, promoLoading: false, couponText: e.entered ? '' : s.couponText }
    case 'invalid':
      return { ...s, fieldErrors: e.fieldErrors }
    case 'saveStarted':
      // The save takes a ticket too: a refresh answer still under way must not send the buyer to the cart.
      return { ...s, saving: true, holdAnswers: true, ledger: noteRequest(s.ledger).ledger }
    case 'saveRefused':
      return { ...s, modal: e.messages }
    case 'saveEnded':
      return { ...s, saving: false, holdAnswers: e.leaving }
    case 'attemptEnded':
      // Whatever the buyer does from now on belongs to a new attempt (ADR 031).
      return { ...s, form: nextAttempt(s.form) }
    case 'invoiceShown':
      return { ...s, confirmation: { orderId: e.orderId, invoiceUrl: `/payment/invoice/?ORDER_ID=${e.orderId}` } }
    case 'instalmentsToggled':
      return { ...s, instalmentsOpen: e.open }
  }
}

/** The latest answer: the server's verdict, except on fields the buyer edited after the request left. */
function applyAnswer(s: CheckoutPageState, order: OrderState, ticket: number): CheckoutPageState {
  const form = mergeAnswer(s.form, answerFields(order), s.ledger, ticket)
  const kept = order.DELIVERY[form.deliveryId]
  const rounds = reduceRounds(s.rounds, {
    type: 'refreshed',
    location: form.values.LOCATION ?? '',
    offered: Object.values(order.DELIVERY).map((d) => d.ID),
    checkedDelivery: kept ? form.deliveryId : '',
    deliveryValid: Boolean(kept && !kept.CALCULATE_ERRORS),
    checkedPaySystem: form.paySystemId,
  })
  return { ...s, order, form, rounds }
}

/** Property codes the page never shows as plain inputs: the widgets and the coupon box fill them. */
const HIDDEN_CODES = new Set<string>([...DELIVERY_WIDGET_CODES, 'PROMO_CODE', 'GIFT_CODE', 'PROP_ADDRESS'])

export const contactProperties = (view: OrderView) => view.properties.filter((p) => !HIDDEN_CODES.has(p.code) && !p.isLocation)

/** What stops a save before it is sent, in the spec's order (section 5); null when it may go. */
export type SaveBlocker =
  | { kind: 'fields'; fieldErrors: Record<string, string> }
  | { kind: 'alert'; message: string }
  | { kind: 'modal'; message: string }

export function saveBlocker(s: CheckoutPageState, view: OrderView): SaveBlocker | null {
  const { values } = s.form
  const errors: Record<string, string> = {}
  for (const p of contactProperties(view)) {
    const message = propertyError(
      { NAME: p.name, CODE: p.code, REQUIRED: p.required ? 'Y' : 'N', IS_EMAIL: p.isEmail ? 'Y' : 'N', IS_PHONE: p.isPhone ? 'Y' : 'N' },
      values[p.code] ?? '',
      view.countryCode,
    )
    if (message) errors[p.code] = message
  }
  if (view.properties.some((p) => p.isLocation) && !values.LOCATION) errors.LOCATION = CHECKOUT_MESSAGES.required
  const delivery = view.deliveries.find((d) => d.id === s.form.deliveryId)
  if (delivery?.type === 'courier' && !values.PROP_ADDRESS) errors.PROP_ADDRESS = CHECKOUT_MESSAGES.deliveryFieldRequired
  if (Object.keys(errors).length > 0) return { kind: 'fields', fieldErrors: errors }
  if (!s.form.deliveryId) return { kind: 'alert', message: CHECKOUT_MESSAGES.chooseDelivery }
  if (!s.form.paySystemId) return { kind: 'alert', message: CHECKOUT_MESSAGES.choosePaySystem }
  if (!s.offer) return { kind: 'alert', message: CHECKOUT_MESSAGES.acceptOffer }
  // The personal-data consent is its own box (spec section 5: required); its text goes to the error modal.
  if (!s.consent) return { kind: 'modal', message: CHECKOUT_MESSAGES.privacy }
  return null
}
