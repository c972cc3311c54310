/**
 * Delivery addresses (ADR 175): the interface an address service implements, and the offline default
 * that needs no service at all: the buyer's own text, accepted once it names a street and a house.
 * Pure: no I/O.
 */

/** One line of the courier form's list: `complete` when it goes down to the house. */
export interface AddressSuggestion {
  value: string
  complete: boolean
}

/** The city the address is in, as the delivery domain knows it. */
export interface AddressCity {
  code: string
  name: string
  /** FIAS id of the city and which FIAS level it is (1 region, 3 area, 4 city, 6 settlement); null: unknown. */
  fiasId: string | null
  fiasLevel: number | null
}

/** What a check of a typed address found. */
export type AddressCheck =
  | { kind: 'complete'; address: string }
  /** A street (or more) without a house: 'Введите полный адрес для доставки'. */
  | { kind: 'incomplete' }
  /** Nothing like an address: 'Адрес не найден, проверьте правильность написания'. */
  | { kind: 'unknown' }

/** A city found by the visitor's IP address; the delivery domain maps it to one of its cities. */
export interface IpLocation {
  /** FIAS ids from the most to the least precise (settlement, city, area, region). */
  fiasIds: string[]
  cityName: string | null
}

export interface AddressService {
  readonly code: string
  suggest(city: AddressCity, query: string, limit: number): Promise<AddressSuggestion[]>
  check(city: AddressCity, address: string): Promise<AddressCheck>
  locate(ip: string): Promise<IpLocation | null>
}

/** Words that say what kind of thing follows (street kinds, «дом», «кв»), never a street name. */
const KIND_WORDS = new Set([
  'г', 'город', 'ул', 'улица', 'пр', 'пр-т', 'пр-кт', 'просп', 'проспект', 'пер', 'переулок', 'б-р', 'бульвар',
  'ш', 'шоссе', 'наб', 'набережная', 'пл', 'площадь', 'проезд', 'туп', 'тупик', 'мкр', 'микрорайон', 'кв-л',
  'квартал', 'д', 'дом', 'к', 'корп', 'корпус', 'стр', 'строение', 'кв', 'квартира', 'оф', 'офис', 'пом',
  'помещение', 'под', 'подъезд', 'эт', 'этаж', 'лит', 'литера', 'вл', 'владение',
])

/** Lower case, ё as е, punctuation as spaces: what two spellings of one address share. */
export function normalizeAddress(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9\-/\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** 7, 7а, 7/2, 7-а, 12к1, 12с2, 12стр3: a house number as Russian addresses write it. */
const HOUSE = /^\d{1,4}(?:-?[а-я])?(?:\/\d{1,4}(?:-?[а-я])?)?(?:(?:к|корп|с|стр)\d{1,3})?$/

/**
 * The house number in a typed address, or null. A number counts only after a street word (so
 * «5 Парковая» without a house has none) or right after «д»/«дом»; a number after «кв», «оф», «под» or
 * «эт» is a flat, an office, an entrance or a floor, never a house.
 */
export function houseNumberOf(text: string): string | null {
  const tokens = normalizeAddress(text).split(' ').filter(Boolean)
  let sawStreet = false
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const before = tokens[i - 1]
    if (HOUSE.test(token)) {
      if (before === 'д' || before === 'дом' || before === 'вл' || before === 'владение') return token
      const flatLike = before !== undefined && ['кв', 'квартира', 'оф', 'офис', 'под', 'подъезд', 'эт', 'этаж', 'пом', 'помещение', 'к', 'корп', 'корпус', 'стр', 'строение'].includes(before)
      if (sawStreet && !flatLike) return token
    } else if (isNameWord(token)) sawStreet = true
  }
  return null
}

function isNameWord(token: string): boolean {
  return /[а-яa-z]{2,}/.test(token) && !KIND_WORDS.has(token)
}

/** The typed text without a leading «г Город,» / «Город,»: the shop puts the city in front itself. */
function withoutCity(cityName: string, text: string): string {
  const city = normalizeAddress(cityName)
  let rest = text.replace(/\s+/g, ' ').trim()
  for (;;) {
    const match = /^(?:(?:г|город)\.?\s+)?([^,]+)(?:,\s*|$)/i.exec(rest)
    if (!match || match[0] === '' || normalizeAddress(match[1] ?? '') !== city) break
    rest = rest.slice(match[0].length)
  }
  return rest.replace(/^[,\s]+|[,\s]+$/g, '')
}

/** The address as the order stores it: «г Город, <what the buyer typed>». */
export function freeTextAddress(cityName: string, text: string): string {
  return `г ${cityName}, ${withoutCity(cityName, text)}`
}

/** The offline check: a street word and a house number make a full address. */
export function checkFreeText(cityName: string, text: string): AddressCheck {
  const rest = withoutCity(cityName, text)
  const words = normalizeAddress(rest).split(' ').filter(isNameWord)
  if (words.length === 0) return { kind: 'unknown' }
  if (houseNumberOf(rest) === null) return { kind: 'incomplete' }
  return { kind: 'complete', address: freeTextAddress(cityName, rest) }
}

/**
 * The offline default (no DaData key): one suggestion, the buyer's own text with the city in front,
 * complete once it has a house number; nothing when the text names no street.
 */
export const freeTextAddressService: AddressService = {
  code: 'free-text',
  async suggest(city, query) {
    const check = checkFreeText(city.name, query)
    if (check.kind === 'unknown') return []
    return [{ value: freeTextAddress(city.name, query), complete: check.kind === 'complete' }]
  },
  async check(city, address) {
    return checkFreeText(city.name, address)
  },
  async locate() {
    return null
  },
}
