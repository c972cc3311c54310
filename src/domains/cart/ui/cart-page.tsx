'use client'

import { Link } from '@/ui/link'
import { useEffect, useRef } from 'react'
import { cartViewFields } from '@/domains/analytics/analytics'
import { trackEcommerce } from '@/domains/analytics/data-layer'
import { viewGuid } from '@/domains/analytics/view-guid'
import { OPEN_ONE_CLICK_EVENT, OneClickModal } from '@/domains/checkout/ui/one-click-modal'
import type { DeliverySummary } from '@/domains/delivery/delivery-summary'
import { postForm } from '@/lib/ajax-client'
import { formatRub, rublesToKopecks } from '@/lib/money'
import { WORDS, countOf } from '@/lib/plural'
import { Price } from '@/ui/price'
import { QuantityStepper } from '@/ui/quantity-stepper'
import { CART_MESSAGES, NULL_PRICE_MESSAGE, QUANTITY_SEND_DELAY_MS, hasUnpricedLine, orderBlockers, type Cart, type CartLine } from '../cart'
import { CartDelivery } from './cart-delivery'
import { removeFromBasket, setLineQuantity, useVisitorState } from './cart-store'
import { MAX_ITEMS_PER_ORDER } from '../cart-limits'

const rub = (rubles: number) => formatRub(rublesToKopecks(rubles))

