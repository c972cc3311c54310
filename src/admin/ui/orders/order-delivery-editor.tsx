'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import type { DeliveryEditChoices } from '@/domains/orders/order-edit'
import { formatRub } from '@/lib/money'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

const select = `${ui.input} pr-8`

/**
 * Moves an order to another delivery of its city before it ships (ADR 167): a method, then its point
 * or the courier's address and slot. A carrier's courier (ADR 212) takes the address only: the carrier
 * comes within its period, as at checkout. Prices shown are the checkout's for these goods; the server
 * quotes again, takes the slot and recomputes the total.
 */
export function OrderDeliveryEditor({ orderId, choices }: { orderId: number; choices: DeliveryEditChoices }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  // Until React has hydrated a click would open nothing: the button waits for it.
  const hydrated = useHydrated()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const { current, options, points, courierDays } = choices
  const [deliveryId, setDeliveryId] = useState(options.some((o) => o.id === current.deliveryId) ? current.deliveryId : (options[0]?.id ?? 0))
  const [date, setDate] = useState(current.slot && courierDays.some((d) => d.date === current.slot?.date) ? current.slot.date : (courierDays[0]?.date ?? ''))
  if (!open) {
    return (
      <button type="button" className={`${ui.buttonSecondary} mt-3`} disabled={!hydrated} onClick={() => setOpen(true)}>
        Изменить доставку
      </button>
    )
  }
  const method = options.find((o) => o.id === deliveryId)
  const courier = method?.type === 'courier'
  const slots = courier && method.slots
  const listId = `points-${orderId}-${deliveryId}`
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const delivery = !courier
      ? { deliveryId, pointId: text('pointId') }
      : slots
        ? { deliveryId, address: text('address'), slot: { date: text('date'), time: text('time') } }
        : { deliveryId, address: text('address') }
    setBusy(true)
    setError('')
    try {
      await adminFetch('POST', `/api/admin/orders/${orderId}/edit/`, { delivery })
      setOpen(false)
      router.refresh()
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось.')
    } finally {
      setBusy(false)
    }
  }
  if (options.length === 0) return <p className="mt-3 text-sm text-ink-600">В городе заказа нет других способов доставки.</p>
  return (
    <form onSubmit={submit} className="mt-3 space-y-3 rounded-md border border-line p-3" aria-label="Изменение доставки">
      <Field label="Способ доставки" hint="Цена — как при оформлении, для нынешнего состава заказа">
        <select name="deliveryId" className={select} value={deliveryId} onChange={(e) => setDeliveryId(Number(e.target.value))}>
          {options.map((o) => (
            <option key={o.id} value={o.id} disabled={o.blocked}>
              {o.name} — {o.priceKopecks ? formatRub(o.priceKopecks) : 'бесплатно'}
            </option>
          ))}
        </select>
      </Field>
      {courier ? (
        <>
          <Field label="Адрес доставки">
            <TextInput name="address" required maxLength={300} defaultValue={current.address} autoComplete="off" />
          </Field>
          {slots ? (
            /* Side by side only where the card is wide: at xl it is the narrow side column. */
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
              <Field label="Дата">
                <select name="date" className={select} value={date} onChange={(e) => setDate(e.target.value)}>
                  {courierDays.map((d) => (
                    <option key={d.date} value={d.date}>
                      {d.date}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Интервал">
                <select key={date} name="time" className={select} defaultValue={current.slot?.date === date ? current.slot.time : undefined}>
                  {(courierDays.find((d) => d.date === date)?.times ?? []).map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          ) : (
            <p className="text-sm text-ink-600" data-testid="carrier-courier-period">
              Срок доставки: {method.periodText}. Курьер перевозчика приезжает в свой день, интервал не выбирается.
            </p>
          )}
        </>
      ) : (
        <Field label="Пункт выдачи (код)" hint="Начните вводить название или адрес пункта">
          <TextInput key={deliveryId} name="pointId" required maxLength={100} list={listId} defaultValue={deliveryId === current.deliveryId ? current.pointId : ''} autoComplete="off" />
          <datalist id={listId}>
            {(points[deliveryId] ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </datalist>
        </Field>
      )}
      {error ? (
        <p role="alert" className="text-sm text-sale-500">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={ui.button} disabled={busy}>
          Сохранить доставку
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={() => setOpen(false)}>
          Отмена
        </button>
      </div>
    </form>
  )
}
