/**
 * Address suggestions for the courier: an interface, so an external address service (DaData-style) can be
 * plugged in, and the built-in index that runs on our own data: streets of every seeded city with a
 * deterministic range of house numbers. Pure: the street list is bundled JSON.
 */
import streetsData from '@/db/seed/data/delivery-streets.json'
import { hash32 } from '@/lib/seeded-random'

export interface AddressSuggestion {
  value: string
  /** true when the suggestion is a full address down to the house. */
  complete: boolean
}

export interface AddressSuggester {
  suggest(city: { code: string; name: string }, query: string, limit?: number): Promise<AddressSuggestion[]>
}

type Street = readonly [kind: string, name: string]
const toStreets = (rows: readonly (readonly string[])[]): Street[] => rows.map((r) => [r[0] ?? '', r[1] ?? ''] as const)
const byCity: Record<string, readonly (readonly string[])[]> = streetsData.byCity
const data = {
  common: toStreets(streetsData.common),
  byCity: Object.fromEntries(Object.entries(byCity).map(([code, rows]) => [code, toStreets(rows)])),
}

const KIND_WORDS = new Set([
  'г', 'город', 'ул', 'улица', 'пр', 'пр-кт', 'проспект', 'пер', 'переулок', 'б-р', 'бульвар', 'ш', 'шоссе',
  'наб', 'набережная', 'пл', 'площадь', 'д', 'дом', 'кв', 'квартира',
])

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9\-\s.]/g, ' ')
    .replace(/\.(?=\S)/g, '. ')
    .replace(/\s+/g, ' ')
    .trim()
}

export function streetsOf(cityCode: string): Street[] {
  const seen = new Set<string>()
  return [...(data.byCity[cityCode] ?? []), ...data.common].filter(([kind, name]) => {
    const key = `${kind} ${name}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Highest house number of a street: fixed per city and street, between 15 and 194. */
export function maxHouse(cityCode: string, street: Street): number {
  return 15 + (hash32(`${cityCode}|${street[0]} ${street[1]}`) % 180)
}

export function formatAddress(cityName: string, street: Street, house?: string): string {
  return `г ${cityName}, ${street[0]} ${street[1]}${house ? `, д ${house}` : ''}`
}

interface ParsedQuery {
  words: string[]
  house: string | null
}

export function parseQuery(cityName: string, query: string): ParsedQuery {
  const cityWords = new Set(normalize(cityName).split(' '))
  const tokens = normalize(query)
    .split(' ')
    .map((t) => t.replace(/\.$/, ''))
    .filter(Boolean)
  let house: string | null = null
  const words: string[] = []
  for (const token of tokens) {
    if (/^\d+[а-я]?$/.test(token) && house === null && words.length > 0) house = token
    else if (/^\d+[а-я]?$/.test(token)) continue
    else if (!KIND_WORDS.has(token) && !cityWords.has(token)) words.push(token)
  }
  return { words, house }
}

function streetMatches(street: Street, words: string[]): boolean {
  const nameWords = normalize(street[1]).split(' ')
  return words.every((w) => nameWords.some((n) => n.startsWith(w)))
}

export const builtInAddressIndex: AddressSuggester = {
  async suggest(city, query, limit = 10) {
    const { words, house } = parseQuery(city.name, query)
    if (words.length === 0) return []
    const out: AddressSuggestion[] = []
    for (const street of streetsOf(city.code)) {
      if (!streetMatches(street, words)) continue
      if (house === null) out.push({ value: formatAddress(city.name, street), complete: false })
      else if (Number.parseInt(house, 10) <= maxHouse(city.code, street)) {
        out.push({ value: formatAddress(city.name, street, house), complete: true })
      }
      if (out.length >= limit) break
    }
    return out
  },
}

/** The full address the courier can go to, or null: it must be one of the index's complete suggestions. */
export async function resolveFullAddress(
  suggester: AddressSuggester,
  city: { code: string; name: string },
  address: string,
): Promise<string | null> {
  const suggestions = await suggester.suggest(city, address, 50)
  const wanted = normalize(address)
  const exact = suggestions.find((s) => s.complete && normalize(s.value) === wanted)
  if (exact) return exact.value
  const complete = suggestions.filter((s) => s.complete)
  return complete.length === 1 ? complete[0]!.value : null
}
