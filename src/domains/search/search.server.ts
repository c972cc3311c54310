import 'server-only'
import { db } from '@/db/client'
import { cached } from '@/lib/cache'
import { RESULTS_PAGE_SIZE, SEARCH_MIN_CHARS, SUGGESTIONS_LIMIT, fuzzyText, tokenQueries } from './search'
import { insertSearchQuery, selectFullTextHits, selectFuzzyHits, selectNamedGroups, type Hit } from './search.db'
import type { SuggestInput } from './search.schema'

export interface SearchPage {
  ids: number[]
  total: number
  /** True when nothing matched word for word and the results come from the typo-tolerant pass. */
  fuzzy: boolean
}

async function findHits(term: string, limit: number, offset: number): Promise<{ hits: Hit[]; total: number; fuzzy: boolean }> {
  const queries = tokenQueries(term)
  if (queries.length > 0) {
    const exact = await selectFullTextHits(db(), queries, limit, offset)
    if (exact.total > 0) return { ...exact, fuzzy: false }
  }
  const text = fuzzyText(term)
  if (text.length < SEARCH_MIN_CHARS) return { hits: [], total: 0, fuzzy: false }
  return { ...(await selectFuzzyHits(db(), text, limit, offset)), fuzzy: true }
}

function cacheKey(term: string): string {
  return tokenQueries(term).join('&') || fuzzyText(term)
}

/** The results page: product ids in rank order, the same for every visitor (cached). */
export function searchProducts(term: string, page: number): Promise<SearchPage> {
  const clean = term.trim()
  if (clean.length === 0) return Promise.resolve({ ids: [], total: 0, fuzzy: false })
  return cached(`search:page:${cacheKey(clean)}:${page}`, { tags: ['catalog'] }, async () => {
    const found = await findHits(clean, RESULTS_PAGE_SIZE, (page - 1) * RESULTS_PAGE_SIZE)
    return { ids: found.hits.map((h) => h.id), total: found.total, fuzzy: found.fuzzy }
  })
}

/** Logs what buyers look for on the results page (only the first page of a search). */
export async function recordSearch(term: string, total: number, viewGuid = ''): Promise<void> {
  await insertSearchQuery(db(), { term: term.slice(0, 200), results: total, viewGuid })
}

/**
 * POST /ajax/search/: suggestion strings — matching brands and purposes first, then product names,
 * distinct, at most 8. Below 3 characters the answer is empty (the box clears its list).
 */
export function suggest(input: SuggestInput): Promise<string[]> {
  const term = input.SEARCH_STRING.trim()
  if (term.length < SEARCH_MIN_CHARS) return Promise.resolve([])
  return cached(`search:suggest:${cacheKey(term)}`, { tags: ['catalog'] }, async () => {
    const queries = tokenQueries(term)
    const groups = queries.length > 0 ? await selectNamedGroups(db(), queries, 2) : []
    const { hits } = await findHits(term, SUGGESTIONS_LIMIT * 3, 0)
    const names = [...new Set([...groups, ...hits.map((h) => h.name)])]
    return names.slice(0, SUGGESTIONS_LIMIT)
  })
}
