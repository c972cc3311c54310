'use client'

import { useEffect, useRef, useState } from 'react'
import { dayRangeText, type DeliverySummary, type SummaryRow } from '@/domains/delivery/delivery-summary'
import { LocationInput } from '@/domains/delivery/ui/location-input'
import { formatRub } from '@/lib/money'
import { useVisitorState } from './cart-store'

export const CART_DELIVERY_URL = '/ajax/cart-delivery/'

/**
 * The cart page's delivery block (ADR 095): the cheapest pickup and courier delivery to the visitor's
 * city with dates and what is left to free delivery, as the server computed it. Asked again when the
 * basket changes on the page or the buyer picks another city (which the place search remembers in the
 * region cookie, so the checkout starts from it too).
 */
export function CartDelivery({ initial }: { initial: DeliverySummary }) {
  const { cart, loaded } = useVisitorState()
  const [summary, setSummary] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [choosing, setChoosing] = useState(false)
  const [cityChanges, setCityChanges] = useState(0)
  const key = `${cart.Count}:${cart.TotalPrice}:${cityChanges}`
  // The page was rendered with the summary of the basket the store loads first: no call for that one.
  const shown = useRef<string | null>(null)

  useEffect(() => {
    if (!loaded) return
    if (shown.current === null || shown.current === key) {
      shown.current = key
      return
    }
    shown.current = key
    const abort = new AbortController()
    void Promise.resolve()
      .then(() => {
        setBusy(true)
        return fetch(CART_DELIVERY_URL, { credentials: 'same-origin', signal: abort.signal })
      })
      .then((res) => (res.ok ? (res.json() as Promise<DeliverySummary>) : null))
      .then((next) => {
        if (next) setSummary(next)
        setBusy(false)
      })
      .catch(() => {
        // An aborted or failed call keeps the summary shown; the checkout computes the real price anyway.
        if (!abort.signal.aborted) setBusy(false)
      })
    return () => abort.abort()
  }, [key, loaded])

  const { city, pickup, courier } = summary
  return (
    <section className="rounded-2xl border border-line p-4" aria-labelledby="cart-delivery" aria-busy={busy} data-cart-delivery>
      <h2 id="cart-delivery" className="font-bold">
        Доставка
      </h2>
      {city ? (
        <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="text-ink-600">Населённый пункт:</span>
          <b data-delivery-city>{city.name}</b>
          <button type="button" onClick={() => setChoosing((v) => !v)} aria-expanded={choosing} className="text-brand-700 underline">
            Изменить
          </button>
        </p>
      ) : (
        <p className="mt-2 text-sm text-ink-600">Укажите населённый пункт, чтобы узнать стоимость и сроки доставки.</p>
      )}
      {(choosing || !city) && (
        <div className="mt-2">
          <LocationInput
            value={null}
            required={false}
            onChange={() => {
              setChoosing(false)
              setCityChanges((n) => n + 1)
            }}
          />
        </div>
      )}
      {city && (pickup || courier) ? (
        <dl className="mt-3 flex flex-col gap-3 text-sm">
          {pickup && <DeliveryRow label="В пункт выдачи" row={pickup} when={`${pickup.serviceName}, ${dayRangeText(pickup.dateFrom, pickup.dateTo)}`} kind="pickup" />}
          {courier && <DeliveryRow label="Курьером" row={courier} when={`ближайшая дата — ${dayRangeText(courier.dateFrom, courier.dateTo)}`} kind="courier" />}
        </dl>
      ) : null}
      <p className="mt-3 text-xs text-ink-600">
        {city && !pickup && !courier
          ? 'Стоимость и сроки доставки в этот населённый пункт рассчитаем при оформлении заказа.'
          : 'Точную стоимость и дату рассчитаем при оформлении заказа.'}
      </p>
    </section>
  )
}

function DeliveryRow({ label, row, when, kind }: { label: string; row: SummaryRow; when: string; kind: 'pickup' | 'courier' }) {
  return (
    // One div per dt/dd group, with the dt and dd as its own children (the only nesting a dl allows);
    // the grid puts the price on the label's line.
    <div className="grid grid-cols-[1fr_auto] gap-x-2" data-delivery-kind={kind}>
      <dt className="font-medium">{label}</dt>
      <dd className="font-semibold" data-delivery-price>
        {row.priceKopecks === 0 ? 'Бесплатно' : `от ${formatRub(row.priceKopecks)}`}
      </dd>
      <dd className="col-span-2 text-ink-600" data-delivery-date>
        {when}
      </dd>
      {row.toFree && (
        <dd className="col-span-2 mt-1 text-brand-700" data-delivery-left>
          До бесплатной доставки осталось {formatRub(row.toFree.leftKopecks)}
          {row.toFree.serviceName !== row.serviceName && <span className="text-ink-600"> ({row.toFree.serviceName})</span>}
        </dd>
      )}
    </div>
  )
}
