'use client'

import { CHECKOUT_MESSAGES } from '../checkout'
import type { CheckoutEvent, CheckoutPageState } from '../checkout-page'
import type { CouponView } from '../checkout-view'

interface CouponBoxProps {
  state: CheckoutPageState
  coupon: CouponView | null
  dispatch: (e: CheckoutEvent) => void
  enterCoupon: () => Promise<void>
  clearCoupon: () => Promise<void>
}

/** The promo or gift code box (spec section 4): BAD shows the server's text, APPLIED the discount or the gift. */
export function CouponBox({ state, coupon, dispatch, enterCoupon, clearCoupon }: CouponBoxProps) {
  const { couponText, promoLoading } = state
  return (
    <div className="mt-4 border-t border-line pt-3">
      <div className="flex gap-2">
        <input
          aria-label="Промокод или подарочный код"
          placeholder="Промокод"
          value={couponText}
          onChange={(e) => dispatch({ type: 'couponTyped', text: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void enterCoupon())}
          className="min-w-0 flex-1 rounded-lg border border-line px-3 py-2"
        />
        <button type="button" disabled={promoLoading} onClick={() => void enterCoupon()} className="rounded-lg bg-ink-900 px-3 py-2 text-white disabled:opacity-50">
          Применить
        </button>
      </div>
      {coupon && (
        <div className="mt-2 flex items-start justify-between gap-2 text-sm" data-testid="coupon-status">
          {coupon.status === 'bad' && (
            <span className="text-sale-500">
              {coupon.code}: {coupon.statusText}
            </span>
          )}
          {coupon.status === 'applied' && coupon.discountName && <span className="text-brand-700">{CHECKOUT_MESSAGES.promoApplied}</span>}
          {coupon.status === 'applied' && !coupon.discountName && coupon.gift && (
            <span className="flex items-center gap-2 text-brand-700">
              <img src={coupon.gift.picture} alt="" width={32} height={32} className="h-8 w-8 object-contain" />
              Подарок: {coupon.gift.name}
            </span>
          )}
          {coupon.status === 'entered' && <span>{coupon.code}</span>}
          <button type="button" onClick={() => void clearCoupon()} className="text-ink-400 underline" disabled={promoLoading}>
            Удалить
          </button>
        </div>
      )}
    </div>
  )
}
