import 'server-only'
import { db } from '@/db/client'
import type { AjaxContext } from '@/lib/ajax'
import { Refusal } from '@/lib/refusal'
import { cached } from '@/lib/cache'
import { countsAsBuyerAddress } from '@/lib/client-ip'
import { DELIVERY_LIMITS, DELIVERY_MESSAGES, REGION_COOKIE, type Place } from './delivery'
import { addressService } from '@/domains/address/address.server'
import { cityByFiasIds, cityByName, searchCities, type CityRow } from './delivery.db'
import { findCity } from './delivery.server'
import type { PlacesInput } from './delivery.schema'

export function toPlace(city: CityRow): Place {
  return {
    code: city.code,
    name: city.name,
    region: city.region,
    display: city.region && city.region !== city.name ? `${city.name}, ${city.region}` : city.name,
    coords: { lat: city.lat, lon: city.lon },
  }
}

/**
 * POST /ajax/places/: SEARCH_STRING → matching cities with their region (a list);
 * CODE → the chosen location, remembered in the region cookie for a day.
 */
export async function places(input: PlacesInput, ctx: AjaxContext): Promise<Place[] | { location: Place }> {
  if (input.CODE) {
    const city = await findCity(input.CODE)
    if (!city) throw new Refusal('not-found', DELIVERY_MESSAGES.unknownCity)
    ctx.setCookie({ name: REGION_COOKIE, value: city.code, httpOnly: false, maxAge: DELIVERY_LIMITS.cookieMaxAgeSeconds })
    return { location: toPlace(city) }
  }
  return citySuggestions(input.SEARCH_STRING ?? '')
}

/** How many cities a search lists: the storefront's location popup and the back office's «Город» field. */
const SUGGESTIONS = 20

/**
 * Cities whose name has the text (or whose region starts with it), the most populous first, as the
 * location popup lists them; the back office's «Город» field of «Изменить доставку» asks the same
 * (ADR 167's addendum). Fewer than 2 letters find nothing: a letter would match half the country.
 */
export async function citySuggestions(text: string): Promise<Place[]> {
  const query = text.trim().toLowerCase()
  if (query.length < 2) return []
  const rows = await cached(`delivery:places:${query}`, { tags: ['delivery'], ttlSeconds: 300 }, () =>
    searchCities(db(), query, SUGGESTIONS),
  )
  return rows.map(toPlace)
}

/**
 * The city of a visitor who has chosen none yet, from the IP address (DaData's iplocate, ADR 175); null
 * without DaData, for an address it does not place, or a city the shop does not know. Cached by IP in
 * the address service, so a returning visitor costs no second request.
 */
export async function cityOfVisitor(ip: string): Promise<CityRow | null> {
  // Our own network's addresses (a proxy, a container) say nothing about where a buyer is.
  if (!countsAsBuyerAddress(ip)) return null
  const location = await addressService().locate(ip)
  if (!location) return null
  const byFias = await cityByFiasIds(db(), location.fiasIds)
  if (byFias) return byFias
  return (location.cityName ? await cityByName(db(), location.cityName) : undefined) ?? null
}
