'use client'

import { Link } from '@/ui/link'
import { useCallback, useId, useRef, useState, type MouseEvent } from 'react'
import { rublesToKopecks, formatRub } from '@/lib/money'
import { WORDS, countOf } from '@/lib/plural'
import { CartIcon, CloseIcon } from '@/ui/icons'
import { CART_MESSAGES } from '../cart'
import { useVisitorState } from './cart-store'
import { useDismiss } from './use-dismiss'
import { CountBadge } from '@/ui/count-badge'

/**
 * The header cart popup (spec §2 widgets, §4): a count badge; a click opens the lines, the total and
 * 'Оформить заказ' / 'В корзину'; a second click, a click outside or Escape closes it.
 */
export function HeaderCart() {
  const { cart } = useVisitorState()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLAnchorElement>(null)
  const panelId = useId()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, root, trigger, close)
  // Following a link inside the popup leaves it closed on the next page.
  const closeOnLink = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('a')) close()
  }

  const count = cart.Count
  const label = count > 0 ? `Корзина: ${countOf(count, WORDS.product)}` : 'Корзина пуста'
  return (
    <div ref={root} className="relative" data-slot="header-cart">
      {/*
        A link, so the cart opens without scripts too; with them it toggles the popup, so it is announced
        as a button and answers Space as well as Enter.
      */}
      <Link
        ref={trigger}
        href="/personal/cart/"
        role="button"
        onClick={(e) => {
          e.preventDefault()
          setOpen((v) => !v)
        }}
        onKeyDown={(e) => {
          if (e.key !== ' ') return
          e.preventDefault()
          setOpen((v) => !v)
        }}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50"
      >
        <CartIcon />
        <CountBadge count={count} tone="accent" testAttr="data-cart-count" />
      </Link>
      <div
        id={panelId}
        role="region"
        aria-label="Корзина"
        hidden={!open}
        onClick={closeOnLink}
        className="fixed inset-x-2 top-16 z-50 max-h-[calc(100vh-5rem)] overflow-y-auto rounded-2xl border border-line bg-white p-4 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
      >
        <div className="mb-3 flex items-center justify-between">
          <p className="text-base font-bold">Корзина</p>
          <button type="button" onClick={close} aria-label="Закрыть корзину" className="-m-2 rounded-full p-2 hover:bg-surface">
            <CloseIcon size={20} />
          </button>
        </div>
        {cart.Products.length === 0 ? (
          <div className="py-6 text-center">
            <p className="font-semibold">{CART_MESSAGES.emptyTitle}</p>
            <p className="mt-1 text-sm text-ink-600">{CART_MESSAGES.emptyText}</p>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-line" aria-label="Товары в корзине">
              {cart.Products.map((line) => (
                <li key={line.idInBasket} className="flex gap-3 py-3" data-cart-line={line.id}>
                  <img src={line.img} alt="" className="h-14 w-14 shrink-0 rounded-lg bg-surface object-contain" />
                  <div className="min-w-0 flex-1">
                    <Link href={line.link} className="line-clamp-2 text-sm font-medium hover:text-brand-600">
                      {line.name}
                    </Link>
                    <p className="mt-1 text-xs text-ink-600">
                      {line.quantity} шт. ×{' '}
                      {line.price > 0 ? formatRub(rublesToKopecks(line.price)) : CART_MESSAGES.notAvailable}
                    </p>
                  </div>
                  <p className="shrink-0 text-sm font-semibold">{formatRub(rublesToKopecks(line.sum))}</p>
                </li>
              ))}
            </ul>
            <p className="mt-3 flex items-baseline justify-between border-t border-line pt-3">
              <span className="text-sm text-ink-600">Итого</span>
              <span className="text-lg font-bold" data-cart-total>
                {formatRub(rublesToKopecks(cart.TotalPrice))}
              </span>
            </p>
            <div className="mt-4 grid grid-cols-2 gap-2">
              <Link
                href="/personal/cart/"
                className="inline-flex h-11 items-center justify-center rounded-lg border border-brand-500 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                В корзину
              </Link>
              <Link
                href="/personal/order/"
                className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-500 text-sm font-semibold text-white hover:bg-brand-600"
              >
                Оформить заказ
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  )
}
