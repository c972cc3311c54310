import 'server-only'
import { db } from '@/db/client'
import { loadProductCards } from '@/domains/catalog/catalog.server'
import { cached } from '@/lib/cache'
import { logger } from '@/lib/logger'
import {
  RESULTS_PAGE_SIZE,
  SEARCH_MIN_CHARS,
  SUGGESTIONS_LIMIT,
  forTypeahead,
  fuzzyText,
  namedGroups,
  tokenQueries,
  type ResolvedToken,
} from './search'
import { buildSuggestionIndex, matchSuggestions, type SuggestionIndex } from './search-index'
import {
  insertSearchQueries,
  resolveTokens,
  selectFuzzyHits,
  selectIndexedProducts,
  selectRankedHits,
  type Hit,
  type SearchLogRow,
} from './search.db'
import { readSearchParams, type SuggestInput } from './search.schema'

export interface SearchPage {
  ids: number[]
  total: number
  /** True when nothing matched word for word and the results come from the typo-tolerant pass. */
  fuzzy: boolean
}

const CATALOG = { tags: ['catalog'] }

/** A typed word's stems and the brands and purposes it names: the same for everyone, so cached. */
async function resolvedToken(query: string): Promise<ResolvedToken> {
  return cached(`search:token:${query}`, CATALOG, async () => {
    const [token] = await resolveTokens(db(), [query])
    return token ?? { query, prefixes: [], named: [] }
  })
}

function resolveTerm(term: string): Promise<ResolvedToken[]> {
  return Promise.all(tokenQueries(term).map(resolvedToken))
}

/**
 * Loading the index takes a few hundred milliseconds on PGlite (which runs in this thread), so it
 * is kept 5 minutes; writes in this process drop it at once through the `catalog` tag.
 */
function suggestionIndex(): Promise<SuggestionIndex> {
  return cached('search:suggestion-index', { ...CATALOG, ttlSeconds: 300 }, async () =>
    buildSuggestionIndex(await selectIndexedProducts(db())),
  )
}

async function findHits(term: string, limit: number, offset: number): Promise<{ hits: Hit[]; total: number; fuzzy: boolean }> {
  const exact = await selectRankedHits(db(), await resolveTerm(term), limit, offset)
  if (exact.total > 0) return { ...exact, fuzzy: false }
  const approximate = await fuzzyHits(term, limit, offset)
  return approximate ? { ...approximate, fuzzy: true } : { hits: [], total: 0, fuzzy: false }
}

/** Null when the text is too short to compare by trigrams. */
async function fuzzyHits(term: string, limit: number, offset: number): Promise<{ hits: Hit[]; total: number } | null> {
  const text = fuzzyText(term)
  if (text.length < SEARCH_MIN_CHARS) return null
  return selectFuzzyHits(db(), text, limit, offset)
}

function cacheKey(term: string): string {
  return tokenQueries(term).join('&') || fuzzyText(term)
}

/** The results page: product ids in rank order, the same for every visitor (cached). */
export function searchProducts(term: string, page: number): Promise<SearchPage> {
  const clean = term.trim()
  if (clean.length === 0) return Promise.resolve({ ids: [], total: 0, fuzzy: false })
  return cached(`search:page:${cacheKey(clean)}:${page}`, CATALOG, async () => {
    const found = await findHits(clean, RESULTS_PAGE_SIZE, (page - 1) * RESULTS_PAGE_SIZE)
    return { ids: found.hits.map((h) => h.id), total: found.total, fuzzy: found.fuzzy }
  })
}

/**
 * POST /ajax/search/: suggestion strings — matching brands and purposes first, then product names,
 * distinct, at most 8. Below 3 characters the answer is empty (the box clears its list).
 */
export async function suggest(input: SuggestInput): Promise<string[]> {
  const term = input.SEARCH_STRING.trim()
  if (term.length < SEARCH_MIN_CHARS) return []
  const list = await suggestionsFor(term)
  // What buyers look for, for the shop's own reports (the spec's call carries the view id for this).
  logSearch({ term: (input.originalSearchTerm || term).slice(0, 200), results: list.length, viewGuid: input.viewGuid, createdAt: new Date() })
  return list
}

/**
 * Brands and purposes named by the text, then products from the in-memory index (search-index.ts):
 * those matching the most typed words; the trigram pass only when no word matches any product. The
 * same for every visitor, so cached by the normalised query (tag `catalog`, 60 s).
 */
function suggestionsFor(term: string): Promise<string[]> {
  return cached(`search:suggest:${cacheKey(term)}`, CATALOG, async () => {
    const resolved = await resolveTerm(term)
    const groups = namedGroups(
      resolved.filter((t) => t.prefixes.length > 0),
      2,
    )
    const tokens = forTypeahead(resolved)
    // Product names repeat across a line's products, so take more than are shown.
    const wanted = SUGGESTIONS_LIMIT * 3
    let names = tokens.length > 0 ? matchSuggestions(await suggestionIndex(), tokens, wanted) : []
    if (names.length === 0) names = ((await fuzzyHits(term, wanted, 0))?.hits ?? []).map((h) => h.name)
    return [...new Set([...groups, ...names])].slice(0, SUGGESTIONS_LIMIT)
  })
}

/*
 * The search log is written in batches: one insert per suggestion request was the largest cost of
 * an answer served from the cache. A crash loses at most the last second of log rows.
 */
const LOG_FLUSH_MS = 1000
const LOG_BATCH_ROWS = 200
const pendingLog: SearchLogRow[] = []
let flushTimer: ReturnType<typeof setTimeout> | undefined

function logSearch(row: SearchLogRow): void {
  pendingLog.push(row)
  if (pendingLog.length >= LOG_BATCH_ROWS) void flushSearchLog()
  else flushTimer ??= setTimeout(() => void flushSearchLog(), LOG_FLUSH_MS).unref()
}

/** Writes the logged requests not yet written (tests call it instead of waiting for the timer). */
export async function flushSearchLog(): Promise<void> {
  clearTimeout(flushTimer)
  flushTimer = undefined
  const rows = pendingLog.splice(0)
  try {
    await insertSearchQueries(db(), rows)
  } catch (error) {
    logger.warn({ err: error, rows: rows.length }, 'search log rows lost')
  }
}

/** Everything the results page needs (read only: a GET never writes). */
export async function searchPageData(params: Record<string, string | string[] | undefined>) {
  const { q, page } = readSearchParams(params)
  const found = await searchProducts(q, page)
  const cards = await loadProductCards(found.ids)
  return { term: q, page, total: found.total, fuzzy: found.fuzzy, cards }
}
