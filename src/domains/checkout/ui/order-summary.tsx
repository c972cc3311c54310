'use client'

import { Link } from '@/ui/link'
import { formatRub } from '@/lib/money'
import { CHECKOUT_MESSAGES } from '../checkout'
import type { CheckoutEvent, CheckoutPageState } from '../checkout-page'
import type { OrderView } from '../checkout-view'
import { CouponBox } from './coupon-box'

interface SummaryProps {
  state: CheckoutPageState
  view: OrderView
  /** Round 3 (spec reading B): the order button is enabled. */
  canConfirm: boolean
  dispatch: (e: CheckoutEvent) => void
  enterCoupon: () => Promise<void>
  clearCoupon: () => Promise<void>
  save: () => Promise<void>
}

/** The cart summary beside the form: lines, code box, totals, the consent boxes and the order button. */
export function OrderSummary({ state, view, canConfirm, dispatch, enterCoupon, clearCoupon, save }: SummaryProps) {
  const t = view.totals
  const outOfStock = view.lines.some((l) => !l.canBuy)
  return (
    <div className="rounded-2xl border border-line p-4">
      <h2 className="text-lg font-bold">Ваш заказ</h2>
      <ul className="mt-3 flex flex-col gap-3" data-testid="summary-lines">
        {view.lines.map((l) => (
          <li key={l.id} className="flex gap-3 text-sm">
            <img src={l.picture || '/favicon.ico'} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-contain" />
            <span className="flex min-w-0 flex-1 flex-col">
              <a href={l.url} className="line-clamp-2 hover:underline">
                {l.name}
              </a>
              <span className="text-ink-600">
                {l.isGift ? 'Подарок' : `${l.quantity} шт.`}
                {!l.canBuy && <span className="ml-2 text-sale-500">нет в наличии</span>}
              </span>
            </span>
            <span className="shrink-0 font-semibold">{formatRub(l.isGift ? 0 : l.sum)}</span>
          </li>
        ))}
      </ul>

      <CouponBox state={state} coupon={view.coupon} dispatch={dispatch} enterCoupon={enterCoupon} clearCoupon={clearCoupon} />

      <dl className="mt-4 flex flex-col gap-1 border-t border-line pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Товары</dt>
          <dd>{formatRub(t.goods)}</dd>
        </div>
        {t.discount > 0 && (
          <div className="flex justify-between text-sale-500">
            <dt>Скидка</dt>
            <dd>−{formatRub(t.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Доставка</dt>
          <dd>{view.deliveries.some((d) => d.id === state.form.deliveryId) ? formatRub(t.delivery) : '—'}</dd>
        </div>
        <div className="mt-2 flex justify-between text-lg font-bold">
          <dt>Итого</dt>
          <dd data-testid="order-total">{formatRub(t.total)}</dd>
        </div>
      </dl>

      <label className="mt-4 flex items-start gap-2 text-sm">
        <input type="checkbox" checked={state.offer} onChange={(e) => dispatch({ type: 'offerToggled', on: e.target.checked })} className="mt-1" name="offer" />
        <span>
          Я принимаю условия{' '}
          <a href="/about/dogovor_publichnoy_oferty/" target="_blank" className="text-brand-700 underline">
            публичной оферты
          </a>
        </span>
      </label>
      <label className="mt-2 flex items-start gap-2 text-sm">
        <input type="checkbox" checked={state.form.subscribe} onChange={(e) => dispatch({ type: 'subscribeToggled', on: e.target.checked })} className="mt-1" name="subscribe" />
        <span>Хочу получать новости и специальные предложения</span>
      </label>
      <label className="mt-2 flex items-start gap-2 text-sm">
        <input type="checkbox" checked={state.consent} onChange={(e) => dispatch({ type: 'consentToggled', on: e.target.checked })} className="mt-1" name="consent" />
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
        disabled={state.saving || state.promoLoading || outOfStock || !canConfirm}
        className="mt-4 w-full rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {state.saving ? 'Оформляем…' : 'Оформить заказ'}
      </button>
      {!canConfirm && (
        <p className="mt-3 text-xs text-ink-600" data-testid="confirm-hint">
          {CHECKOUT_MESSAGES.finishDelivery}
        </p>
      )}
    </div>
  )
}
