'use client'

import Link from 'next/link'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { trackEcommerce, type AnalyticsItem } from '@/domains/analytics/data-layer'
import { CART_MESSAGES } from '@/domains/cart/cart'
import { removeFromBasket, useVisitorState } from '@/domains/cart/ui/cart-store'
import type { DeliveryBasketLine, Place } from '@/domains/delivery/delivery'
import { CourierPicker } from '@/domains/delivery/ui/courier-picker'
import { LocationInput } from '@/domains/delivery/ui/location-input'
import { PickupPicker } from '@/domains/delivery/ui/pickup-picker'
import { viewGuid } from '@/domains/analytics/view-guid'
import { InstalmentWindow } from '@/domains/payment/ui/instalment-window'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { PhoneInput } from '@/ui/phone-input'
import { Modal } from '@/ui/modal'
import { CHECKOUT_MESSAGES, COMMENT_MAX, propertyError, stripNameInput } from '../checkout'
import { formFromOrder, type FormState } from '../checkout-form'
import { INITIAL_ROUNDS, reduceRounds, visibleBlocks } from '../checkout-rounds'
import type { OrderProperty, OrderState, RefreshAnswer } from '../checkout-wire'
import {
  MICRO_CODES,
  callCheckout,
  cannotPayAtPoint,
  endsAttempt,
  forgetForm,
  isEmptyBasket,
  loadStoredForm,
  type RefreshResult,
  type SaveResult,
} from './checkout-client'
import { useCheckoutForm } from './use-checkout-form'

const CART_REFRESH_DELAY_MS = 300
const EVENT_TIMEOUT_MS = 5000
const NAME_CODES = new Set(['PROP_NAME', 'PROP_SECONDNAME', 'PROP_LASTNAME'])
const HIDDEN_CODES = new Set<string>([...MICRO_CODES, 'PROMO_CODE', 'GIFT_CODE', 'PROP_ADDRESS'])
const FAILED = 'Произошла ошибка, попробуйте повторить попытку позже.'
// Every field a delivery widget fills, the address included: leaving or replacing the widget clears them all.
const clearedWidgetFields = () => Object.fromEntries([...MICRO_CODES, 'PROP_ADDRESS'].map((c) => [c, '']))

export interface CheckoutPageProps {
  initial: RefreshAnswer
  initialPlace: Place | null
  tilesUrl: string
}

type Confirmation = { orderId: string; invoiceUrl: string }

