import type { Metadata } from 'next'
import { Link } from '@/ui/link'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { orderActionsView } from '@/domains/account/account-pages.server'
import { OrderActions } from '@/domains/account/ui/order-actions'
import { checkoutView, confirmationView } from '@/domains/checkout/checkout-page.server'
import { CheckoutPage } from '@/domains/checkout/ui/checkout-page'
import { EndedCheckoutAttempt } from '@/domains/checkout/ui/ended-attempt'
import { FallbackOrder } from '@/domains/checkout/ui/one-click-modal'
import { db } from '@/db/client'
import { rereadGatewaysOnReturn } from '@/domains/payment/providers/gateway-poll.server'
import { OrderConfirmation } from '@/domains/checkout/ui/order-confirmation'

export const metadata: Metadata = { title: 'Оформление заказа', robots: { index: false, follow: false } }

export default async function OrderPage({ searchParams }: PageProps<'/personal/order'>) {
  await connection()
  const { ORDER_ID } = await searchParams
  if (ORDER_ID !== undefined) {
    let [view, actions] = await Promise.all([confirmationView(ORDER_ID), orderActionsView(ORDER_ID)])
    if (!view) notFound()
    // Back from the payment page: ЮKassa's (Т-Банк's, Долями's) word on the payment before the page
    // shows it (ADR 181, 183). Only for the order's own viewer (the view above checked), throttled, and
    // nothing asked once the payment is final.
    if (await rereadGatewaysOnReturn(db(), view.order.id)) [view, actions] = await Promise.all([confirmationView(ORDER_ID), orderActionsView(ORDER_ID)])
    if (!view) notFound()
    return (
      <main className="container-page py-6 sm:py-8">
        <OrderConfirmation view={view} />
        {actions ? (
          <div className="mt-6">
            <OrderActions orderId={actions.orderId} canCancel={actions.canCancel} />
          </div>
        ) : null}
      </main>
    )
  }
  const view = await checkoutView()
  return (
    <main className="container-page py-6 sm:py-8">
      <h1 className="mb-5 text-2xl font-bold sm:text-3xl">Оформление заказа</h1>
      {view.kind === 'empty' ? (
        <div className="rounded-2xl bg-surface p-6 text-center">
          <EndedCheckoutAttempt />
          <p className="text-lg font-semibold">Товаров в корзине пока нет</p>
          <p className="mt-1 text-ink-600">Ваша корзина пуста</p>
          <Link href="/catalog/" className="mt-4 inline-block rounded-full bg-brand-600 px-5 py-2 font-semibold text-white">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <>
          <div className="mb-4">
            <FallbackOrder holidayNotice={view.holidayNotice} basketHasItems />
          </div>
          <CheckoutPage initial={view.initial} initialPlace={view.place} tilesUrl={view.tilesUrl} />
        </>
      )}
    </main>
  )
}
