'use client'

import dynamic from 'next/dynamic'
import { useState } from 'react'
import { visiblePartners } from '../catalog'
import type { PartnerWithOutlets } from '../catalog'

const PartnerMapPopup = dynamic(() => import('./partner-map-popup').then((m) => m.PartnerMapPopup), { ssr: false })

export const NO_MARKERS_MESSAGE = 'Нет в наличии у партнера!'

/** 'Где купить': partner logos open the partner in a new tab ('103.by' hidden); each has its pharmacy map. */
export function WhereToBuy({ partners }: { partners: PartnerWithOutlets[] }) {
  const [mapFor, setMapFor] = useState<PartnerWithOutlets | null>(null)
  const list = visiblePartners(partners)
  if (list.length === 0) return <p className="text-ink-600">Сейчас товара нет в аптеках-партнёрах.</p>
  return (
    <div data-where-to-buy>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" data-partner-list>
        {list.map((p) => (
          <li key={p.code} className="flex flex-col gap-2 rounded-xl border border-line p-3">
            <a href={p.link} target="_blank" rel="noopener noreferrer" className="flex h-14 items-center justify-center" title={p.title}>
              {/* eslint-disable-next-line @next/next/no-img-element -- partner logos are local SVGs */}
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
      {mapFor && <PartnerMapPopup partner={mapFor} onClose={() => setMapFor(null)} />}
    </div>
  )
}
