'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { AdminApiError, adminFetch } from '../api-client'
import { ui } from '../styles'

/**
 * The 152-ФЗ request: asks twice (a button, then a confirmation that says what happens), because
 * the erasure cannot be undone. On success the buyer is gone, so the list opens with the answer.
 */
export function AnonymiseButton({ customerId }: { customerId: number }) {
  const router = useRouter()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  async function erase() {
    setBusy(true)
    setError('')
    try {
      const answer = await adminFetch<{ orders: number[] }>('POST', `/api/admin/customers/${customerId}/anonymise/`)
      // The count, not the message: a page must not print text anyone can put in a link.
      router.push(`/admin/customers/?anonymised=${answer.orders.length}`)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось. Попробуйте ещё раз.')
      setBusy(false)
    }
  }

  if (!asking)
    return (
      <button type="button" className={ui.buttonDanger} onClick={() => setAsking(true)}>
        Удалить личные данные
      </button>
    )
  return (
    <div role="alertdialog" aria-labelledby="anonymise-title" className="max-w-md rounded-lg border border-sale-500 bg-red-50 p-4 text-sm">
      <p id="anonymise-title" className="font-semibold">
        Удалить личные данные покупателя по его запросу (152-ФЗ)?
      </p>
      <p className="mt-1 text-ink-600">
        Аккаунт, адреса, подписки и вопросы удалятся, в отзывах останется «Покупатель». Неоплаченные заказы отменятся. Заказы останутся для
        учёта — без имени, телефона, e-mail и адреса. Отменить это нельзя.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={ui.buttonDanger} disabled={busy} onClick={erase}>
          Да, удалить данные
        </button>
        <button type="button" className={ui.buttonSecondary} disabled={busy} onClick={() => setAsking(false)}>
          Отмена
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sale-500">
          {error}
        </p>
      ) : null}
    </div>
  )
}
