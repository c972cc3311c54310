import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { announceChanges } from '@/db/change-feed'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import type { Carrier, CarrierAnswer, CarrierCity, CarrierFailure, CarrierPoint, CarrierQuote, RefreshOutcome } from './carrier'
import * as q from './carriers.db'

/**
 * What every carrier module (СДЭК, Boxberry, Почта России) does the same way around its own calls
 * (ADR 176, "One keeper for the carriers"): the points of a city kept in carrier_points and refreshed
 * under a claim, the bounded first load while a buyer waits, prices kept an hour, and a carrier that
 * just failed counted as down for a while so checkout refreshes do not each wait for it. A module
 * gives only what is its own: how to load a city, how to ask for a price, and how to read its errors.
 */

/** The delivery domain's cache tag: a refresh makes every instance's point lists read the table again (ADR 160). */
const DELIVERY_TAG = 'delivery'
const POINTS_LIMIT = 20_000
/** Kept quotes beyond this are all dropped at once: a crude bound, the hour's TTL does the rest. */
const QUOTES_KEPT_MAX = 5_000

/** The time limits every carrier keeps alike; a carrier spreads them into its own limits (its test hook, ADR 151). */
export const KEEPER_LIMITS = {
  /** A buyer's request waits at most this long for a price. */
  quoteTimeoutMs: 4_000,
  /** The first load of a city while a buyer waits. */
  firstLoadTimeoutMs: 8_000,
  /** The daily refresh has time: a big city's list (Moscow at СДЭК) is over a megabyte. */
  refreshTimeoutMs: 60_000,
  quoteTtlMs: 3_600_000,
  /** After a failure, the carrier counts as down this long: no call, an immediate 'down'. */
  downForMs: 30_000,
  refreshEveryMs: 24 * 3_600_000,
  /** A claim older than this was left by an instance that died mid-refresh. */
  claimStaleMs: 10 * 60_000,
  dueBatch: 50,
}
export type KeeperLimits = typeof KEEPER_LIMITS

/** A city's load: the carrier's own code of the city with its points, or null when the carrier does not serve it. */
export type LoadedCity = { carrierCityCode: null } | { carrierCityCode: string; points: CarrierPoint[]; skipped: number }

/** A carrier's error read for the keeper: a refusal of this parcel is an answer, anything else means the carrier is down. */
export interface ReadError {
  refused: boolean
  message: string
  kind: string
}

/** The usual reading: an HTTP 4xx answer (other than a token refused, which the client turns into 'auth') refuses this parcel. */
export function refusedOn4xx(e: { kind: string; status?: number; message: string }): ReadError {
  return { refused: e.kind === 'http' && e.status !== undefined && e.status < 500, message: e.message, kind: e.kind }
}

type QuoteInput = Parameters<Carrier['quote']>[0]

/** What the carrier asks once it knows the city's code: the cache key of the question and the call itself. */
export type QuoteAsk = { key: string; ask: () => Promise<CarrierAnswer<CarrierQuote>> }

export interface KeeperOptions {
  carrier: string
  /** How the carrier is named in logs and failure details: «СДЭК», «Boxberry», «Почта России». */
  label: string
  /** The log line of a failed points refresh and of a failed price. */
  logs: { refreshFailed: string; quoteFailed: string }
  /** What a point of unknown kind is: a pickup point, or (the post) a post office. */
  defaultKind: 'PVZ' | 'POST'
  limits: () => KeeperLimits
  configured: () => boolean
  loadCity: (city: CarrierCity, timeoutMs: number, database: Db) => Promise<LoadedCity>
  readError: (error: unknown) => ReadError
  /** The no-tariff detail when the carrier does not serve the city. */
  notServed: string
  /** The carrier's own question for a price, once the city's code is known; a failure answers at once, unasked. */
  askQuote: (input: QuoteInput, carrierCityCode: string) => Promise<QuoteAsk | CarrierFailure>
  /** Called when the client's settings change, for what else the carrier keeps per client. */
  onNewClient?: () => void
}

function down(detail: string): CarrierAnswer<never> {
  return { ok: false, reason: 'down', detail }
}

