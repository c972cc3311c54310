'use client'

import { useRouter } from 'next/navigation'
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { DeliveryEditChoices } from '@/domains/orders/order-edit'
import { formatRub } from '@/lib/money'
import { AdminApiError, adminFetch } from '../api-client'
import { Field, TextInput } from '../field'
import { ui } from '../styles'
import { useHydrated } from '@/ui/use-hydrated'

const select = `${ui.input} pr-8`

type Suggestion = { code: string; name: string; region: string; display: string }

/**
 * Where a menu's fields start: in the order's city on its method and slot; in another city (where the
 * order's point, address and slot mean nothing) on the first method the goods may take and the first day.
 */
function startOf(menu: DeliveryEditChoices, ownCity: boolean): { deliveryId: number; date: string } {
  const { current, options, courierDays } = menu
  const first = (options.find((o) => !o.blocked) ?? options[0])?.id ?? 0
  return {
    deliveryId: ownCity && options.some((o) => o.id === current.deliveryId) ? current.deliveryId : first,
    date: ownCity && current.slot && courierDays.some((d) => d.date === current.slot?.date) ? current.slot.date : (courierDays[0]?.date ?? ''),
  }
}

/**
 * Moves an order to another delivery before it ships (ADR 167): a method, then its point or the
 * courier's address and slot. A carrier's courier (ADR 212) takes the address only: the carrier
 * comes within its period, as at checkout. The «Город» field loads another city's menu (ADR 167's
 * addendum); the city goes with the edit only when it is not the order's. Prices shown are the
 * checkout's for these goods; the server quotes again, takes the slot and recomputes the total.
 */
export function OrderDeliveryEditor({ orderId, choices }: { orderId: number; choices: DeliveryEditChoices }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  // Until React has hydrated a click would open nothing: the button waits for it.
  const hydrated = useHydrated()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  // The menu shown: the order's city's from the page, or another city's loaded by «Показать способы».
  const [menu, setMenu] = useState(choices)
  const [cityText, setCityText] = useState(choices.city.name)
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [loading, setLoading] = useState(false)
  // Answers to the field's earlier letters may come after later ones: only the last asked is shown.
  const asked = useRef(0)
  const { current, options, points, courierDays } = menu
  // In another city the order's point, address and slot mean nothing: the fields start empty.
  const ownCity = menu.city.code === choices.city.code
  const [deliveryId, setDeliveryId] = useState(() => startOf(choices, true).deliveryId)
  const [date, setDate] = useState(() => startOf(choices, true).date)
  const show = (next: DeliveryEditChoices, own: boolean) => {
    const start = startOf(next, own)
    setMenu(next)
    setCityText(next.city.name)
    setDeliveryId(start.deliveryId)
    setDate(start.date)
  }
  if (!open) {
    // Each opening starts from the page's menu: after a save the page has the order's new city and delivery.
    const openForm = () => {
      show(choices, true)
      setSuggestions([])
      setError('')
      setOpen(true)
    }
    return (
      <button type="button" className={`${ui.buttonSecondary} mt-3`} disabled={!hydrated} onClick={openForm}>
        Изменить доставку
      </button>
    )
  }
  const method = options.find((o) => o.id === deliveryId)
  const courier = method?.type === 'courier'
  const slots = courier && method.slots
  const listId = `points-${orderId}-${menu.city.code}-${deliveryId}`
  const citiesId = `cities-${orderId}`

  const suggest = async (text: string) => {
    setCityText(text)
    const query = text.trim()
    // A suggestion just picked (or too few letters) asks nothing.
    if (query.length < 2 || suggestions.some((s) => s.display === query)) return
    const ask = ++asked.current
    try {
      const answer = await adminFetch<{ items: Suggestion[] }>('GET', `/api/admin/cities/?q=${encodeURIComponent(query)}`)
      if (ask === asked.current) setSuggestions(answer.items)
    } catch {
      // Suggestions only help: the city typed in full is found without them.
    }
  }

  const showMethods = async () => {
    const text = cityText.trim()
    if (!text) {
      setError('Укажите город.')
      return
    }
    // A suggestion is sent by its code (two towns may share a name); a typed name as it is.
    const picked = suggestions.find((s) => s.display === text || s.name === text)
    const city = picked?.code ?? (text === menu.city.name ? menu.city.code || text : text)
    setLoading(true)
    setError('')
    try {
      const next = await adminFetch<DeliveryEditChoices>('GET', `/api/admin/orders/${orderId}/delivery-choices/?city=${encodeURIComponent(city)}`)
      show(next, next.city.code === choices.city.code)
    } catch (e) {
      setError(e instanceof AdminApiError ? e.message : 'Не получилось.')
    } finally {
      setLoading(false)
    }
  }

  // Enter in the city field loads its methods; it must not save the delivery of the menu still shown.
  const cityKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    void showMethods()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    // The menu's city, not the field's text: the methods chosen are that city's.
    const city = ownCity ? {} : { city: menu.city.code }
    const delivery = !courier
      ? { ...city, deliveryId, pointId: text('pointId') }
      : slots
        ? { ...city, deliveryId, address: text('address'), slot: { date: text('date'), time: text('time') } }
        : { ...city, deliveryId, address: text('address') }
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
  return (
    <form onSubmit={submit} className="mt-3 space-y-3 rounded-md border border-line p-3" aria-label="Изменение доставки">
      {/* The button drops under the field where the card is narrow (the side column at xl). */}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <Field label="Город">
            <TextInput value={cityText} maxLength={100} list={citiesId} autoComplete="off" onChange={(e) => void suggest(e.target.value)} onKeyDown={cityKey} />
            <datalist id={citiesId}>
              {suggestions.map((s) => (
                <option key={s.code} value={s.display} />
              ))}
            </datalist>
          </Field>
        </div>
        <button type="button" className={ui.buttonSecondary} disabled={!hydrated || loading} onClick={() => void showMethods()}>
          Показать способы
        </button>
      </div>
      <p className="text-sm text-ink-600" data-testid="delivery-city">
        Способы доставки в городе {menu.city.name || '—'}
      </p>
      {options.length === 0 ? (
        <p className="text-sm text-ink-600">{ownCity ? 'В городе заказа нет других способов доставки.' : 'В этом городе нет способов доставки.'}</p>
      ) : (
        <>
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
                <TextInput key={menu.city.code} name="address" required maxLength={300} defaultValue={ownCity ? current.address : ''} autoComplete="off" />
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
                    <select key={`${menu.city.code}-${date}`} name="time" className={select} defaultValue={ownCity && current.slot?.date === date ? current.slot.time : undefined}>
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
              <TextInput key={listId} name="pointId" required maxLength={100} list={listId} defaultValue={ownCity && deliveryId === current.deliveryId ? current.pointId : ''} autoComplete="off" />
              <datalist id={listId}>
                {(points[deliveryId] ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </datalist>
            </Field>
          )}
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm text-sale-500">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {options.length > 0 ? (
          <button type="submit" className={ui.button} disabled={busy || loading}>
            Сохранить доставку
          </button>
        ) : null}
        <button type="button" className={ui.buttonSecondary} onClick={() => setOpen(false)}>
          Отмена
        </button>
      </div>
    </form>
  )
}
