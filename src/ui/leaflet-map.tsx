'use client'

import 'leaflet/dist/leaflet.css'
import type * as Leaflet from 'leaflet'
import type { LayerGroup, Map as LeafletMapInstance } from 'leaflet'
import { useEffect, useRef } from 'react'
import Supercluster from 'supercluster'

/**
 * Shared map: Leaflet with markers, optional clustering by supercluster, tiles from the URL the server
 * passes in (env MAP_TILES_URL). Without tiles (offline, or no URL) the map still pans, zooms and shows
 * its markers on a plain background.
 *
 *   <LeafletMap center={[lat, lon]} zoom={10} markers={[{ id, lat, lon, title }]} onMarkerClick={…} cluster tilesUrl={…} />
 */
export interface MapMarker {
  id: string
  lat: number
  lon: number
  title: string
  /** Muted markers are drawn grey (e.g. a point that only takes prepaid parcels). */
  muted?: boolean
}

export interface LeafletMapProps {
  center: readonly [number, number]
  zoom: number
  markers: readonly MapMarker[]
  onMarkerClick?: (id: string) => void
  /** Group nearby markers (grid of `clusterRadius` px, 50 by default). */
  cluster?: boolean
  clusterRadius?: number
  tilesUrl?: string
  tilesAttribution?: string
  selectedId?: string | null
  minZoom?: number
  maxZoom?: number
  /**
   * After each change of center or zoom: zoom out one step while fewer markers than `minMarkers` are in
   * view, at most `maxTimes` times. `inset` (a share of the view, 0 by default) leaves out a margin at the
   * edges, so a counted marker is not half hidden or under the zoom buttons.
   */
  widen?: { minMarkers: number; maxTimes: number; minZoom: number; inset?: number }
  className?: string
  ariaLabel?: string
}

type PointProps = { id: string; title: string; muted: boolean }
interface MapState {
  L: typeof Leaflet
  map: LeafletMapInstance
  layer: LayerGroup
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function buildIndex(markers: readonly MapMarker[], radius: number): Supercluster<PointProps> {
  const index = new Supercluster<PointProps>({ radius, maxZoom: 16 })
  index.load(
    markers.map((m) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [m.lon, m.lat] },
      properties: { id: m.id, title: m.title, muted: Boolean(m.muted) },
    })),
  )
  return index
}

/** Draws the markers (or clusters) inside the current view, a little beyond it. */
function draw(s: MapState, props: LeafletMapProps, index: Supercluster<PointProps> | null): void {
  const { L, map, layer } = s
  layer.clearLayers()
  const bounds = map.getBounds().pad(0.2)
  const pointIcon = (p: PointProps) =>
    L.divIcon({
      className: 'vm-map-marker',
      html: `<span data-marker-id="${esc(p.id)}" class="block h-6 w-6 rounded-full border-2 border-white shadow-md ${
        p.id === props.selectedId ? 'bg-accent-500 ring-4 ring-accent-500/40' : p.muted ? 'bg-ink-400' : 'bg-brand-600'
      }"></span>`,
      iconSize: [24, 24],
      iconAnchor: [12, 12],
    })
  const addPoint = (lat: number, lon: number, p: PointProps) => {
    const m = L.marker([lat, lon], { icon: pointIcon(p), title: p.title, alt: p.title, keyboard: true, riseOnHover: true })
    m.on('click', () => props.onMarkerClick?.(p.id))
    layer.addLayer(m)
  }
  if (!index) {
    for (const p of props.markers) {
      if (bounds.contains([p.lat, p.lon])) addPoint(p.lat, p.lon, { id: p.id, title: p.title, muted: Boolean(p.muted) })
    }
    return
  }
  const z = Math.round(map.getZoom())
  for (const f of index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], z)) {
    const [lon, lat] = f.geometry.coordinates as [number, number]
    const fp = f.properties
    if ('cluster' in fp && fp.cluster) {
      const count = fp.point_count
      const size = count < 10 ? 32 : count < 100 ? 38 : 46
      const icon = L.divIcon({
        className: 'vm-map-cluster',
        html: `<span data-cluster-count="${count}" class="flex items-center justify-center rounded-full border-4 border-brand-100 bg-brand-600 text-xs font-bold text-white shadow" style="width:${size}px;height:${size}px">${count}</span>`,
        iconSize: [size, size],
        iconAnchor: [size / 2, size / 2],
      })
      const m = L.marker([lat, lon], { icon, title: String(count), keyboard: true })
      const clusterId = fp.cluster_id
      m.on('click', () => map.setView([lat, lon], Math.min(index.getClusterExpansionZoom(clusterId), map.getMaxZoom())))
      layer.addLayer(m)
    } else addPoint(lat, lon, fp as PointProps)
  }
}

