import 'server-only'
import { db } from '@/db/client'
import { cached } from '@/lib/cache'
import { DEFAULT_CITY, toWire, type EcoPointWire } from './eco'
import type { EcoBoxesInput } from './eco.schema'
import { selectEcoCities, selectEcoPoints } from './eco.db'

/** POST /ajax/get-eco-boxes/: the points of a city (an unknown city has none). */
export function ecoBoxes({ city }: EcoBoxesInput): Promise<EcoPointWire[]> {
  return cached(`eco:points:${city}`, { tags: ['eco'] }, async () => (await selectEcoPoints(db(), city)).map(toWire))
}

/** Cities of the selector, Moscow first (the map opens there). */
export function ecoCities(): Promise<string[]> {
  return cached('eco:cities', { tags: ['eco'] }, async () => {
    const cities = await selectEcoCities(db())
    return cities.includes(DEFAULT_CITY) ? [DEFAULT_CITY, ...cities.filter((c) => c !== DEFAULT_CITY)] : cities
  })
}
