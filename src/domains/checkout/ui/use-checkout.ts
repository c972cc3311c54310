'use client'

import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { serverBasketChanged, useVisitorState } from '@/domains/cart/ui/cart-store'
import type { Place } from '@/domains/delivery/delivery'
import { AjaxCallError } from '@/lib/ajax-client'
import { answerCounts, initialCheckoutState, reduceCheckout, saveBlocker, type CheckoutEvent, type CheckoutPageState } from '../checkout-page'
import { fromOrderState, type OrderState } from '../checkout-wire'
import {
  afterOrder,
  callCheckout,
  cannotPayAtPoint,
  endsAttempt,
  isEmptyBasket,
  loadStoredForm,
  storeForm,
  type RefreshResult,
  type SaveResult,
} from './checkout-client'

const CART_REFRESH_DELAY_MS = 300
const FAILED = 'Произошла ошибка, попробуйте повторить попытку позже.'
const messageOf = (error: unknown) => (error instanceof AjaxCallError ? error.message : FAILED)

/**
 * The checkout page's reducer with the calls around it. The latest state lives in a ref updated by
 * `dispatch` itself: handlers that run after an await (a location confirmed by the server, a coupon
 * answer) read the state as it is now, never the copy their render closed over (ADR 035).
 */
function useCheckoutReducer(initial: () => CheckoutPageState) {
  const [state, setState] = useState(initial)
  const ref = useRef(state)
  const dispatch = useCallback((event: CheckoutEvent) => {
    const before = ref.current
    const after = reduceCheckout(before, event)
    if (after === before) return
    ref.current = after
    setState(after)
    if (after.form !== before.form) storeForm(after.form)
  }, [])
  const current = useCallback(() => ref.current, [])
  return { state, dispatch, current }
}

