import 'server-only'
import { isIP } from 'node:net'
import { z } from 'zod'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import { normalizeAddress, type AddressCheck, type AddressCity, type AddressService, type AddressSuggestion, type IpLocation } from './address'

/**
 * DaData (ADR 175): `suggest/address` for the courier form, `iplocate/address` for the first location.
 * Wire format from dadata.ru/api/suggest/address and dadata.ru/api/iplocate (see docs/integrations/delivery.md).
 *
 * The free tier is 10 000 requests a day for the whole shop, so: answers are cached a day (the same
 * query in the same city is asked once), a complete address we suggested is accepted later without
 * asking again, and after an error nothing is sent for a while; the daily limit (403) waits for
 * Moscow midnight, when DaData resets it.
 */
export class AddressServiceDown extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AddressServiceDown'
  }
}

export interface DadataOptions {
  apiKey: string
  /** …/suggestions/api/4_1/rs, without a trailing slash. */
  baseUrl: string
  timeoutMs?: number
  /** How long to leave DaData alone after a timeout or a 5xx. */
  pauseAfterErrorMs?: number
}

const nullableText = z.string().nullable().optional()

/** The fields of `data` we read; DaData sends some 80 more. */
const addressData = z.object({
  house: nullableText,
  fias_level: nullableText,
  fias_id: nullableText,
  city: nullableText,
  city_fias_id: nullableText,
  settlement_fias_id: nullableText,
  area_fias_id: nullableText,
  region_fias_id: nullableText,
})

const suggestion = z.object({ value: z.string(), data: addressData })
const suggestAnswer = z.object({ suggestions: z.array(suggestion) })
const iplocateAnswer = z.object({ location: suggestion.nullable() })

type DadataSuggestion = z.infer<typeof suggestion>

/** House-level completeness: DaData names the house (fias_level 8, or 7 with a house FIAS lacks). */
export function isComplete(s: DadataSuggestion): boolean {
  return Boolean(s.data.house?.trim())
}

/** The `locations` filter for a city: the FIAS field that matches its level, else its name. */
export function locationFilter(city: AddressCity): Record<string, string> {
  if (city.fiasId) {
    const field = { 1: 'region_fias_id', 3: 'area_fias_id', 4: 'city_fias_id', 6: 'settlement_fias_id' }[city.fiasLevel ?? 4]
    if (field) return { [field]: city.fiasId }
  }
  return { city: city.name }
}

/** Milliseconds until the next midnight in Moscow (UTC+3, no summer time since 2014). */
export function untilMoscowMidnight(at: Date): number {
  const moscow = at.getTime() + 3 * 3600_000
  const day = 24 * 3600_000
  return day - (moscow % day)
}

const DAY_SECONDS = 24 * 3600
const TAG = 'address'
const MAX_KNOWN = 10_000
/** Each service keeps its own answers in the shared cache (tests make several, against several fakes). */
let instances = 0

export function dadataAddressService(options: DadataOptions): AddressService & { requests(): number } {
  const timeoutMs = options.timeoutMs ?? 3000
  const pauseAfterErrorMs = options.pauseAfterErrorMs ?? 60_000
  let pausedUntil = 0
  let sent = 0
  const prefix = `${TAG}:dadata:${++instances}`

  async function call(path: string, init: RequestInit): Promise<unknown> {
    if (now().getTime() < pausedUntil) throw new AddressServiceDown('DaData paused after an error')
    sent++
    let res: Response
    try {
      res = await fetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Token ${options.apiKey}` },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      pausedUntil = now().getTime() + pauseAfterErrorMs
      throw new AddressServiceDown(`DaData unreachable: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!res.ok) {
      await res.body?.cancel()
      // 403: the day's requests are spent (or the key is blocked) until Moscow midnight.
      pausedUntil = now().getTime() + (res.status === 403 ? untilMoscowMidnight(now()) : pauseAfterErrorMs)
      throw new AddressServiceDown(`DaData answered ${res.status}`)
    }
    return res.json()
  }

  const cityKey = (city: AddressCity) => JSON.stringify(locationFilter(city))

  /**
   * Complete addresses already suggested, per city: a later check of one (the courier call after the
   * buyer picked it) costs no request. Bounded: the oldest are forgotten first.
   */
  const known = new Map<string, string>()
  const knownKey = (city: AddressCity, value: string) => `${cityKey(city)}:${normalizeAddress(value)}`
  const remember = (city: AddressCity, value: string) => {
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value ?? '')
    known.set(knownKey(city, value), value)
  }

  async function suggest(city: AddressCity, query: string, limit: number): Promise<AddressSuggestion[]> {
    const text = query.trim().slice(0, 300)
    if (!text) return []
    const count = Math.min(Math.max(limit, 1), 20)
    const key = `${prefix}:suggest:${cityKey(city)}:${count}:${normalizeAddress(text)}`
    const found = await cached(key, { tags: [TAG], ttlSeconds: DAY_SECONDS }, async () => {
      const body = { query: text, count, locations: [locationFilter(city)], restrict_value: false, from_bound: { value: 'street' } }
      const answer = suggestAnswer.parse(await call('/suggest/address', { method: 'POST', body: JSON.stringify(body) }))
      return answer.suggestions.map((s) => ({ value: s.value, complete: isComplete(s) }))
    })
    for (const s of found) if (s.complete) remember(city, s.value)
    return found
  }

  return {
    code: 'dadata',
    requests: () => sent,
    suggest,
    async check(city, address): Promise<AddressCheck> {
      const hit = known.get(knownKey(city, address))
      if (hit) return { kind: 'complete', address: hit }
      const wanted = normalizeAddress(address)
      const suggestions = await suggest(city, address, 5)
      const exact = suggestions.find((s) => s.complete && normalizeAddress(s.value) === wanted)
      const complete = suggestions.filter((s) => s.complete)
      const chosen = exact ?? (complete.length === 1 ? complete[0] : undefined)
      if (chosen) return { kind: 'complete', address: chosen.value }
      return suggestions.length > 0 ? { kind: 'incomplete' } : { kind: 'unknown' }
    },
    async locate(ip): Promise<IpLocation | null> {
      if (isIP(ip) === 0) return null
      return cached(`${prefix}:ip:${ip}`, { tags: [TAG], ttlSeconds: DAY_SECONDS }, async () => {
        const answer = iplocateAnswer.parse(await call(`/iplocate/address?ip=${encodeURIComponent(ip)}`, { method: 'GET' }))
        const data = answer.location?.data
        if (!data) return null
        const ids = [data.settlement_fias_id, data.city_fias_id, data.area_fias_id, data.fias_id, data.region_fias_id]
        return { fiasIds: [...new Set(ids.filter((id): id is string => Boolean(id)))], cityName: data.city ?? null }
      })
    },
  }
}
