'use client'

import { Link } from '@/ui/link'
import { useRef } from 'react'
import { removeFromBasket } from '@/domains/cart/ui/cart-store'
import type { Place } from '@/domains/delivery/delivery'
import { InstalmentWindow } from '@/domains/payment/ui/instalment-window'
import { kopecksToRubles } from '@/lib/money'
import { Modal } from '@/ui/modal'
import { COMMENT_MAX } from '../checkout'
import { visibleBlocks } from '../checkout-rounds'
import type { OrderView } from '../checkout-view'
import type { RefreshAnswer } from '../checkout-wire'
import { ContactsSection } from './contacts-section'
import { DeliveryInfo, DeliverySection } from './delivery-section'
import { OrderSummary } from './order-summary'
import { PaymentSection } from './payment-section'
import { useCheckout } from './use-checkout'

export interface CheckoutPageProps {
  initial: RefreshAnswer
  initialPlace: Place | null
  tilesUrl: string
}

/** The checkout page (spec sections 2, 4, 5): the sections only render; the state and calls live in `useCheckout`. */
export function CheckoutPage({ initial, initialPlace, tilesUrl }: CheckoutPageProps) {
  const leftRef = useRef<HTMLDivElement>(null)
  const scrollToForm = () => leftRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  const { state, view, dispatch, choose, confirmWidget, leaveWidget, enterCoupon, clearCoupon, save } = useCheckout(
    initial.order!,
    initialPlace,
    scrollToForm,
  )
  const blocks = visibleBlocks(state.rounds)

  if (state.confirmation) return <InvoiceConfirmation {...state.confirmation} />
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_340px] lg:grid-cols-[minmax(0,1fr)_380px]">
      <div ref={leftRef} className="flex min-w-0 flex-col gap-6 scroll-mt-24" data-testid="checkout-left">
        <OutOfStockNotice view={view} />
        <ContactsSection state={state} view={view} dispatch={dispatch} choose={choose} />
        <DeliverySection
          state={state}
          view={view}
          showList={blocks.deliveries}
          choose={choose}
          confirmWidget={confirmWidget}
          leaveWidget={leaveWidget}
          tilesUrl={tilesUrl}
        />
        {blocks.paySystems && <PaymentSection state={state} view={view} dispatch={dispatch} choose={choose} />}
        {blocks.deliveryInfo && <DeliveryInfo state={state} view={view} />}

        <label className="flex flex-col gap-1 text-sm">
          Комментарий к заказу
          <textarea
            name="ORDER_DESCRIPTION"
            maxLength={COMMENT_MAX}
            rows={3}
            value={state.form.comment}
            onChange={(e) => dispatch({ type: 'commentTyped', comment: e.target.value.slice(0, COMMENT_MAX) })}
            className="rounded-lg border border-line px-3 py-2"
          />
          <span className="self-end text-xs text-ink-400">
            {state.form.comment.length}/{COMMENT_MAX}
          </span>
        </label>
      </div>

      <aside className="flex flex-col gap-4 md:sticky md:top-4 md:self-start">
        <OrderSummary
          state={state}
          view={view}
          canConfirm={blocks.confirm}
          dispatch={dispatch}
          enterCoupon={enterCoupon}
          clearCoupon={clearCoupon}
          save={save}
        />
      </aside>

      <Modal open={state.modal !== null} onClose={() => dispatch({ type: 'modalClosed' })} title="Не удалось оформить заказ" size="sm">
        <p className="whitespace-pre-line" data-testid="error-modal">
          {(state.modal ?? []).join('\n')}
        </p>
      </Modal>
      <InstalmentWindow
        open={state.instalmentsOpen}
        onClose={() => dispatch({ type: 'instalmentsToggled', open: false })}
        totalRubles={kopecksToRubles(view.totals.total)}
      />
    </div>
  )
}

function OutOfStockNotice({ view }: { view: OrderView }) {
  const missing = view.lines.filter((l) => !l.canBuy)
  if (missing.length === 0) return null
  return (
    <div role="alert" className="rounded-xl border border-sale-500 bg-sale-500/5 p-4 text-sm" data-testid="out-of-stock">
      <p className="font-semibold text-sale-500">Некоторых товаров нет в нужном количестве. Удалите их из корзины, чтобы продолжить.</p>
      <ul className="mt-2 flex flex-col gap-1">
        {missing.map((l) => (
          <li key={l.id} className="flex items-center justify-between gap-2">
            <span>{l.name}</span>
            <button type="button" className="text-sale-500 underline" onClick={() => void removeFromBasket(Number(l.productId))}>
              Удалить
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The invoice method ('bill') stays on the page with the confirmation and a follow link to /catalog/. */
function InvoiceConfirmation({ orderId, invoiceUrl }: { orderId: string; invoiceUrl: string }) {
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-line p-6 text-center" data-testid="bill-confirmation">
      <h1 className="text-2xl font-bold">Заказ №{orderId} оформлен</h1>
      <p className="mt-3 text-ink-600">Счёт на оплату готов. Заказ соберём, как только поступит оплата.</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href={invoiceUrl} target="_blank" rel="noopener" className="rounded-full border border-brand-600 px-5 py-2 font-semibold text-brand-700">
          Открыть счёт
        </a>
        <Link href="/catalog/" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white">
          Продолжить покупки
        </Link>
      </div>
    </section>
  )
}