export function useCheckout(initialOrder: OrderState, initialPlace: Place | null, onScrollToForm: () => void) {
  const { state, dispatch, current } = useCheckoutReducer(() => initialCheckoutState(initialOrder, initialPlace))
  const view = useMemo(() => fromOrderState(state.order), [state.order])

  /** One order call with the form as it is now; a later call, or a save, makes its answer stale. */
  const orderCall = useCallback(
    async (action: string, extra: Record<string, string> = {}): Promise<boolean> => {
      dispatch({ type: 'requestSent' })
      const { form, order, ledger } = current()
      const ticket = ledger.latest
      try {
        const answer = await callCheckout<RefreshResult>(action, form, order, extra)
        if (!answerCounts(current(), ticket)) return true
        if (isEmptyBasket(answer)) {
          // Also how a save whose answer was lost ends: its order emptied the basket (ADR 031).
          dispatch({ type: 'attemptEnded' })
          window.location.assign(answer.redirect)
        } else if (answer.error || !answer.order) dispatch({ type: 'failed', message: answer.error || FAILED, ticket })
        else dispatch({ type: 'refreshed', order: answer.order, ticket })
        return true
      } catch (error) {
        dispatch({ type: 'failed', message: messageOf(error), ticket })
        return false
      }
    },
    [dispatch, current],
  )
  const refresh = useCallback(() => orderCall('refreshOrderAjax'), [orderCall])

  const runChecks = useCallback(async () => {
    const { form, order } = current()
    try {
      const [quantity, weight] = await Promise.all([
        callCheckout<boolean | object>('getMaximumQuantity', form, order),
        callCheckout<{ point: boolean; courier: boolean } | object>('getMaximumWeight', form, order),
      ])
      dispatch({ type: 'checked', checks: { overQuantity: quantity === true, weight: 'point' in weight ? weight : current().checks.weight } })
    } catch {
      // The server checks again on save; a failed check must not block the page.
    }
  }, [dispatch, current])

  // First load: the form kept in this tab wins over the server's defaults.
  useEffect(() => {
    const stored = loadStoredForm()
    // Deferred a tick: the first refresh sets state, which an effect body must not do synchronously.
    void Promise.resolve().then(() => {
      dispatch({ type: 'restored', stored })
      return refresh()
    })
    void runChecks()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- first load only: later form, cart and location changes refresh through their own effects
  }, [])

  // A cart change elsewhere (header popup, another tab's store): refresh after 300 ms, re-run the checks.
  // The page-start basket load is not a change: the first loaded basket is the baseline (counting the
  // empty store before it as one refreshed the whole checkout a second time on every visit).
  const { cart, loaded } = useVisitorState()
  const cartSignature = loaded ? `${cart.Count}:${cart.TotalPrice}` : null
  const firstSignature = useRef<string | null>(null)
  useEffect(() => {
    if (cartSignature === null || cartSignature === firstSignature.current) return
    const baseline = firstSignature.current === null
    firstSignature.current = cartSignature
    if (baseline) return
    const timer = window.setTimeout(() => {
      void refresh()
      void runChecks()
    }, CART_REFRESH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [cartSignature, refresh, runChecks])

  /** A choice that the server must price: the event, then a refresh. */
  const choose = useCallback(
    (event: CheckoutEvent) => {
      dispatch(event)
      void refresh()
    },
    [dispatch, refresh],
  )
  const confirmWidget = useCallback(
    // The picker has just written the 'cannot pay' cookie for this point (spec section 4).
    (values: Record<string, string>) => choose({ type: 'widgetConfirmed', values, prepaidOnly: cannotPayAtPoint() }),
    [choose],
  )
  const leaveWidget = useCallback(() => choose({ type: 'widgetLeft' }), [choose])

  // Entering a code first removes the applied one (spec section 4); only the last answer is shown.
  const enterCoupon = async () => {
    const code = current().couponText.trim()
    if (!code || current().promoLoading) return
    dispatch({ type: 'promoStarted' })
    let entered = false
    try {
      for (const c of current().order.COUPON_LIST) {
        await callCheckout('removeCoupon', current().form, current().order, { coupon: c.COUPON })
      }
      entered = await orderCall('enterCoupon', { coupon: code })
    } catch (error) {
      dispatch({ type: 'failed', message: messageOf(error) })
    } finally {
      dispatch({ type: 'promoEnded', entered })
    }
  }
  const clearCoupon = async () => {
    const code = view.coupon?.code
    if (!code || current().promoLoading) return
    dispatch({ type: 'promoStarted' })
    try {
      await orderCall('removeCoupon', { coupon: code })
    } finally {
      dispatch({ type: 'promoEnded', entered: false })
    }
  }

  const save = async () => {
    const before = current()
    if (before.saving || before.promoLoading) return
    const blocker = saveBlocker(before, fromOrderState(before.order))
    dispatch({ type: 'invalid', fieldErrors: blocker?.kind === 'fields' ? blocker.fieldErrors : {} })
    if (blocker) {
      if (blocker.kind === 'alert') window.alert(blocker.message)
      if (blocker.kind === 'modal') dispatch({ type: 'saveRefused', messages: [blocker.message] })
      else onScrollToForm()
      return
    }
    const { form, order } = before
    dispatch({ type: 'saveStarted' })
    let leaving = false
    try {
      const answer = await callCheckout<SaveResult>('saveOrderAjax', form, order)
      // Before anything else: whatever the buyer does while the page leaves belongs to a new attempt.
      if (endsAttempt(answer)) dispatch({ type: 'attemptEnded' })
      if (isEmptyBasket(answer)) {
        leaving = true
        window.location.assign(answer.redirect)
      } else if ('ERROR' in answer.order) {
        dispatch({ type: 'saveRefused', messages: Object.values(answer.order.ERROR).flatMap((list) => list ?? []) })
      } else {
        leaving = true
        const placed = await afterOrder({ form, view: fromOrderState(order), orderId: answer.order.ID, redirectUrl: answer.order.REDIRECT_URL })
        // The order took the basket: the header and buy buttons follow, also on the invoice page that stays (ADR 095).
        void serverBasketChanged({ leaving: !placed.stay })
        if (placed.stay) dispatch({ type: 'invoiceShown', orderId: answer.order.ID })
      }
    } catch (error) {
      dispatch({ type: 'saveRefused', messages: [messageOf(error)] })
    } finally {
      dispatch({ type: 'saveEnded', leaving })
      // A refused save may have dropped refresh answers: show the order as the server sees it now.
      if (!leaving) void refresh()
    }
  }

  return { state, view, dispatch, choose, confirmWidget, leaveWidget, enterCoupon, clearCoupon, save }
}
