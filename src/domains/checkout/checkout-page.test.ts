import { describe, expect, it } from 'vitest'
import type { Place } from '@/domains/delivery/delivery'
import { wireOrder } from '../../../tests/support/order-state'
import { CHECKOUT_MESSAGES } from './checkout'
import { answerCounts, initialCheckoutState, reduceCheckout, saveBlocker, type CheckoutEvent, type CheckoutPageState } from './checkout-page'
import { roundOf } from './checkout-rounds'
import { fromOrderState, type OrderState } from './checkout-wire'

const place = (code: string, name: string): Place => ({ code, name, region: '', display: name, coords: { lat: 0, lon: 0 } })
const MOSCOW = place('moskva', 'Москва')
const KAZAN = place('kazan', 'Казань')

const run = (events: CheckoutEvent[], from: CheckoutPageState = initialCheckoutState(wireOrder(), MOSCOW)) => events.reduce(reduceCheckout, from)

/** The server's answer to a form: the delivery and pay system it kept, the values it stated. */
function answer(over: { delivery?: string; deliveryError?: string; pay?: string; values?: Record<string, string> } = {}): OrderState {
  const order = wireOrder()
  if (over.delivery) order.DELIVERY[over.delivery] = { ...order.DELIVERY[over.delivery]!, CHECKED: 'Y', ...(over.deliveryError ? { CALCULATE_ERRORS: over.deliveryError } : {}) }
  if (over.pay) order.PAY_SYSTEM = order.PAY_SYSTEM.map((p) => (p.ID === over.pay ? { ...p, CHECKED: 'Y' as const } : p))
  order.ORDER_PROP.properties = order.ORDER_PROP.properties.map((p) => (p.CODE && over.values?.[p.CODE] !== undefined ? { ...p, VALUE: [over.values[p.CODE]!] } : p))
  return order
}

/** Sends a request and answers it: the events the page dispatches around one refresh. */
const refreshedWith = (s: CheckoutPageState, order: OrderState) => {
  const sent = reduceCheckout(s, { type: 'requestSent' })
  return reduceCheckout(sent, { type: 'refreshed', order, ticket: sent.ledger.latest })
}

const POINT = { MICRO_SOURCE: 'pvz', MICRO_POINT_ID: 'MSK12', PROP_ADDRESS: 'г Москва, ул Тверская, д 7' }

describe('checkout page reducer: rounds through named events (ADR 032)', () => {
  it('a refresh with a location gives round 2; a confirmed point accepted by the server gives round 3', () => {
    const located = refreshedWith(initialCheckoutState(wireOrder(), MOSCOW), answer())
    expect(roundOf(located.rounds)).toBe(2)
    const chosen = run([{ type: 'deliveryChosen', id: '1' }], located)
    expect(roundOf(chosen.rounds)).toBe(2)
    const confirmed = run([{ type: 'widgetConfirmed', values: POINT, prepaidOnly: false }], chosen)
    const accepted = refreshedWith(confirmed, answer({ delivery: '1', values: POINT }))
    expect(roundOf(accepted.rounds)).toBe(3)
    expect(accepted.form.values.PROP_ADDRESS).toBe(POINT.PROP_ADDRESS)
  })

  it('control: the server refusing the delivery fields keeps round 2', () => {
    const chosen = run([{ type: 'deliveryChosen', id: '1' }, { type: 'widgetConfirmed', values: POINT, prepaidOnly: false }], refreshedWith(initialCheckoutState(wireOrder(), MOSCOW), answer()))
    expect(roundOf(refreshedWith(chosen, answer({ delivery: '1', deliveryError: 'Пожалуйста, выберите пункт выдачи!' })).rounds)).toBe(2)
  })

  it('leaving the widget clears every delivery field, the address too, and drops to round 2', () => {
    const at3 = refreshedWith(run([{ type: 'deliveryChosen', id: '1' }, { type: 'widgetConfirmed', values: POINT, prepaidOnly: false }]), answer({ delivery: '1', values: POINT }))
    const left = reduceCheckout(at3, { type: 'widgetLeft' })
    expect(left.form.values).toMatchObject({ MICRO_SOURCE: '', MICRO_POINT_ID: '', PROP_ADDRESS: '' })
    expect(left.form.deliveryId).toBe('1')
    expect(roundOf(left.rounds)).toBe(2)
  })

  it('a new location clears the delivery and its fields; the same location again changes nothing', () => {
    const chosen = run([{ type: 'deliveryChosen', id: '1' }, { type: 'widgetConfirmed', values: POINT, prepaidOnly: true }])
    const same = reduceCheckout(chosen, { type: 'locationChosen', place: MOSCOW })
    expect(same.form).toBe(chosen.form)
    const moved = reduceCheckout(chosen, { type: 'locationChosen', place: KAZAN })
    expect(moved.form).toMatchObject({ deliveryId: '', values: { LOCATION: 'kazan', PROP_ADDRESS: '', MICRO_POINT_ID: '' } })
    expect(moved.cannotPay).toBe(false)
    expect(moved.place).toBe(KAZAN)
  })
})

