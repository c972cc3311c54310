'use client'

import { useCallback, useEffect, useMemo, useState } from 'react'
import { AjaxCallError, postForm } from '@/lib/ajax-client'
import { formatRub, rublesToKopecks } from '@/lib/money'
import { LeafletMap, type MapMarker } from '@/ui/leaflet-map'
import {
  CANNOT_PAY_COOKIE,
  DELIVERY_LIMITS,
  DELIVERY_MESSAGES,
  basketToWire,
  pickerZoom,
  pickupProps,
  type DeliveryPickerProps,
} from '../delivery'
import type { PickerPoint, PickerPointDetail } from '../pickup.server'

export interface PickupPickerProps extends DeliveryPickerProps {
  /** Shows type and id instead of the name. */
  isAdmin?: boolean
  /** Tile URL template from the server (env MAP_TILES_URL). */
  tilesUrl?: string
  /** Point already chosen (from the order properties), shown as selected. */
  initialPointId?: string
}

type PointsAnswer = { points: PickerPoint[]; location: { coords: { lat: number; lon: number }; zoom?: number }; message?: string }
type Detail = { state: 'loading' } | { state: 'error' } | { state: 'ready'; point: PickerPointDetail }

function setCannotPay(value: boolean) {
  document.cookie = value
    ? `${CANNOT_PAY_COOKIE}=Y; Max-Age=${DELIVERY_LIMITS.cookieMaxAgeSeconds}; Path=/; SameSite=Lax`
    : `${CANNOT_PAY_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
}

export function PickupPicker({
  cityCode,
  type,
  basket,
  onConfirm,
  onLeave,
  postPay = false,
  isAdmin = false,
  tilesUrl,
  initialPointId,
}: PickupPickerProps) {
  const key = `${cityCode}|${type}|${postPay ? 'Y' : 'N'}`
  const [loaded, setLoaded] = useState<{ key: string; points: PickerPoint[]; message: string } | null>(null)
  const [view, setView] = useState<{ center: [number, number]; zoom: number; widen: boolean }>({
    center: [55.7558, 37.6173],
    zoom: DELIVERY_LIMITS.maxZoom,
    widen: true,
  })
  const [mode, setMode] = useState<'map' | 'list'>('map')
  const [selection, setSelection] = useState<{ key: string; id: string; detail: Detail } | null>(null)
  const [confirmedId, setConfirmedId] = useState<string | null>(initialPointId ?? null)
  const [filter, setFilter] = useState('')
  const [shown, setShown] = useState(30)
  const basketJson = useMemo(() => basketToWire(basket), [basket])

  // Derived from the request key, so a new city or carrier shows 'loading' without resetting state in an effect.
  const current = loaded?.key === key ? loaded : null
  const points = useMemo(() => current?.points ?? [], [current])
  const status: 'loading' | 'ready' | 'empty' = !current ? 'loading' : current.points.length > 0 ? 'ready' : 'empty'
  const message = current?.message ?? ''
  const selectedId = selection?.key === key ? selection.id : null
  const detail = selection?.key === key ? selection.detail : null

  // The 'cannot pay' cookie describes a point of this picker only (spec section 4): it starts clean, and
  // it goes when the picker does, also when another delivery or city replaces it without the leave button.
  useEffect(() => {
    setCannotPay(false)
    return () => setCannotPay(false)
  }, [])

  useEffect(() => {
    const abort = new AbortController()
    postForm<PointsAnswer>('/ajax/VuePvzComponent/', { action: 'getPoints', city: cityCode, type, postPay: postPay ? 'Y' : 'N' }, { signal: abort.signal })
      .then((answer) => {
        const list = answer.points.slice(0, DELIVERY_LIMITS.maxPoints)
        setView({
          center: [answer.location.coords.lat, answer.location.coords.lon],
          zoom: pickerZoom(answer.location.zoom),
          widen: true,
        })
        setLoaded({ key, points: list, message: answer.message ?? (list.length === 0 ? DELIVERY_MESSAGES.noSuitablePoints : '') })
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return
        // Failed calls set the no-points state.
        setLoaded({ key, points: [], message: type === 'sdek' ? DELIVERY_MESSAGES.noSdekPoints : DELIVERY_MESSAGES.noSuitablePoints })
        if (!(error instanceof AjaxCallError)) console.warn(error)
      })
    return () => abort.abort()
  }, [key, cityCode, type, postPay])

  const choose = useCallback(
    (id: string) => {
      const show = (detail: Detail) => setSelection({ key, id, detail })
      show({ state: 'loading' })
      postForm<PickerPointDetail>('/ajax/VuePvzComponent/', {
        action: 'getInfo',
        'point-type': points.find((p) => p.id === id)?.type ?? '',
        type,
        id,
        postPay: postPay ? 'Y' : 'N',
        basket: basketJson,
        city: cityCode,
      })
        .then((point) => show(point && point.id ? { state: 'ready', point } : { state: 'error' }))
        .catch(() => show({ state: 'error' }))
    },
    [key, points, type, postPay, basketJson, cityCode],
  )

  const chooseFromList = (p: PickerPoint) => {
    setView({ center: p.coords, zoom: DELIVERY_LIMITS.listZoom, widen: false })
    setMode('map')
    choose(p.id)
  }

  const confirm = (point: PickerPointDetail) => {
    setConfirmedId(point.id)
    setCannotPay(!point.canGetPayment)
    onConfirm(
      pickupProps({
        handler: type,
        kind: point.type,
        pointId: point.id,
        priceKopecks: rublesToKopecks(point.price),
        deliveryFrom: point.deliveryFrom,
        deliveryTo: point.deliveryTo,
        shipmentDate: point.shipmentDate,
        address: point.address,
      }),
    )
  }

  const leave = () => {
    setCannotPay(false)
    setConfirmedId(null)
    onLeave()
  }

  const markers: MapMarker[] = useMemo(
    () => points.map((p) => ({ id: p.id, lat: p.coords[0], lon: p.coords[1], title: isAdmin ? `${p.type} ${p.id}` : p.name, muted: !p.canGetPayment })),
    [points, isAdmin],
  )
  const listed = useMemo(() => {
    const q = filter.trim().toLowerCase()
    return q ? points.filter((p) => `${p.name} ${p.address}`.toLowerCase().includes(q)) : points
  }, [points, filter])
  const title = (p: PickerPoint) => (isAdmin ? `${p.type} ${p.id}` : p.name)

  return (
    <section aria-label="Выбор пункта выдачи" className="rounded-2xl border border-line bg-white p-3 sm:p-4" data-testid="pickup-picker">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div role="tablist" aria-label="Вид" className="inline-flex rounded-full bg-surface p-1 text-sm">
          {(['map', 'list'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              onClick={() => setMode(m)}
              className={`rounded-full px-4 py-1.5 ${mode === m ? 'bg-white font-semibold shadow-sm' : 'text-ink-600'}`}
            >
              {m === 'map' ? 'На карте' : 'Списком'}
            </button>
          ))}
        </div>
        <button type="button" onClick={leave} className="text-sm text-ink-600 underline underline-offset-2 hover:text-ink-900">
          Выбрать другой способ доставки
        </button>
      </div>

      {status === 'loading' && <p className="py-10 text-center text-ink-600">Загружаем пункты выдачи…</p>}
      {status === 'empty' && (
        <p role="status" className="rounded-xl bg-surface p-4 text-center text-ink-900">
          {message}
        </p>
      )}

      {status === 'ready' && (
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_20rem]">
          <div className={mode === 'map' ? 'h-80 overflow-hidden rounded-xl sm:h-[28rem]' : 'hidden'}>
            <LeafletMap
              center={view.center}
              zoom={view.zoom}
              markers={markers}
              onMarkerClick={choose}
              cluster
              clusterRadius={DELIVERY_LIMITS.clusterGrid}
              tilesUrl={tilesUrl}
              selectedId={selectedId}
              widen={
                view.widen
                  ? { minMarkers: DELIVERY_LIMITS.widenMinPoints, maxTimes: DELIVERY_LIMITS.widenMaxTimes, minZoom: DELIVERY_LIMITS.minZoom }
                  : undefined
              }
              ariaLabel="Карта пунктов выдачи"
            />
          </div>
          {mode === 'list' && (
            <div className="md:col-span-1">
              <input
                type="search"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value)
                  setShown(30)
                }}
                placeholder="Улица или название"
                aria-label="Поиск пункта выдачи"
                className="mb-2 w-full rounded-lg border border-line px-3 py-2"
              />
              <ul className="max-h-[28rem] divide-y divide-line overflow-y-auto rounded-xl border border-line">
                {listed.slice(0, shown).map((p) => (
                  <li key={p.id}>
                    <button type="button" onClick={() => chooseFromList(p)} className="block w-full px-3 py-2 text-left hover:bg-surface">
                      <span className="block font-medium">{title(p)}</span>
                      <span className="block text-sm text-ink-600">{p.address}</span>
                      {!p.canGetPayment && <span className="text-xs font-semibold text-sale-500">{DELIVERY_MESSAGES.prepayOnly}</span>}
                    </button>
                  </li>
                ))}
                {listed.length === 0 && <li className="p-3 text-ink-600">{DELIVERY_MESSAGES.noSuitablePoints}</li>}
              </ul>
              {listed.length > shown && (
                <button type="button" onClick={() => setShown((n) => n + 30)} className="mt-2 w-full rounded-lg border border-line py-2 text-sm">
                  Показать ещё
                </button>
              )}
            </div>
          )}
          <PointDetail
            detail={detail}
            isAdmin={isAdmin}
            confirmed={detail?.state === 'ready' && detail.point.id === confirmedId}
            onConfirm={confirm}
          />
        </div>
      )}
    </section>
  )
}

function PointDetail({
  detail,
  isAdmin,
  confirmed,
  onConfirm,
}: {
  detail: Detail | null
  isAdmin: boolean
  confirmed: boolean
  onConfirm: (p: PickerPointDetail) => void
}) {
  if (!detail) {
    return (
      <aside className="rounded-xl bg-surface p-4 text-sm text-ink-600">
        Выберите пункт выдачи на карте или в списке.
      </aside>
    )
  }
  if (detail.state === 'loading') return <aside className="rounded-xl bg-surface p-4 text-sm text-ink-600">Загружаем…</aside>
  if (detail.state === 'error') {
    return (
      <aside role="alert" className="rounded-xl border border-sale-500/40 bg-white p-4" data-testid="point-detail">
        <h3 className="mb-1 text-lg font-bold text-sale-500">{DELIVERY_MESSAGES.pointError}</h3>
        <p className="text-sm">{DELIVERY_MESSAGES.pointUnavailable}</p>
      </aside>
    )
  }
  const p = detail.point
  return (
    <aside className="rounded-xl border border-line bg-white p-4" data-testid="point-detail" aria-label="Пункт выдачи">
      <h3 className="mb-1 font-bold">{isAdmin ? `${p.type} ${p.id}` : p.name}</h3>
      <p className="text-sm">{p.address}</p>
      {p.comment && <p className="text-sm text-ink-600">{p.comment}</p>}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-600">Режим работы</dt>
        <dd>{p.graph}</dd>
        <dt className="text-ink-600">Стоимость</dt>
        <dd className="font-semibold">{p.price > 0 ? formatRub(rublesToKopecks(p.price)) : 'Бесплатно'}</dd>
        <dt className="text-ink-600">Доставка</dt>
        <dd>
          {p.deliveryFrom === p.deliveryTo ? p.deliveryFrom : `${p.deliveryFrom} — ${p.deliveryTo}`}
        </dd>
      </dl>
      {!p.canGetPayment && <p className="mt-2 text-sm font-semibold text-sale-500">{DELIVERY_MESSAGES.prepayOnly}</p>}
      {p.warning ? (
        <p role="alert" className="mt-3 rounded-lg bg-sale-500/10 p-2 text-sm text-sale-500">
          {p.warningText ?? DELIVERY_MESSAGES.pointUnavailable}
        </p>
      ) : confirmed ? (
        <p role="status" className="mt-3 rounded-lg bg-brand-50 py-2 text-center font-semibold text-brand-700">
          {DELIVERY_MESSAGES.selected}
        </p>
      ) : (
        <button
          type="button"
          onClick={() => onConfirm(p)}
          className="mt-3 w-full rounded-full bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Выбрать
        </button>
      )}
    </aside>
  )
}
