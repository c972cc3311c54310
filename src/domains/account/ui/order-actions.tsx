'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { Cart } from '@/domains/cart/cart'
import { adoptServerCart } from '@/domains/cart/ui/cart-store'
import { postForm } from '@/lib/ajax-client'
import { Modal } from '@/ui/modal'
import { ACCOUNT_MESSAGES as M } from '../account'
import { shownError } from './after-sign-in'
import { Notice, primaryButton, useHydrated } from './fields'

const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-500 px-6 py-2.5 text-base font-semibold text-brand-700 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60'
const dangerButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-sale-500 px-6 py-2.5 text-base font-semibold text-white transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60'

interface RepeatAnswer {
  message: string
  notes: string[]
  added: number
  cart: Cart
}

/**
 * 'Повторить заказ' and, for an unpaid order, 'Отменить заказ' (ADR 100): each asks first in a
 * dialog, then calls its POST route; the repeat's dialog then tells what went in and what did not.
 */
export function OrderActions({ orderId, canCancel }: { orderId: number; canCancel: boolean }) {
  const hydrated = useHydrated()
  const router = useRouter()
  const [dialog, setDialog] = useState<'repeat' | 'cancel' | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [repeated, setRepeated] = useState<RepeatAnswer | null>(null)

  function open(which: 'repeat' | 'cancel') {
    setError(null)
    setRepeated(null)
    setDialog(which)
  }

  async function repeat() {
    setBusy(true)
    setError(null)
    try {
      const answer = await postForm<RepeatAnswer>('/ajax/order-repeat/', { ORDER_ID: orderId })
      setRepeated(answer)
      // The header badge shows the new basket at once, without another request.
      adoptServerCart(answer.cart)
    } catch (e) {
      setError(shownError(e) ?? M.generic)
    } finally {
      setBusy(false)
    }
  }

  async function cancel() {
    setBusy(true)
    setError(null)
    try {
      await postForm('/ajax/order-cancel/', { ORDER_ID: orderId })
      setDialog(null)
      // The status, the pay button and this button come from the server's render.
      router.refresh()
    } catch (e) {
      setError(shownError(e) ?? M.generic)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" className={secondaryButton} disabled={!hydrated} onClick={() => open('repeat')}>
        Повторить заказ
      </button>
      {canCancel ? (
        <button type="button" className={secondaryButton} disabled={!hydrated} onClick={() => open('cancel')}>
          Отменить заказ
        </button>
      ) : null}

      <Modal
        open={dialog === 'repeat'}
        onClose={() => setDialog(null)}
        title={repeated ? 'Заказ повторён' : 'Повторить заказ?'}
        size="sm"
      >
        {repeated ? (
          <div className="flex flex-col gap-4" data-testid="repeat-result">
            <p>{repeated.message}</p>
            {repeated.notes.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-sm text-ink-600">
                {repeated.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap gap-3">
              {repeated.added > 0 ? (
                // A full load: the cart page starts from the server's basket.
                <a href="/personal/cart/" className={primaryButton}>
                  Перейти в корзину
                </a>
              ) : null}
              <button type="button" className={secondaryButton} onClick={() => setDialog(null)}>
                Закрыть
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <p>Товары из заказа №{orderId} будут добавлены в корзину по текущим ценам, в пределах наличия.</p>
            {error ? <Notice kind="error">{error}</Notice> : null}
            <div className="flex flex-wrap gap-3">
              <button type="button" className={primaryButton} disabled={busy} onClick={repeat}>
                Добавить в корзину
              </button>
              <button type="button" className={secondaryButton} onClick={() => setDialog(null)}>
                Отмена
              </button>
            </div>
          </div>
        )}
      </Modal>

      <Modal open={dialog === 'cancel'} onClose={() => setDialog(null)} title="Отменить заказ?" size="sm">
        <div className="flex flex-col gap-4">
          <p>Заказ №{orderId} будет отменён, товары вернутся в продажу. Это действие нельзя отменить.</p>
          {error ? <Notice kind="error">{error}</Notice> : null}
          <div className="flex flex-wrap gap-3">
            <button type="button" className={dangerButton} disabled={busy} onClick={cancel}>
              Да, отменить заказ
            </button>
            <button type="button" className={secondaryButton} onClick={() => setDialog(null)}>
              Не отменять
            </button>
          </div>
        </div>
      </Modal>
    </div>
  )
}
