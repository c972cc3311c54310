'use client'

import { useState } from 'react'
import { postForm } from '@/lib/ajax-client'
import { LeafletMap } from '@/ui/leaflet-map'
import { DEFAULT_ZOOM, centerOf, type EcoPointWire } from '../eco'

const pointId = (p: EcoPointWire, i: number) => `${i}:${p.cX},${p.cY}`

/**
 * The eco-box map: a city selector; each change asks POST /ajax/get-eco-boxes/ for the city's points
 * and centres the map on their average. Opens on Moscow at zoom 12.
 */
export function EcoBoxMap({
  cities,
  initialCity,
  initialPoints,
  tilesUrl,
}: {
  cities: string[]
  initialCity: string
  initialPoints: EcoPointWire[]
  tilesUrl: string
}) {
  const [city, setCity] = useState(initialCity)
  const [points, setPoints] = useState(initialPoints)
  const [selected, setSelected] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  async function changeCity(next: string) {
    setCity(next)
    setSelected(null)
    setLoading(true)
    try {
      setPoints(await postForm<EcoPointWire[]>('/ajax/get-eco-boxes/', { city: next }))
    } catch (error) {
      console.warn('eco boxes not loaded', error)
      setPoints([])
    } finally {
      setLoading(false)
    }
  }

  const center = centerOf(points)
  return (
    <div data-eco-map data-city={city} aria-busy={loading}>
      <label className="mb-4 flex flex-wrap items-center gap-3">
        <span className="font-semibold">Город</span>
        <select value={city} onChange={(e) => void changeCity(e.target.value)} className="h-11 rounded-xl border border-line bg-white px-3" name="city">
          {cities.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <span className="text-sm text-ink-600" data-eco-count>
          {loading ? 'Загрузка…' : `Аптек с эко-боксами: ${points.length}`}
        </span>
      </label>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <LeafletMap
          center={center}
          zoom={DEFAULT_ZOOM}
          markers={points.map((p, i) => ({ id: pointId(p, i), lat: p.cX, lon: p.cY, title: p.Name }))}
          selectedId={selected}
          onMarkerClick={setSelected}
          tilesUrl={tilesUrl}
          ariaLabel="Карта аптек с эко-боксами"
          className="h-[360px] w-full overflow-hidden rounded-2xl border border-line md:h-[480px]"
        />
        <ul className="max-h-[480px] space-y-2 overflow-y-auto" data-eco-points>
          {points.map((p, i) => (
            <li key={pointId(p, i)}>
              <button
                type="button"
                onClick={() => setSelected(pointId(p, i))}
                className={`w-full rounded-xl border p-3 text-left text-sm ${selected === pointId(p, i) ? 'border-brand-500 bg-brand-50' : 'border-line hover:border-brand-500'}`}
                data-eco-point={p.Name}
              >
                <b className="block">{p.Name}</b>
                <span className="block text-ink-600">{p.FullAddress}</span>
                <span className="block text-ink-600">{p.WorkTime}</span>
                <span className="block text-ink-600">{p.Phone}</span>
              </button>
            </li>
          ))}
          {!loading && points.length === 0 && <li className="text-ink-600">В этом городе эко-боксов пока нет.</li>}
        </ul>
      </div>
    </div>
  )
}
