'use client'

import dynamic from 'next/dynamic'
import { useEffect, useId, useRef, useState } from 'react'
import { finderHeight, finderPath } from '@/domains/pharmacy-finder/pharmacy-finder'
import { visiblePartners } from '../catalog'
import type { PartnerWithOutlets } from '../catalog'

const PartnerMapPopup = dynamic(() => import('./partner-map-popup').then((m) => m.PartnerMapPopup), { ssr: false })

export const NO_MARKERS_MESSAGE = 'Нет в наличии у партнера!'

/** The products the finder's selector offers: this one first, then a few of its section (ADR 120). */
export const FINDER_MAX_PRODUCTS = 6

/**
 * 'Где купить': partner logos open the partner in a new tab ('103.by' hidden), each with its pharmacy
 * map; below them the pharmacy-finder widget (ADR 087) in a frame, with a product selector.
 */
export function WhereToBuy({
  partners,
  productId,
  relatedIds,
  tilesUrl,
}: {
  partners: PartnerWithOutlets[]
  productId: number
  /** Other products the finder's selector may offer (the page's similar products). */
  relatedIds: readonly number[]
  /** Map tiles (env MAP_TILES_URL), the same as every other map of the shop. */
  tilesUrl: string
}) {
  const [mapFor, setMapFor] = useState<PartnerWithOutlets | null>(null)
  const list = visiblePartners(partners)
  const productIds = [productId, ...relatedIds.filter((id) => id !== productId)].slice(0, FINDER_MAX_PRODUCTS)
  return (
    <div data-where-to-buy className="space-y-6">
      {list.length === 0 ? (
        <p className="text-ink-600">Сейчас товара нет в аптеках-партнёрах.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" data-partner-list>
          {list.map((p) => (
            <li key={p.code} className="flex min-w-0 flex-col gap-2 rounded-xl border border-line p-3 break-words hyphens-auto" data-card="partner">
              <a href={p.link} target="_blank" rel="noopener noreferrer" className="flex h-14 items-center justify-center" title={p.title}>
                <img src={p.image} alt={p.title} className="max-h-full max-w-full" loading="lazy" />
              </a>
              <button
                type="button"
                onClick={() => (p.outlets.length === 0 ? window.alert(NO_MARKERS_MESSAGE) : setMapFor(p))}
                className="rounded-lg border border-line py-1.5 text-xs font-semibold text-brand-700 hover:border-brand-500"
                data-partner-map-open={p.code}
              >
                Аптеки на карте
              </button>
            </li>
          ))}
        </ul>
      )}
      <FinderFrame src={finderPath({ productId, productIds, utm: {}, fullForm: false })} />
      {mapFor && <PartnerMapPopup partner={mapFor} tilesUrl={tilesUrl} onClose={() => setMapFor(null)} />}
    </div>
  )
}

/** Until the widget reports its height; about one partner with three pharmacies. */
const FRAME_START_HEIGHT = 420

/**
 * The widget's frame, as tall as the widget says it is, so the page scrolls and the frame never does
 * (box-content: the height is the document's, the border comes on top).
 */
function FinderFrame({ src }: { src: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(FRAME_START_HEIGHT)
  const titleId = useId()
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return
      const h = finderHeight(e.data)
      if (h !== null && h > 0) setHeight(h)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="mb-2 text-lg font-bold">
        Наличие в аптеках
      </h3>
      <iframe
        ref={frame}
        src={src}
        title="Где купить"
        loading="lazy"
        className="box-content block w-full rounded-xl border border-line"
        style={{ height }}
        data-finder-frame
      />
    </section>
  )
}
