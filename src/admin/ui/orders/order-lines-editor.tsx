'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

interface EditableLine {
  id: number
  name: string
  quantity: number
}

/**
 * Changes an order's lines before it ships (ADR 164, 167): new quantities (0 removes the line)
 * and an offer to add by its number; the server takes or returns stock and recomputes the totals. A
 * paid order that costs less gets the difference back; one that would cost more is refused.
 */
export function OrderLinesEditor({ orderId, lines }: { orderId: number; lines: EditableLine[] }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  // Until React has hydrated a click would open nothing: the button waits for it.
  const hydrated = useHydrated()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (!open) {
    return (
      <button type="button" className={`${ui.buttonSecondary} mt-3`} disabled={!hydrated} onClick={() => setOpen(true)}>
        Изменить состав
      </button>
    )
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const changed = lines.map((l) => ({ id: l.id, quantity: Number(form.get(`line-${l.id}`)) })).filter((c, i) => c.quantity !== lines[i]!.quantity)
    const offerId = Number(form.get('offerId') || 0)
    const add = offerId ? [{ offerId, quantity: Number(form.get('addQuantity') || 1) }] : []
    setBusy(true)
    setError('')
    try {
      await adminFetch('POST', `/api/admin/orders/${orderId}/edit/`, { lines: changed, add })
      setOpen(false)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-3 rounded-md border border-line p-3" aria-label="Изменение состава заказа">
      <div className="grid gap-3 sm:grid-cols-2">
        {lines.map((l) => (
          <Field key={l.id} label={`${l.name}, шт.`} hint="0 — убрать из заказа">
            <TextInput name={`line-${l.id}`} type="number" min={0} max={999} defaultValue={l.quantity} />
          </Field>
        ))}
        <Field label="Добавить товар (номер предложения)">
          <TextInput name="offerId" inputMode="numeric" />
        </Field>
        <Field label="Сколько добавить, шт.">
          <TextInput name="addQuantity" type="number" min={1} max={999} defaultValue={1} />
        </Field>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-sale-500">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={ui.button} disabled={busy}>
          Сохранить состав
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={() => setOpen(false)}>
          Отмена
        </button>
      </div>
    </form>
  )
}
