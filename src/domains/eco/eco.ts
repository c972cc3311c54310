/** Eco-box map rules: the wire shape of a point and where the map is centred. */

export const DEFAULT_CITY = 'Москва'
/** The eco map opens on Moscow at zoom 12 (spec §9). */
export const DEFAULT_CENTER: [number, number] = [55.7558, 37.6173]
export const DEFAULT_ZOOM = 12

/** The spec's eco point. cX is the latitude and cY the longitude, as the original map's [x, y] pair. */
export interface EcoPointWire {
  Name: string
  Address: string
  WorkTime: string
  Phone: string
  cX: number
  cY: number
  FullAddress: string
  City: string
}

export function toWire(p: { name: string; address: string; workTime: string; phone: string; lat: number; lon: number; fullAddress: string; city: string }): EcoPointWire {
  return { Name: p.name, Address: p.address, WorkTime: p.workTime, Phone: p.phone, cX: p.lat, cY: p.lon, FullAddress: p.fullAddress, City: p.city }
}

/** The map centres on the average of the points; with none it stays on Moscow. */
export function centerOf(points: readonly Pick<EcoPointWire, 'cX' | 'cY'>[]): [number, number] {
  if (points.length === 0) return DEFAULT_CENTER
  const lat = points.reduce((s, p) => s + p.cX, 0) / points.length
  const lon = points.reduce((s, p) => s + p.cY, 0) / points.length
  return [lat, lon]
}