/** The cart page (spec §2): lines, delivery and price summaries, ordering and the one-click button. */
export function CartPage({
  initialCart,
  minOrderRubles,
  initialDelivery,
}: {
  initialCart: Cart
  minOrderRubles: number
  initialDelivery: DeliverySummary
}) {
  const { cart: stored, loaded, loading } = useVisitorState()
  const cart = loaded ? stored : initialCart
  useCartViewEvent(loaded ? stored : null)

  if (cart.Products.length === 0) {
    return (
      <div className="rounded-2xl bg-surface px-4 py-12 text-center" data-cart-empty>
        <h2 className="text-xl font-bold">{CART_MESSAGES.emptyTitle}</h2>
        <p className="mt-2 text-ink-600">{CART_MESSAGES.emptyText}</p>
        <Link href="/catalog/" className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-500 px-6 font-semibold text-white hover:bg-brand-600">
          Перейти в каталог
        </Link>
      </div>
    )
  }

  const blockers = orderBlockers(cart, minOrderRubles)
  if (hasUnpricedLine(cart)) blockers.push(NULL_PRICE_MESSAGE)
  const canOrder = blockers.length === 0
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_320px] lg:grid-cols-[1fr_360px]" aria-busy={loading}>
      <ul className="divide-y divide-line self-start rounded-2xl border border-line" aria-label="Товары в корзине">
        {cart.Products.map((line) => (
          <CartLineRow key={line.idInBasket} line={line} limit={typingLimit(line, cart)} />
        ))}
      </ul>
      <aside className="flex flex-col gap-4 md:sticky md:top-20 md:self-start">
        <CartDelivery initial={initialDelivery} />
        <section className="rounded-2xl border border-line p-4" aria-labelledby="cart-total" data-cart-summary>
          <h2 id="cart-total" className="font-bold">
            Ваш заказ
          </h2>
          <dl className="mt-3 flex flex-col gap-2 text-sm">
            <div className="flex justify-between gap-2">
              <dt className="text-ink-600">{countOf(cart.Count, WORDS.product)}</dt>
              <dd>{rub(cart.NormalPrice)}</dd>
            </div>
            {cart.DiscountPrice > 0 && (
              <div className="flex justify-between gap-2">
                <dt className="text-ink-600">Скидка</dt>
                <dd className="text-sale-500">−{rub(cart.DiscountPrice)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-2 border-t border-line pt-2 text-base font-bold">
              <dt>Итого</dt>
              <dd data-cart-total>{rub(cart.TotalPrice)}</dd>
            </div>
          </dl>
          {blockers.map((message) => (
            <p key={message} role="alert" className="mt-3 rounded-lg bg-sale-500/10 p-3 text-sm text-sale-500" data-cart-blocker>
              {message}
            </p>
          ))}
          <div className="mt-4 flex flex-col gap-2">
            {canOrder ? (
              <Link href="/personal/order/" className="inline-flex h-12 items-center justify-center rounded-lg bg-brand-500 font-semibold text-white hover:bg-brand-600">
                Оформить заказ
              </Link>
            ) : (
              <button type="button" disabled className="h-12 cursor-not-allowed rounded-lg bg-ink-400 font-semibold text-white">
                Оформить заказ
              </button>
            )}
            {cart.TotalPrice > 0 && (
              <button
                type="button"
                onClick={() => window.dispatchEvent(new CustomEvent(OPEN_ONE_CLICK_EVENT))}
                className="h-12 rounded-lg border border-brand-500 font-semibold text-brand-700 hover:bg-brand-50"
              >
                Купить в 1 клик
              </button>
            )}
          </div>
          <OneClickModal />
        </section>
      </aside>
    </div>
  )
}

/**
 * The stepper caps at the line's max (spec §5) and, since no order holds more than 125 items, at what
 * the other lines leave free, so typing a big number never ends in a refusal alert.
 */
function typingLimit(line: CartLine, cart: Cart): number {
  return Math.max(1, Math.min(line.max, MAX_ITEMS_PER_ORDER - (cart.Count - line.quantity)))
}

function CartLineRow({ line, limit }: { line: CartLine; limit: number }) {
  const available = line.price > 0
  return (
    <li className="grid grid-cols-[72px_1fr] gap-3 p-3 sm:grid-cols-[96px_1fr_auto] sm:gap-4 sm:p-4" data-cart-line={line.id}>
      <img src={line.img} alt="" className="h-18 w-18 rounded-xl bg-surface object-contain sm:h-24 sm:w-24" />
      <div className="min-w-0">
        <Link href={line.link} className="font-semibold hover:text-brand-600">
          {line.name}
        </Link>
        <dl className="mt-1 text-xs text-ink-600">
          {Object.entries(line.properties).map(([name, value]) => (
            <div key={name} className="flex gap-1">
              <dt>{name}:</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-2">
          {available ? (
            <Price value={rublesToKopecks(line.price)} oldValue={line.discount > 0 ? rublesToKopecks(line.price + line.discount) : null} size="sm" />
          ) : (
            <span className="text-sm font-semibold text-sale-500" data-not-available>
              {CART_MESSAGES.notAvailable}
            </span>
          )}
        </div>
      </div>
      <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end">
        <QuantityStepper
          value={line.quantity}
          max={limit}
          name={line.name}
          delayMs={QUANTITY_SEND_DELAY_MS}
          onChange={(q) => setLineQuantity(line.id, q)}
        />
        <p className="font-bold" data-line-sum>
          {rub(line.sum)}
        </p>
        <button type="button" onClick={() => void removeFromBasket(line.id)} className="text-sm text-ink-600 underline hover:text-sale-500">
          Удалить<span className="sr-only">: {line.name}</span>
        </button>
      </div>
    </li>
  )
}

/** Page mounting: CART_VIEW and view_cart once per page view, only with products in the cart. */
function useCartViewEvent(cart: Cart | null) {
  const sent = useRef(false)
  useEffect(() => {
    if (!cart || sent.current || cart.Products.length === 0) return
    sent.current = true
    trackEcommerce(
      'view_cart',
      cart.Products.map((l) => ({
        item_id: String(l.id),
        item_name: l.name,
        price: l.price,
        discount: l.discount,
        quantity: l.quantity,
        item_brand: l.BRAND,
        item_category: l.SECTION_NAME,
      })),
    )
    postForm('/ajax/search/send-event', cartViewFields(cart, viewGuid())).catch(() => {
      // Analytics must never disturb the buyer.
    })
  }, [cart])
}