export function CheckoutPage({ initial, initialPlace, tilesUrl }: CheckoutPageProps) {
  const [order, setOrder] = useState<OrderState | null>(initial.order)
  const { form, formRef, edit, send, stillLatest, accept, endAttempt } = useCheckoutForm(initial.order!)
  const [place, setPlace] = useState<Place | null>(initialPlace)
  const [rounds, dispatch] = useReducer(reduceRounds, INITIAL_ROUNDS)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [modal, setModal] = useState<string[] | null>(null)
  const [offer, setOffer] = useState(false)
  const [consent, setConsent] = useState(false)
  // The picker's 'cannot pay' cookie: the confirmed point takes prepaid parcels only, so cash on receipt goes.
  const [cannotPay, setCannotPay] = useState(false)
  const [saving, setSaving] = useState(false)
  const [couponText, setCouponText] = useState('')
  const [promoLoading, setPromoLoading] = useState(false)
  const [overQuantity, setOverQuantity] = useState(false)
  const [weight, setWeight] = useState<{ point: boolean; courier: boolean }>({ point: true, courier: true })
  const [instalmentsOpen, setInstalmentsOpen] = useState(false)
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null)
  const leftRef = useRef<HTMLDivElement>(null)
  const orderRef = useRef(order)
  // While a save is out, refresh answers describe a basket the order may already have emptied: only the
  // save's own answer decides where the buyer goes (ADR 035).
  const saveInFlight = useRef(false)

  /** Applies the answer of the latest order call (the caller checked its ticket). */
  const apply = useCallback(
    (answer: RefreshResult, ticket: number) => {
      if (isEmptyBasket(answer)) {
        // Also how a save whose answer was lost ends: its order emptied the basket (ADR 031).
        endAttempt()
        window.location.assign(answer.redirect)
        return
      }
      if (answer.error || !answer.order) {
        setModal([answer.error || FAILED])
        return
      }
      const next = answer.order
      orderRef.current = next
      setOrder(next)
      const merged = accept(next, ticket)
      const kept = next.DELIVERY[merged.deliveryId]
      dispatch({
        type: 'refreshed',
        location: merged.values.LOCATION ?? '',
        offered: Object.values(next.DELIVERY).map((d) => d.ID),
        checkedDelivery: kept ? merged.deliveryId : '',
        deliveryValid: Boolean(kept && !kept.CALCULATE_ERRORS),
        checkedPaySystem: merged.paySystemId,
      })
    },
    [accept, endAttempt],
  )

  /**
   * One order call with the form as it is now. Its answer, or its failure, is dropped when a later call
   * has left since (ADR 035). Resolves false when the call failed.
   */
  const orderCall = useCallback(
    async (action: string, extra: Record<string, string> = {}): Promise<boolean> => {
      const { ticket, form: sent } = send()
      try {
        const answer = await callCheckout<RefreshResult>(action, sent, orderRef.current, extra)
        if (stillLatest(ticket) && !saveInFlight.current) apply(answer, ticket)
        return true
      } catch (error) {
        if (stillLatest(ticket) && !saveInFlight.current) setModal([error instanceof AjaxCallError ? error.message : FAILED])
        return false
      }
    },
    [send, stillLatest, apply],
  )
  const refresh = useCallback(() => orderCall('refreshOrderAjax'), [orderCall])

  const runChecks = useCallback(async () => {
    try {
      const [quantity, weights] = await Promise.all([
        callCheckout<boolean | object>('getMaximumQuantity', formRef.current, orderRef.current),
        callCheckout<{ point: boolean; courier: boolean } | object>('getMaximumWeight', formRef.current, orderRef.current),
      ])
      setOverQuantity(quantity === true)
      if ('point' in weights) setWeight(weights)
    } catch {
      // The server checks again on save; a failed check must not block the page.
    }
  }, [formRef])

  // First load: the form kept in this tab wins over the server's defaults.
  useEffect(() => {
    const stored = loadStoredForm()
    // Deferred a tick: the first refresh sets state, which an effect body must not do synchronously.
    void Promise.resolve().then(() => {
      edit(() => formFromOrder(initial.order!, stored ?? undefined))
      return refresh()
    })
    void runChecks()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- first load only: later form, cart and location changes refresh through their own effects
  }, [])

  // A cart change elsewhere (header popup, another tab's store): refresh after 300 ms, re-run the checks.
  const { cart } = useVisitorState()
  const cartSignature = `${cart.Count}:${cart.TotalPrice}`
  const firstSignature = useRef(cartSignature)
  useEffect(() => {
    if (cartSignature === firstSignature.current) return
    firstSignature.current = cartSignature
    const timer = window.setTimeout(() => {
      void refresh()
      void runChecks()
    }, CART_REFRESH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [cartSignature, refresh, runChecks])

  const setValue = (code: string, value: string) => {
    edit((f) => ({ ...f, values: { ...f.values, [code]: value } }))
    setFieldErrors((e) => ({ ...e, [code]: '' }))
  }

  const props = order?.ORDER_PROP.properties ?? []
  const contactProps = props.filter((p) => p.CODE && !HIDDEN_CODES.has(p.CODE) && p.IS_LOCATION !== 'Y')
  const locationProp = props.find((p) => p.IS_LOCATION === 'Y')
  const deliveries = useMemo(() => Object.values(order?.DELIVERY ?? {}).sort((a, b) => a.SORT - b.SORT), [order])
  const chosenDelivery = deliveries.find((d) => d.ID === form.deliveryId)
  const chosenPay = order?.PAY_SYSTEM.find((p) => p.ID === form.paySystemId)
  const rows = Object.values(order?.GRID.ROWS ?? {}).map((r) => r.data)
  const outOfStock = rows.filter((r) => r.CAN_BUY === 'N')
  const coupon = order?.COUPON_LIST[0]
  const blocks = visibleBlocks(rounds)
  const basketForWidgets: DeliveryBasketLine[] = rows
    .filter((r) => r.IS_GIFT !== 'Y')
    .map((r) => ({ name: r.NAME, externalId: r.PRODUCT_ID, priceKopecks: Math.round(r.PRICE * 100), quantity: r.QUANTITY, weight: r.WEIGHT }))

  const deliveryBlocked = (type: string | undefined) =>
    overQuantity || (type === 'courier' ? !weight.courier : !weight.point)

  // The location input calls back once the server has remembered the place, which may be after the
  // buyer has moved on: the same place again changes nothing, a new one clears the delivery (ADR 032).
  const chooseLocation = (p: Place) => {
    setPlace(p)
    if (p.code === formRef.current.values.LOCATION) return
    dispatch({ type: 'location', code: p.code })
    setCannotPay(false)
    edit((f) => ({ ...f, deliveryId: '', values: { ...f.values, ...clearedWidgetFields(), LOCATION: p.code } }))
    void refresh()
  }

  const chooseDelivery = (id: string) => {
    dispatch({ type: 'delivery', id })
    setCannotPay(false)
    edit((f) => ({ ...f, deliveryId: id, values: { ...f.values, ...clearedWidgetFields() } }))
    void refresh()
  }

  const onWidgetConfirm = useCallback(
    (micro: Record<string, string>) => {
      dispatch({ type: 'deliveryFields', ready: true })
      setFieldErrors((e) => ({ ...e, PROP_ADDRESS: '' }))
      // The picker has just written the cookie for this point (spec section 4).
      const prepaidOnly = cannotPayAtPoint()
      setCannotPay(prepaidOnly)
      const cashChosen = orderRef.current?.PAY_SYSTEM.some((p) => p.ID === formRef.current.paySystemId && p.IS_CASH === 'Y')
      edit((f) => ({ ...f, paySystemId: prepaidOnly && cashChosen ? '' : f.paySystemId, values: { ...f.values, ...micro } }))
      void refresh()
    },
    [edit, refresh, formRef],
  )
  const onWidgetLeave = useCallback(() => {
    dispatch({ type: 'deliveryFields', ready: false })
    setCannotPay(false)
    edit((f) => ({ ...f, values: { ...f.values, ...clearedWidgetFields() } }))
    void refresh()
  }, [edit, refresh])

  const choosePay = (id: string) => {
    dispatch({ type: 'paySystem', id })
    edit((f) => ({ ...f, paySystemId: id }))
    void refresh()
  }

  const choosePersonType = (id: string) => {
    edit((f) => ({ ...f, personType: id }))
    void refresh()
  }

  // A profile brings its own values: the server fills every field from it.
  const chooseProfile = (id: string) => {
    edit((f) => ({ ...f, profileId: id, values: {} }))
    void refresh()
  }

  // ---------- coupons ----------
  const enterCoupon = async () => {
    const code = couponText.trim()
    if (!code || promoLoading) return
    setPromoLoading(true)
    try {
      // Entering a code first removes the applied one (spec section 4); only the last answer is shown.
      for (const c of orderRef.current?.COUPON_LIST ?? []) {
        await callCheckout('removeCoupon', formRef.current, orderRef.current, { coupon: c.COUPON })
      }
      if (await orderCall('enterCoupon', { coupon: code })) setCouponText('')
    } catch (error) {
      setModal([error instanceof AjaxCallError ? error.message : FAILED])
    } finally {
      setPromoLoading(false)
    }
  }
  const clearCoupon = async () => {
    if (!coupon || promoLoading) return
    setPromoLoading(true)
    try {
      await orderCall('removeCoupon', { coupon: coupon.COUPON })
    } finally {
      setPromoLoading(false)
    }
  }

  // ---------- save ----------
  const validate = (current: FormState): boolean => {
    const errors: Record<string, string> = {}
    for (const p of contactProps) {
      const message = propertyError(p, current.values[p.CODE ?? ''] ?? '', order?.COUNTRY_CODE ?? 'RU')
      if (message && p.CODE) errors[p.CODE] = message
    }
    if (locationProp && !current.values.LOCATION) errors.LOCATION = CHECKOUT_MESSAGES.required
    if (chosenDelivery?.TYPE === 'courier' && !current.values.PROP_ADDRESS) errors.PROP_ADDRESS = CHECKOUT_MESSAGES.deliveryFieldRequired
    setFieldErrors(errors)
    if (Object.keys(errors).length > 0) {
      leftRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      return false
    }
    const alertText = !current.deliveryId
      ? CHECKOUT_MESSAGES.chooseDelivery
      : !current.paySystemId
        ? CHECKOUT_MESSAGES.choosePaySystem
        : !offer
          ? CHECKOUT_MESSAGES.acceptOffer
          : null
    if (alertText) {
      window.alert(alertText)
      leftRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      return false
    }
    // The personal-data consent is its own box (spec section 5: required); its text goes to the error modal.
    if (!consent) {
      setModal([CHECKOUT_MESSAGES.privacy])
      return false
    }
    return true
  }

  const save = async () => {
    const current = formRef.current
    if (saving || promoLoading || !order || !validate(current)) return
    setSaving(true)
    saveInFlight.current = true
    // The save takes a ticket too: a refresh answer still under way (after the order, an empty basket)
    // must not send the buyer to the cart.
    send()
    let leaving = false
    try {
      const answer = await callCheckout<SaveResult>('saveOrderAjax', current, orderRef.current)
      // Before anything else: whatever the buyer does while the page leaves belongs to a new attempt.
      if (endsAttempt(answer)) endAttempt()
      if (isEmptyBasket(answer)) {
        leaving = true
        window.location.assign(answer.redirect)
        return
      }
      if ('ERROR' in answer.order) {
        setModal(Object.values(answer.order.ERROR).flatMap((list) => list ?? []))
        return
      }
      leaving = true
      await afterSave(current, answer.order.ID, answer.order.REDIRECT_URL)
    } catch (error) {
      setModal([error instanceof AjaxCallError ? error.message : FAILED])
    } finally {
      setSaving(false)
      // A refused save may have dropped refresh answers: show the order as the server sees it now.
      if (!leaving) {
        saveInFlight.current = false
        void refresh()
      }
    }
  }

  const afterSave = async (saved: FormState, orderId: string, redirectUrl: string) => {
    const v = saved.values
    const quiet = (p: Promise<unknown>) => p.catch(() => undefined)
    if (!order?.IS_AUTHORIZED) await quiet(postForm('/ajax/MB-reg_me/', { id: orderId, orderId, subscribe: saved.subscribe ? 'Y' : 'N' }))
    if (saved.subscribe) {
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
    const items: AnalyticsItem[] = rows.map((r) => ({ item_id: r.PRODUCT_ID, item_name: r.NAME, price: r.PRICE, quantity: r.QUANTITY }))
    trackEcommerce('purchase', items, {
      transaction_id: orderId,
      value: order?.TOTAL.ORDER_TOTAL_PRICE ?? 0,
      shipping: order?.TOTAL.DELIVERY_PRICE ?? 0,
      ...(coupon?.JS_STATUS === 'APPLIED' ? { coupon: coupon.COUPON } : {}),
    })
    forgetForm()
    if (chosenPay?.CODE === 'bill') setConfirmation({ orderId, invoiceUrl: `/payment/invoice/?ORDER_ID=${orderId}` })
    else window.location.assign(redirectUrl)
  }

  if (confirmation) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl border border-line p-6 text-center" data-testid="bill-confirmation">
        <h1 className="text-2xl font-bold">Заказ №{confirmation.orderId} оформлен</h1>
        <p className="mt-3 text-ink-600">Счёт на оплату готов. Заказ соберём, как только поступит оплата.</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href={confirmation.invoiceUrl} target="_blank" rel="noopener" className="rounded-full border border-brand-600 px-5 py-2 font-semibold text-brand-700">
            Открыть счёт
          </a>
          <Link href="/catalog/" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white">
            Продолжить покупки
          </Link>
        </div>
      </section>
    )
  }
  if (!order) return null

  const t = order.TOTAL
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_340px] lg:grid-cols-[minmax(0,1fr)_380px]">
      <div ref={leftRef} className="flex min-w-0 flex-col gap-6 scroll-mt-24" data-testid="checkout-left">
        {outOfStock.length > 0 && (
          <div role="alert" className="rounded-xl border border-sale-500 bg-sale-500/5 p-4 text-sm" data-testid="out-of-stock">
            <p className="font-semibold text-sale-500">Некоторых товаров нет в нужном количестве. Удалите их из корзины, чтобы продолжить.</p>
            <ul className="mt-2 flex flex-col gap-1">
              {outOfStock.map((r) => (
                <li key={r.ID} className="flex items-center justify-between gap-2">
                  <span>{r.NAME}</span>
                  <button type="button" className="text-sale-500 underline" onClick={() => void removeFromBasket(Number(r.PRODUCT_ID))}>
                    Удалить
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        {Object.keys(order.PERSON_TYPE).length > 1 && (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">Тип плательщика</legend>
            {Object.values(order.PERSON_TYPE)
              .sort((a, b) => a.SORT - b.SORT)
              .map((pt) => (
                <label key={pt.ID} className="flex items-center gap-2">
                  <input type="radio" name="PERSON_TYPE" checked={form.personType === pt.ID} onChange={() => choosePersonType(pt.ID)} />
                  {pt.NAME}
                </label>
              ))}
          </fieldset>
        )}

        <Section title="Покупатель" n={1}>
          {Object.keys(order.USER_PROFILES).length > 0 && (
            <label className="mb-3 flex flex-col gap-1 text-sm">
              Профиль
              <select
                className="rounded-lg border border-line px-3 py-2"
                value={form.profileId}
                onChange={(e) => chooseProfile(e.target.value)}
              >
                {Object.values(order.USER_PROFILES).map((p) => (
                  <option key={p.ID} value={p.ID}>
                    {p.NAME}
                  </option>
                ))}
              </select>
            </label>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {contactProps.map((p) => (
              <ContactField key={p.ID} prop={p} value={form.values[p.CODE ?? ''] ?? ''} error={fieldErrors[p.CODE ?? '']} country={order.COUNTRY_CODE} onChange={setValue} />
            ))}
          </div>
        </Section>

        <Section title="Доставка" n={2}>
          <LocationInput value={place} onChange={chooseLocation} error={fieldErrors.LOCATION} />
          {blocks.deliveries && (
            <div className="mt-4 flex flex-col gap-2" role="radiogroup" aria-label="Способ доставки">
              {overQuantity && <p className="text-sm text-sale-500">{CART_MESSAGES.overOrderLimit}</p>}
              {deliveries.map((d) => {
                const blocked = deliveryBlocked(d.TYPE) || Boolean(d.CALCULATE_ERRORS && d.ID !== form.deliveryId)
                return (
                  <label
                    key={d.ID}
                    className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${d.ID === form.deliveryId ? 'border-brand-600 bg-brand-50' : 'border-line'} ${blocked ? 'opacity-50' : ''}`}
                  >
                    <input type="radio" name="DELIVERY_ID" value={d.ID} disabled={blocked} checked={d.ID === form.deliveryId} onChange={() => chooseDelivery(d.ID)} className="mt-1" />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="flex flex-wrap justify-between gap-2 font-semibold">
                        <span>{d.NAME}</span>
                        <span>{d.PRICE_FORMATED}</span>
                      </span>
                      <span className="text-sm text-ink-600">{d.PERIOD_TEXT}</span>
                      {d.CALCULATE_ERRORS && <span className="text-sm text-sale-500">{d.CALCULATE_ERRORS}</span>}
                    </span>
                  </label>
                )
              })}
            </div>
          )}
          {chosenDelivery && form.values.LOCATION && (
            <div className="mt-4" data-testid="delivery-widget">
              {chosenDelivery.TYPE === 'courier' ? (
                <CourierPicker
                  key={`${form.values.LOCATION}-${chosenDelivery.ID}`}
                  cityCode={form.values.LOCATION}
                  deliveryId={chosenDelivery.ID}
                  type={chosenDelivery.CODE ?? 'courier'}
                  basket={basketForWidgets}
                  onConfirm={onWidgetConfirm}
                  onLeave={onWidgetLeave}
                  postPay={chosenPay?.IS_CASH === 'Y'}
                  initialAddress={form.values.PROP_ADDRESS ?? ''}
                />
              ) : (
                <PickupPicker
                  key={`${form.values.LOCATION}-${chosenDelivery.ID}`}
                  cityCode={form.values.LOCATION}
                  deliveryId={chosenDelivery.ID}
                  type={chosenDelivery.CODE ?? ''}
                  basket={basketForWidgets}
                  onConfirm={onWidgetConfirm}
                  onLeave={onWidgetLeave}
                  postPay={chosenPay?.IS_CASH === 'Y'}
                  tilesUrl={tilesUrl}
                  initialPointId={form.values.MICRO_POINT_ID || undefined}
                />
              )}
              {fieldErrors.PROP_ADDRESS && <p className="mt-1 text-sm text-sale-500">{fieldErrors.PROP_ADDRESS}</p>}
            </div>
          )}
        </Section>

        {blocks.paySystems && (
          <Section title="Оплата" n={3}>
            <div className="flex flex-col gap-2" role="radiogroup" aria-label="Способ оплаты">
              {order.PAY_SYSTEM.filter((p) => !(cannotPay && p.IS_CASH === 'Y')).map((p) => (
                <label key={p.ID} className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${p.ID === form.paySystemId ? 'border-brand-600 bg-brand-50' : 'border-line'}`}>
                  <input type="radio" name="PAY_SYSTEM_ID" value={p.ID} checked={p.ID === form.paySystemId} onChange={() => choosePay(p.ID)} className="mt-1" />
                  <span className="flex flex-col">
                    <span className="font-semibold">{p.NAME}</span>
                    {p.DESCRIPTION && <span className="text-sm text-ink-600">{p.DESCRIPTION}</span>}
                    {p.CODE === 'dolyame' && (
                      <button type="button" className="self-start text-sm text-brand-700 underline" onClick={() => setInstalmentsOpen(true)}>
                        Как это работает
                      </button>
                    )}
                  </span>
                </label>
              ))}
            </div>
          </Section>
        )}

        {blocks.deliveryInfo && chosenDelivery && (
          <div className="rounded-xl bg-surface p-4 text-sm" data-testid="delivery-info">
            <p>
              <b>{chosenDelivery.NAME}</b>, {order.LOCATION_NAME}
              {form.values.PROP_ADDRESS ? `, ${form.values.PROP_ADDRESS}` : ''}
            </p>
            {chosenDelivery.PERIOD_TEXT && <p className="text-ink-600">{chosenDelivery.PERIOD_TEXT}</p>}
          </div>
        )}

        <label className="flex flex-col gap-1 text-sm">
          Комментарий к заказу
          <textarea
            name="ORDER_DESCRIPTION"
            maxLength={COMMENT_MAX}
            rows={3}
            value={form.comment}
            onChange={(e) => {
              const comment = e.target.value.slice(0, COMMENT_MAX)
              edit((f) => ({ ...f, comment }))
            }}
            className="rounded-lg border border-line px-3 py-2"
          />
          <span className="self-end text-xs text-ink-400">
            {form.comment.length}/{COMMENT_MAX}
          </span>
        </label>
      </div>

      <aside className="flex flex-col gap-4 md:sticky md:top-4 md:self-start">
        <div className="rounded-2xl border border-line p-4">
          <h2 className="text-lg font-bold">Ваш заказ</h2>
          <ul className="mt-3 flex flex-col gap-3" data-testid="summary-lines">
            {rows.map((r) => (
              <li key={r.ID} className="flex gap-3 text-sm">
                <img src={r.PREVIEW_PICTURE_SRC || '/favicon.ico'} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-contain" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <a href={r.DETAIL_PAGE_URL} className="line-clamp-2 hover:underline">
                    {r.NAME}
                  </a>
                  <span className="text-ink-600">
                    {r.IS_GIFT === 'Y' ? 'Подарок' : `${r.QUANTITY} шт.`}
                    {r.CAN_BUY === 'N' && <span className="ml-2 text-sale-500">нет в наличии</span>}
                  </span>
                </span>
                <span className="shrink-0 font-semibold">{r.IS_GIFT === 'Y' ? '0 ₽' : `${r.SUM_NUM.toLocaleString('ru-RU')} ₽`}</span>
              </li>
            ))}
          </ul>

          <div className="mt-4 border-t border-line pt-3">
            <div className="flex gap-2">
              <input
                aria-label="Промокод или подарочный код"
                placeholder="Промокод"
                value={couponText}
                onChange={(e) => setCouponText(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void enterCoupon())}
                className="min-w-0 flex-1 rounded-lg border border-line px-3 py-2"
              />
              <button type="button" disabled={promoLoading} onClick={() => void enterCoupon()} className="rounded-lg bg-ink-900 px-3 py-2 text-white disabled:opacity-50">
                Применить
              </button>
            </div>
            {coupon && (
              <div className="mt-2 flex items-start justify-between gap-2 text-sm" data-testid="coupon-status">
                {coupon.JS_STATUS === 'BAD' && (
                  <span className="text-sale-500">
                    {coupon.COUPON}: {coupon.STATUS_TEXT}
                  </span>
                )}
                {coupon.JS_STATUS === 'APPLIED' && coupon.DISCOUNT_NAME && <span className="text-brand-700">{CHECKOUT_MESSAGES.promoApplied}</span>}
                {coupon.JS_STATUS === 'APPLIED' && !coupon.DISCOUNT_NAME && coupon.GIFT && (
                  <span className="flex items-center gap-2 text-brand-700">
                    <img src={coupon.GIFT.ITEM.PICTURE} alt="" width={32} height={32} className="h-8 w-8 object-contain" />
                    Подарок: {coupon.GIFT.ITEM.NAME}
                  </span>
                )}
                {coupon.JS_STATUS === 'ENTERED' && <span>{coupon.COUPON}</span>}
                <button type="button" onClick={() => void clearCoupon()} className="text-ink-400 underline" disabled={promoLoading}>
                  Удалить
                </button>
              </div>
            )}
          </div>

          <dl className="mt-4 flex flex-col gap-1 border-t border-line pt-3 text-sm">
            <div className="flex justify-between">
              <dt>Товары</dt>
              <dd>{t.PRICE_WITHOUT_DISCOUNT_VALUE.toLocaleString('ru-RU')} ₽</dd>
            </div>
            {t.DISCOUNT_PRICE > 0 && (
              <div className="flex justify-between text-sale-500">
                <dt>Скидка</dt>
                <dd>−{t.DISCOUNT_PRICE.toLocaleString('ru-RU')} ₽</dd>
              </div>
            )}
            <div className="flex justify-between">
              <dt>Доставка</dt>
              <dd>{chosenDelivery ? t.DELIVERY_PRICE_FORMATED : '—'}</dd>
            </div>
            <div className="mt-2 flex justify-between text-lg font-bold">
              <dt>Итого</dt>
              <dd data-testid="order-total">{t.ORDER_TOTAL_PRICE_FORMATED}</dd>
            </div>
          </dl>

          <label className="mt-4 flex items-start gap-2 text-sm">
            <input type="checkbox" checked={offer} onChange={(e) => setOffer(e.target.checked)} className="mt-1" name="offer" />
            <span>
              Я принимаю условия{' '}
              <a href="/about/dogovor_publichnoy_oferty/" target="_blank" className="text-brand-700 underline">
                публичной оферты
              </a>
            </span>
          </label>
          <label className="mt-2 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.subscribe}
              onChange={(e) => {
                const subscribe = e.target.checked
                edit((f) => ({ ...f, subscribe }))
              }}
              className="mt-1"
              name="subscribe"
            />
            <span>Хочу получать новости и специальные предложения</span>
          </label>
          <label className="mt-2 flex items-start gap-2 text-sm">
            <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="mt-1" name="consent" />
            <span>
              Я соглашаюсь с{' '}
              <Link href="/about/politika_konfidentsialnosti/" className="text-brand-700 underline">
                политикой конфиденциальности
              </Link>{' '}
              и даю{' '}
              <Link href="/about/about_personal_data/" className="text-brand-700 underline">
                согласие на обработку персональных данных
              </Link>
            </span>
          </label>
          <button
            type="button"
            onClick={() => void save()}
            // Round 3 (spec reading B): a delivery whose required fields the server has accepted.
            disabled={saving || promoLoading || outOfStock.length > 0 || !blocks.confirm}
            className="mt-4 w-full rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
          >
            {saving ? 'Оформляем…' : 'Оформить заказ'}
          </button>
          {!blocks.confirm && (
            <p className="mt-3 text-xs text-ink-600" data-testid="confirm-hint">
              {CHECKOUT_MESSAGES.finishDelivery}
            </p>
          )}
        </div>
      </aside>

      <Modal open={modal !== null} onClose={() => setModal(null)} title="Не удалось оформить заказ" size="sm">
        <p className="whitespace-pre-line" data-testid="error-modal">
          {(modal ?? []).join('\n')}
        </p>
      </Modal>
      <InstalmentWindow open={instalmentsOpen} onClose={() => setInstalmentsOpen(false)} totalRubles={t.ORDER_TOTAL_PRICE} />
    </div>
  )
}

function Section({ title, n, children }: { title: string; n: number; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line p-4 sm:p-5">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm text-white">{n}</span>
        {title}
      </h2>
      {children}
    </section>
  )
}

function ContactField({
  prop,
  value,
  error,
  country,
  onChange,
}: {
  prop: OrderProperty
  value: string
  error: string | undefined
  country: string
  onChange: (code: string, value: string) => void
}) {
  const code = prop.CODE ?? ''
  const isName = NAME_CODES.has(code)
  const isPhone = prop.IS_PHONE === 'Y'
  // The phone is checked live once it has all its digits.
  const live = isPhone && value.replace(/\D/g, '').length >= 11 ? propertyError(prop, value, country) : null
  const shown = error || live
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span>
        {prop.NAME}
        {prop.REQUIRED === 'Y' && <span className="text-sale-500"> *</span>}
      </span>
      {isPhone ? (
        <PhoneInput name={code} value={value} aria-invalid={Boolean(shown)} onValueChange={(v) => onChange(code, v)} className={`rounded-lg border px-3 py-2 ${shown ? 'border-sale-500' : 'border-line'}`} />
      ) : (
        <input
          name={code}
          type={prop.IS_EMAIL === 'Y' ? 'email' : 'text'}
          autoComplete={prop.IS_EMAIL === 'Y' ? 'email' : code === 'PROP_NAME' ? 'given-name' : code === 'PROP_LASTNAME' ? 'family-name' : 'off'}
          value={value}
          aria-invalid={Boolean(shown)}
          onChange={(e) => {
            const raw = e.target.value
            onChange(code, isName ? stripNameInput(raw) : raw)
          }}
          className={`rounded-lg border px-3 py-2 ${shown ? 'border-sale-500' : 'border-line'}`}
        />
      )}
      {shown && <span className="text-sale-500">{shown}</span>}
    </label>
  )
}