/** Moves to the wanted view, then widens it while too few markers are visible. */
function applyView(s: MapState, props: LeafletMapProps): void {
  s.map.setView([props.center[0], props.center[1]], props.zoom, { animate: false })
  const w = props.widen
  if (!w) return
  const inView = () => {
    const b = s.map.getBounds().pad(-(w.inset ?? 0))
    return props.markers.reduce((n, m) => n + (b.contains([m.lat, m.lon]) ? 1 : 0), 0)
  }
  for (let i = 0; i < w.maxTimes && inView() < w.minMarkers && s.map.getZoom() > w.minZoom; i++) {
    s.map.setZoom(s.map.getZoom() - 1, { animate: false })
  }
}

export function LeafletMap(props: LeafletMapProps) {
  const { center, zoom, markers, cluster = false, clusterRadius = 50, tilesUrl, selectedId, className = '', ariaLabel = 'Карта' } = props
  const box = useRef<HTMLDivElement>(null)
  const mapState = useRef<MapState | null>(null)
  const index = useRef<Supercluster<PointProps> | null>(null)
  const latest = useRef(props)

  useEffect(() => {
    latest.current = props
  })

  // The map is created once; Leaflet touches window, so it is loaded in the browser only.
  useEffect(() => {
    let cancelled = false
    let created: LeafletMapInstance | null = null
    const { minZoom = 3, maxZoom = 18, tilesAttribution = '&copy; OpenStreetMap' } = latest.current
    void import('leaflet').then((L) => {
      if (cancelled || !box.current) return
      const map = L.map(box.current, { minZoom, maxZoom, zoomControl: true, attributionControl: Boolean(tilesUrl) })
      created = map
      if (tilesUrl) L.tileLayer(tilesUrl, { attribution: tilesAttribution, maxZoom }).addTo(map)
      const s: MapState = { L, map, layer: L.layerGroup().addTo(map) }
      mapState.current = s
      map.on('moveend', () => draw(s, latest.current, index.current))
      applyView(s, latest.current)
      draw(s, latest.current, index.current)
    })
    return () => {
      cancelled = true
      created?.remove()
      mapState.current = null
    }
  }, [tilesUrl])

  useEffect(() => {
    index.current = cluster ? buildIndex(markers, clusterRadius) : null
    if (mapState.current) draw(mapState.current, latest.current, index.current)
  }, [markers, cluster, clusterRadius])

  useEffect(() => {
    if (mapState.current) draw(mapState.current, latest.current, index.current)
  }, [selectedId])

  // Numbers, not the array: a new array with the same center must not move the map.
  const [lat, lon] = center
  useEffect(() => {
    if (mapState.current) {
      applyView(mapState.current, latest.current)
      draw(mapState.current, latest.current, index.current)
    }
  }, [lat, lon, zoom])

  // A caller's className sets the size; without one the map fills its parent.
  return <div ref={box} role="region" aria-label={ariaLabel} className={`z-0 bg-surface ${className || 'h-full min-h-64 w-full'}`} />
}