export function carrierKeeper<Client>(o: KeeperOptions) {
  const quotes = new Map<string, { at: number; answer: CarrierAnswer<CarrierQuote> }>()
  const firstLoads = new Map<string, Promise<RefreshOutcome>>()
  let downUntil = 0
  let shared: { key: string; client: Client } | null = null

  /**
   * One client per process and settings (so one token); new settings forget the kept quotes and the
   * down mark, which were about the old ones.
   */
  function clientFor(settingsKey: string, make: () => Client): Client {
    if (shared?.key !== settingsKey) {
      shared = { key: settingsKey, client: make() }
      quotes.clear()
      downUntil = 0
      o.onNewClient?.()
    }
    return shared.client
  }

  function markDown(): void {
    downUntil = now().getTime() + o.limits().downForMs
  }

  async function refreshCity(city: CarrierCity, timeoutMs: number = o.limits().refreshTimeoutMs): Promise<RefreshOutcome> {
    const database = db()
    const at = now()
    await q.ensureCityRow(database, o.carrier, city.code)
    if (!(await q.claimRefresh(database, o.carrier, city.code, at, new Date(at.getTime() - o.limits().claimStaleMs)))) {
      return { city: city.code, status: 'busy' }
    }
    try {
      const loaded = await o.loadCity(city, timeoutMs, database)
      // Not served: remembered (carrier_city_code null, refreshed now) so buyers are not kept waiting; the daily refresh asks again.
      const points = loaded.carrierCityCode ? loaded.points : []
      await q.replaceCityPoints(database, o.carrier, city.code, points, at)
      await q.finishRefresh(database, o.carrier, city.code, { carrierCityCode: loaded.carrierCityCode, refreshedAt: at })
      await announceChanges(database, [DELIVERY_TAG])
      return loaded.carrierCityCode
        ? { city: city.code, status: 'refreshed', points: points.length, skipped: loaded.skipped }
        : { city: city.code, status: 'not-served' }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      // The points already in the table stay: yesterday's list is better than none.
      await q.finishRefresh(database, o.carrier, city.code, { error: message.slice(0, 500) })
      logger.warn({ city: city.code, err: message }, o.logs.refreshFailed)
      return { city: city.code, status: 'failed', error: message }
    }
  }

  /** The city's first load, while a buyer waits (bounded); later reads come from the table. */
  async function ensureLoaded(city: CarrierCity): Promise<void> {
    const row = await q.cityRow(db(), o.carrier, city.code)
    if (row?.pointsRefreshedAt) return
    // The carrier failed a moment ago: the buyer gets the no-points answer now rather than another wait.
    if (now().getTime() < downUntil) return
    // Buyers of the same city at once share one load.
    let pending = firstLoads.get(city.code)
    if (!pending) {
      pending = refreshCity(city, o.limits().firstLoadTimeoutMs).finally(() => firstLoads.delete(city.code))
      firstLoads.set(city.code, pending)
    }
    if ((await pending).status === 'failed') markDown()
  }

  /**
   * A price: the city loaded (outside a transaction), then the carrier's question, answered from the
   * kept quotes when asked within the hour. Inside a transaction (remote false) only a kept quote
   * answers: no network call holds a transaction open.
   */
  async function quote(input: QuoteInput): Promise<CarrierAnswer<CarrierQuote>> {
    if (input.remote) await ensureLoaded(input.city)
    const row = await q.cityRow(input.q, o.carrier, input.city.code)
    if (!row?.carrierCityCode) return row?.pointsRefreshedAt ? { ok: false, reason: 'no-tariff', detail: o.notServed } : down('city not loaded')
    const question = await o.askQuote(input, row.carrierCityCode)
    if ('ok' in question) return question
    const at = now().getTime()
    const kept = quotes.get(question.key)
    if (kept && at - kept.at < o.limits().quoteTtlMs) return kept.answer
    if (!input.remote) return down('no kept quote inside a transaction')
    if (at < downUntil) return down(`${o.label} failed less than a minute ago`)
    try {
      const answer = await question.ask()
      if (quotes.size > QUOTES_KEPT_MAX) quotes.clear()
      quotes.set(question.key, { at, answer })
      return answer
    } catch (error) {
      const e = o.readError(error)
      // A refusal is about this parcel: not kept, and the carrier is not down.
      if (e.refused) return { ok: false, reason: 'no-tariff', detail: e.message }
      markDown()
      logger.warn({ err: e.message, kind: e.kind }, o.logs.quoteFailed)
      return down(e.message)
    }
  }

  async function refreshDue(): Promise<RefreshOutcome[]> {
    if (!o.configured()) return []
    const database = db()
    const due = await q.citiesDue(database, o.carrier, new Date(now().getTime() - o.limits().refreshEveryMs), o.limits().dueBatch)
    const out: RefreshOutcome[] = []
    for (const code of due) {
      const city = await q.cityByCode(database, code)
      if (city) out.push(await refreshCity(city))
    }
    return out
  }

  /** The Carrier's methods; the module adds its code, handler and configured(). */
  const methods: Omit<Carrier, 'code' | 'handler' | 'configured'> = {
    async pointsInCity(city) {
      await ensureLoaded(city)
      return q.pointsInCity(db(), o.carrier, city.code, POINTS_LIMIT)
    },
    async pointCount(city) {
      await ensureLoaded(city)
      return q.pointCount(db(), o.carrier, city.code)
    },
    async pointByCode(database: Db | Tx, code: string) {
      const row = await q.pointByCode(database, o.carrier, code)
      if (!row) return undefined
      const { carrier: _carrier, refreshedAt: _refreshedAt, ...point } = row
      return { ...point, kind: point.kind === 'POSTAMAT' ? 'POSTAMAT' : o.defaultKind }
    },
    quote,
    refreshCity: (city) => refreshCity(city),
    refreshDue,
  }

  return { clientFor, methods }
}
