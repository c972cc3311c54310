'use client'

import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { formatRub, rublesToKopecks } from '@/lib/money'
import { DELIVERY_LIMITS, DELIVERY_MESSAGES, basketToWire, carrierCourierProps, courierProps, type DeliveryPickerProps } from '../delivery'
import type { AddressSuggestion } from '@/domains/address/address'
import type { CourierOffer } from '../courier.server'

export interface CourierPickerProps extends DeliveryPickerProps {
  /** Address already in the order (PROP_ADDRESS). */
  initialAddress?: string
}

/**
 * Address, then date, then time, then price (spec section 4). A carrier's courier (ADR 212) answers one
 * offer without windows: it comes on a day of its own, so the address is all the buyer gives, then the
 * period and the price.
 */
export function CourierPicker({ cityCode, type, basket, onConfirm, onLeave, postPay = false, initialAddress = '' }: CourierPickerProps) {
  const [text, setText] = useState(initialAddress)
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([])
  const [open, setOpen] = useState(false)
  const [addressError, setAddressError] = useState('')
  const [address, setAddress] = useState('')
  const [couriers, setCouriers] = useState<CourierOffer[] | null>(null)
  const [warning, setWarning] = useState('')
  const [date, setDate] = useState('')
  const [time, setTime] = useState('')
  const [touched, setTouched] = useState(false)
  /** The address the courier days were loaded for; differs from `address` while loading. */
  const [loadedFor, setLoadedFor] = useState('')
  const basketJson = useMemo(() => basketToWire(basket), [basket])
  const listId = useId()
  const skipNextSuggest = useRef(false)
  const confirmedKey = useRef('')

  // Suggestions: 300 ms after typing above 5 characters, else 2000 ms.
  useEffect(() => {
    if (skipNextSuggest.current) {
      skipNextSuggest.current = false
      return
    }
    const query = text.trim()
    if (!query) return
    const delay = query.length > DELIVERY_LIMITS.addressFastAboveChars ? DELIVERY_LIMITS.addressFastDelayMs : DELIVERY_LIMITS.addressSlowDelayMs
    const abort = new AbortController()
    const timer = setTimeout(() => {
      postForm<{ suggestions: AddressSuggestion[]; message?: string }>('/ajax/getAddress/', { CITY: cityCode, ADDRESS: query }, { signal: abort.signal })
        .then((answer) => {
          setSuggestions(answer.suggestions)
          setOpen(true)
          setAddressError(answer.message ?? '')
        })
        .catch(() => undefined)
    }, delay)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [text, cityCode])

  // Courier days for the chosen full address.
  useEffect(() => {
    if (!address) return
    const abort = new AbortController()
    postForm<{ couriers: CourierOffer[]; warning: string }>(
      '/ajax/VueCourierComponent/',
      { type, city: cityCode, address, postPay: postPay ? 'Y' : 'N', basket: basketJson },
      { signal: abort.signal },
    )
      .then((answer) => {
        setCouriers(answer.couriers)
        setWarning(answer.warning)
        setLoadedFor(address)
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return
        setCouriers([])
        setWarning(error instanceof AjaxCallError ? error.message : DELIVERY_MESSAGES.courierImpossible)
        setLoadedFor(address)
      })
    return () => abort.abort()
  }, [address, type, cityCode, postPay, basketJson])

  const loading = Boolean(address) && loadedFor !== address
  const carrierOffer = couriers?.length === 1 && couriers[0]!.times.length === 0 ? couriers[0] : undefined
  const day = carrierOffer ?? couriers?.find((c) => c.date === date)
  const complete = Boolean(address && !loading && (carrierOffer || (day && time && day.times.includes(time))))

  useEffect(() => {
    const key = complete && day ? `${address}|${day.date}|${carrierOffer ? day.deliveryTo : time}|${day.price}` : ''
    if (key === confirmedKey.current) return
    const wasConfirmed = confirmedKey.current !== ''
    confirmedKey.current = key
    if (key && day && carrierOffer) {
      const priceKopecks = rublesToKopecks(day.price)
      onConfirm(carrierCourierProps({ handler: type, deliveryFrom: day.date, deliveryTo: day.deliveryTo ?? day.date, priceKopecks, shipmentDate: day.shipmentDate, address }))
    } else if (key && day) {
      onConfirm(courierProps({ date, time, priceKopecks: rublesToKopecks(day.price), shipmentDate: day.shipmentDate, address }))
    } else if (wasConfirmed) onLeave()
  }, [complete, address, date, time, day, carrierOffer, type, onConfirm, onLeave])

  const pick = (s: AddressSuggestion) => {
    skipNextSuggest.current = true
    setOpen(false)
    if (s.complete) {
      setText(s.value)
      setAddress(s.value)
      setAddressError('')
      setDate('')
      setTime('')
    } else {
      // A street without a house: keep typing the house number.
      skipNextSuggest.current = false
      setText(`${s.value}, д `)
    }
  }

  const onType = (value: string) => {
    setText(value)
    if (!value.trim()) setSuggestions([])
    if (address) {
      setAddress('')
      setCouriers(null)
      setDate('')
      setTime('')
    }
  }

  const onBlur = () => {
    setTimeout(() => setOpen(false), 150)
    if (text.trim() && !address && !addressError) setAddressError(DELIVERY_MESSAGES.fullAddress)
  }

  return (
    <section aria-label="Курьерская доставка" className="rounded-2xl border border-line bg-white p-3 sm:p-4" data-testid="courier-picker">
      <div className="relative">
        <label htmlFor={`${listId}-address`} className="mb-1 block text-sm font-medium">
          Адрес доставки
        </label>
        <input
          id={`${listId}-address`}
          value={text}
          onChange={(e) => onType(e.target.value)}
          onFocus={() => suggestions.length > 0 && !address && setOpen(true)}
          onBlur={onBlur}
          role="combobox"
          aria-expanded={open && suggestions.length > 0}
          aria-controls={`${listId}-list`}
          aria-autocomplete="list"
          aria-invalid={Boolean(addressError)}
          autoComplete="off"
          placeholder="Улица, дом"
          className={`w-full rounded-lg border px-3 py-2.5 ${addressError ? 'border-sale-500' : 'border-line'}`}
        />
        {open && suggestions.length > 0 && (
          <ul id={`${listId}-list`} role="listbox" className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-line bg-white shadow-lg">
            {suggestions.map((s) => (
              <li key={s.value} role="option" aria-selected={false}>
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(s)}
                  className="block w-full px-3 py-2 text-left text-sm hover:bg-surface"
                >
                  {s.value}
                </button>
              </li>
            ))}
          </ul>
        )}
        {addressError && (
          <p role="alert" className="mt-1 text-sm text-sale-500">
            {addressError}
          </p>
        )}
      </div>

      {address && loading && <p className="mt-3 text-sm text-ink-600">Подбираем интервалы доставки…</p>}
      {address && !loading && warning && (
        <p role="alert" className="mt-3 rounded-lg bg-sale-500/10 p-2 text-sm text-sale-500">
          {warning}
        </p>
      )}

      {address && !loading && carrierOffer && (
        <p className="mt-3 text-sm" data-testid="courier-period">
          Срок доставки: {carrierOffer.deliveryTo && carrierOffer.deliveryTo !== carrierOffer.date ? `${carrierOffer.date} — ${carrierOffer.deliveryTo}` : carrierOffer.date}
        </p>
      )}

      {address && !loading && !carrierOffer && couriers && couriers.length > 0 && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${listId}-date`} className="mb-1 block text-sm font-medium">
              Дата доставки
            </label>
            <select
              id={`${listId}-date`}
              value={date}
              onChange={(e) => {
                setDate(e.target.value)
                setTime('')
              }}
              onBlur={() => setTouched(true)}
              className={`w-full rounded-lg border bg-white px-3 py-2.5 ${touched && !date ? 'border-sale-500' : 'border-line'}`}
            >
              <option value="">Выберите дату</option>
              {couriers.map((c) => (
                <option key={c.date} value={c.date}>
                  {c.date}
                </option>
              ))}
            </select>
            {touched && !date && <p className="mt-1 text-sm text-sale-500">{DELIVERY_MESSAGES.required}</p>}
          </div>
          {date && (
            <div>
              <label htmlFor={`${listId}-time`} className="mb-1 block text-sm font-medium">
                Время доставки
              </label>
              <select
                id={`${listId}-time`}
                value={time}
                onChange={(e) => setTime(e.target.value)}
                className={`w-full rounded-lg border bg-white px-3 py-2.5 ${touched && !time ? 'border-sale-500' : 'border-line'}`}
              >
                <option value="">Выберите время</option>
                {day?.times.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
              {touched && !time && <p className="mt-1 text-sm text-sale-500">{DELIVERY_MESSAGES.required}</p>}
            </div>
          )}
        </div>
      )}

      {complete && day && (
        <p className="mt-3 text-sm" data-testid="courier-price">
          Стоимость доставки: <b>{day.price > 0 ? formatRub(rublesToKopecks(day.price)) : 'Бесплатно'}</b>
        </p>
      )}
    </section>
  )
}
