'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { AdminApiError, adminFetch } from '../api-client'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

/** An internal note on the order's timeline; the buyer never sees it. */
export function OrderNoteForm({ orderId }: { orderId: number }) {
  // Until React has hydrated, a submit would go out as a native form: the button waits.
  const hydrated = useHydrated()
  const router = useRouter()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const text = String(new FormData(form).get('text') ?? '')
    setBusy(true)
    setError('')
    try {
      await adminFetch('POST', `/api/admin/orders/${orderId}/notes/`, { text })
      form.reset()
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? (e.fields.text ?? e.message) : 'Не получилось. Попробуйте ещё раз.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label className="block">
        <span className={ui.label}>Заметка для сотрудников</span>
        <textarea name="text" rows={3} maxLength={2000} className={ui.input} aria-invalid={error ? true : undefined} placeholder="Например: покупатель просит позвонить за час до доставки" />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-sale-500">
          {error}
        </p>
      ) : null}
      <button type="submit" className={ui.buttonSecondary} disabled={busy || !hydrated}>
        {busy ? 'Сохраняем…' : 'Добавить заметку'}
      </button>
    </form>
  )
}
