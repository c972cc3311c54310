'use client'

import { LeafletMap } from '@/ui/leaflet-map'
import { Modal } from '@/ui/modal'
import type { PartnerWithOutlets } from '../catalog'

/** Spec point 9: the partner map's default view (used when the markers give no better centre). */
export const PARTNER_MAP_DEFAULT = { center: [53.9, 27.5667] as const, zoom: 7 }

export function outletsCenter(outlets: readonly { lat: number; lon: number }[]): readonly [number, number] {
  if (outlets.length === 0) return PARTNER_MAP_DEFAULT.center
  const lat = outlets.reduce((s, o) => s + o.lat, 0) / outlets.length
  const lon = outlets.reduce((s, o) => s + o.lon, 0) / outlets.length
  return [lat, lon]
}

/** The partner map popup: markers from our own pharmacy data on the shop's tiles, and the same list below the map. */
export function PartnerMapPopup({ partner, tilesUrl, onClose }: { partner: PartnerWithOutlets; tilesUrl: string; onClose: () => void }) {
  const markers = partner.outlets.map((o) => ({ id: String(o.id), lat: o.lat, lon: o.lon, title: `${o.name}, ${o.address}` }))
  // A partner's pharmacies span cities, so their average centre can show none of them at zoom 7 on a
  // phone: the map zooms out until every pharmacy is in view, clear of the edges.
  const widen = { minMarkers: markers.length, maxTimes: 6, minZoom: 3, inset: 0.15 }
  return (
    <Modal open onClose={onClose} title={`${partner.title}: аптеки на карте`} size="lg">
      <div className="h-80 overflow-hidden rounded-xl sm:h-96" data-partner-map>
        <LeafletMap center={outletsCenter(partner.outlets)} zoom={PARTNER_MAP_DEFAULT.zoom} markers={markers} widen={widen} tilesUrl={tilesUrl} ariaLabel={`Аптеки ${partner.title}`} className="h-full w-full" />
      </div>
      <ul className="mt-4 max-h-48 divide-y divide-line overflow-y-auto text-sm" data-partner-outlets>
        {partner.outlets.map((o) => (
          <li key={o.id} className="py-2" data-apt-id={o.id}>
            <span className="font-semibold">{o.name}</span>
            <span className="block text-ink-600">{o.address}</span>
          </li>
        ))}
      </ul>
    </Modal>
  )
}
