'use client'

import { useEffect, useRef, useState, type RefObject } from 'react'
import { LeafletMap } from '@/ui/leaflet-map'
import { useHydrated } from '@/ui/use-hydrated'
import { FINDER_HEIGHT_MESSAGE } from '../pharmacy-finder'
import type { FinderProduct } from '../pharmacy-finder.server'

/**
 * The widget inside the iframe: a product selector and the partner pharmacies that sell the chosen
 * product. fullForm=1 adds the map.
 */
export function PharmacyFinderView({
  products,
  initialId,
  fullForm,
  tilesUrl,
}: {
  products: FinderProduct[]
  initialId: number
  fullForm: boolean
  tilesUrl: string
}) {
  const [productId, setProductId] = useState(products.some((p) => p.id === initialId) ? initialId : (products[0]?.id ?? 0))
  const root = useRef<HTMLDivElement>(null)
  const hydrated = useHydrated()
  useReportHeight(root)
  const product = products.find((p) => p.id === productId)
  if (!product) return <p className="p-4 text-ink-600">Товар не найден.</p>
  const pharmacies = product.partners.flatMap((partner) => partner.pharmacies.map((ph) => ({ ...ph, partner })))
  // Partners span several cities, so an average could land between them: start on the first pharmacy
  // and let the map zoom out until a few markers are in view.
  const first = pharmacies[0]
  const center: [number, number] = first ? [first.lat, first.lon] : [55.7558, 37.6173]
  return (
    <div ref={root} className="space-y-4 p-4" data-pharmacy-finder={product.id}>
      <div className="flex items-center gap-3">
        <img src={product.image} alt="" className="h-16 w-16 rounded-lg bg-surface object-contain" />
        {products.length > 1 ? (
          <label className="flex-1">
            <span className="sr-only">Товар</span>
            <select value={productId} disabled={!hydrated} onChange={(e) => setProductId(Number(e.target.value))} className="h-11 w-full rounded-xl border border-line bg-white px-3 font-semibold" name="product">
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <h1 className="text-lg font-bold">{product.name}</h1>
        )}
      </div>
      {product.partners.length === 0 ? (
        <p className="text-ink-600">Сейчас этого товара нет в аптеках-партнёрах.</p>
      ) : (
        <ul className="space-y-3" data-finder-partners>
          {product.partners.map((partner) => (
            <li key={partner.code} className="rounded-xl border border-line p-3">
              <div className="flex items-center justify-between gap-3">
                <b>{partner.title}</b>
                <a href={partner.link} target="_blank" rel="noopener" className="rounded-lg bg-brand-500 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-600">
                  Купить
                </a>
              </div>
              {partner.pharmacies.length > 0 && (
                <ul className="mt-2 space-y-1 text-sm text-ink-600">
                  {partner.pharmacies.slice(0, fullForm ? undefined : 3).map((ph) => (
                    <li key={ph.id}>
                      {ph.name}, {ph.address}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {fullForm && pharmacies.length > 0 && (
        <LeafletMap
          center={center}
          zoom={10}
          markers={pharmacies.map((p) => ({ id: String(p.id), lat: p.lat, lon: p.lon, title: `${p.partner.title}: ${p.address}` }))}
          cluster
          widen={{ minMarkers: 3, maxTimes: 6, minZoom: 4 }}
          tilesUrl={tilesUrl}
          ariaLabel="Аптеки на карте"
          className="h-80 w-full overflow-hidden rounded-xl border border-line"
        />
      )}
    </div>
  )
}

/** Inside a frame: tells the embedder the widget's height whenever it changes (see FINDER_HEIGHT_MESSAGE). */
function useReportHeight(root: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const el = root.current
    if (!el || window.parent === window) return
    // Any embedder may listen: the height is no secret, and partner sites embed the widget too (ADR 087).
    const report = () => window.parent.postMessage({ type: FINDER_HEIGHT_MESSAGE, height: el.getBoundingClientRect().bottom + window.scrollY }, '*')
    const observer = new ResizeObserver(report)
    observer.observe(el)
    return () => observer.disconnect()
  }, [root])
}