describe('checkout page reducer: the "cannot pay" cookie (ADR 105)', () => {
  it('a prepay-only point drops a chosen cash method; another delivery lifts the flag', () => {
    const cash = run([{ type: 'paySystemChosen', id: '3' }, { type: 'deliveryChosen', id: '1' }, { type: 'widgetConfirmed', values: POINT, prepaidOnly: true }])
    expect(cash.cannotPay).toBe(true)
    expect(cash.form.paySystemId).toBe('')
    expect(reduceCheckout(cash, { type: 'deliveryChosen', id: '4' }).cannotPay).toBe(false)
  })

  it('control: a point that takes payment keeps the cash method', () => {
    const cash = run([{ type: 'paySystemChosen', id: '3' }, { type: 'deliveryChosen', id: '1' }, { type: 'widgetConfirmed', values: POINT, prepaidOnly: false }])
    expect(cash.form.paySystemId).toBe('3')
    expect(cash.cannotPay).toBe(false)
  })
})

describe('checkout page reducer: answers and saves (ADR 035)', () => {
  it('drops an answer overtaken by a later call, and keeps what was typed after the request left', () => {
    const sent = run([{ type: 'requestSent' }])
    const stale = sent.ledger.latest
    const typed = run([{ type: 'valueTyped', code: 'PROP_NAME', value: 'Анна' }, { type: 'requestSent' }], sent)
    expect(answerCounts(typed, stale)).toBe(false)
    expect(reduceCheckout(typed, { type: 'refreshed', order: answer({ values: { PROP_NAME: '' } }), ticket: stale })).toBe(typed)
    const latest = reduceCheckout(typed, { type: 'refreshed', order: answer({ values: { PROP_NAME: 'Сервер' } }), ticket: typed.ledger.latest })
    expect(latest.form.values.PROP_NAME).toBe('Сервер')
  })

  it('holds refresh answers while a save is out; a refused save lifts the hold, a placed one keeps it', () => {
    const sent = run([{ type: 'requestSent' }])
    const saving = reduceCheckout(sent, { type: 'saveStarted' })
    expect(saving).toMatchObject({ saving: true, holdAnswers: true })
    expect(answerCounts(saving, saving.ledger.latest)).toBe(false)
    expect(reduceCheckout(saving, { type: 'failed', message: 'x', ticket: saving.ledger.latest }).modal).toBeNull()
    const refused = run([{ type: 'saveRefused', messages: ['a', 'b'] }, { type: 'saveEnded', leaving: false }], saving)
    expect(refused).toMatchObject({ saving: false, holdAnswers: false, modal: ['a', 'b'] })
    expect(reduceCheckout(saving, { type: 'saveEnded', leaving: true })).toMatchObject({ saving: false, holdAnswers: true })
  })

  it('an ended attempt keeps the form under a new key (ADR 031)', () => {
    const s = run([{ type: 'valueTyped', code: 'PROP_NAME', value: 'Анна' }])
    const next = reduceCheckout(s, { type: 'attemptEnded' })
    expect(next.form.checkoutKey).not.toBe(s.form.checkoutKey)
    expect(next.form.values.PROP_NAME).toBe('Анна')
  })

  it('a coupon entered clears the box; one that failed keeps the text', () => {
    const typed = run([{ type: 'couponTyped', text: 'VITA10' }, { type: 'promoStarted' }])
    expect(typed.promoLoading).toBe(true)
    expect(reduceCheckout(typed, { type: 'promoEnded', entered: true })).toMatchObject({ promoLoading: false, couponText: '' })
    expect(reduceCheckout(typed, { type: 'promoEnded', entered: false }).couponText).toBe('VITA10')
  })
})

describe('what stops a save (spec section 5)', () => {
  const ready = (over: CheckoutEvent[] = []) =>
    run([
      { type: 'valueTyped', code: 'PROP_NAME', value: 'Анна' },
      { type: 'valueTyped', code: 'PROP_EMAIL', value: 'anna@example.ru' },
      { type: 'valueTyped', code: 'PROP_PHONE', value: '+7 (912) 345-67-89' },
      { type: 'deliveryChosen', id: '1' },
      { type: 'paySystemChosen', id: '1' },
      { type: 'offerToggled', on: true },
      { type: 'consentToggled', on: true },
      ...over,
    ])
  const blocker = (s: CheckoutPageState) => saveBlocker(s, fromOrderState(s.order))

  it('nothing when every rule holds', () => {
    expect(blocker(ready())).toBeNull()
  })

  it.each([
    ['a required field', [{ type: 'valueTyped', code: 'PROP_NAME', value: ' ' }], { kind: 'fields', fieldErrors: { PROP_NAME: CHECKOUT_MESSAGES.required } }],
    ['a wrong e-mail', [{ type: 'valueTyped', code: 'PROP_EMAIL', value: 'anna@' }], { kind: 'fields', fieldErrors: { PROP_EMAIL: CHECKOUT_MESSAGES.badEmail } }],
    ['the courier address', [{ type: 'deliveryChosen', id: '4' }], { kind: 'fields', fieldErrors: { PROP_ADDRESS: CHECKOUT_MESSAGES.deliveryFieldRequired } }],
    ['the pay system', [{ type: 'paySystemChosen', id: '' }], { kind: 'alert', message: CHECKOUT_MESSAGES.choosePaySystem }],
    ['the public offer', [{ type: 'offerToggled', on: false }], { kind: 'alert', message: CHECKOUT_MESSAGES.acceptOffer }],
    ['the consent, in the error modal', [{ type: 'consentToggled', on: false }], { kind: 'modal', message: CHECKOUT_MESSAGES.privacy }],
  ] as [string, CheckoutEvent[], unknown][])('%s', (_, events, expected) => {
    expect(blocker(ready(events))).toEqual(expected)
  })
})
