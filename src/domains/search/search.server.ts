import 'server-only'
import { db } from '@/db/client'
import { loadProductCards } from '@/domains/catalog/catalog.server'
import { cached } from '@/lib/cache'
import { RESULTS_PAGE_SIZE, SEARCH_MIN_CHARS, SUGGESTIONS_LIMIT, fuzzyText, tokenQueries } from './search'
import { insertSearchQuery, selectFullTextHits, selectFuzzyHits, selectNamedGroups, type Hit } from './search.db'
import { readSearchParams, type SuggestInput } from './search.schema'

export interface SearchPage {
  ids: number[]
  total: number
  /** True when nothing matched word for word and the results come from the typo-tolerant pass. */
  fuzzy: boolean
}

async function findHits(term: string, limit: number, offset: number, withTotal = true): Promise<{ hits: Hit[]; total: number; fuzzy: boolean }> {
  const queries = tokenQueries(term)
  if (queries.length > 0) {
    // Suggestions need no total: counting every match is most of the cost at 10 000 products.
    const exact = await selectFullTextHits(db(), queries, limit, offset, withTotal)
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

/**
 * POST /ajax/search/: suggestion strings — matching brands and purposes first, then product names,
 * distinct, at most 8. Below 3 characters the answer is empty (the box clears its list).
 */
export async function suggest(input: SuggestInput): Promise<string[]> {
  const term = input.SEARCH_STRING.trim()
  if (term.length < SEARCH_MIN_CHARS) return []
  const list = await suggestionsFor(term)
  // What buyers look for, for the shop's own reports (the spec's call carries the view id for this).
  await insertSearchQuery(db(), { term: (input.originalSearchTerm || term).slice(0, 200), results: list.length, viewGuid: input.viewGuid })
  return list
}

function suggestionsFor(term: string): Promise<string[]> {
  return cached(`search:suggest:${cacheKey(term)}`, { tags: ['catalog'] }, async () => {
    const queries = tokenQueries(term)
    const groups = queries.length > 0 ? await selectNamedGroups(db(), queries, 2) : []
    const { hits } = await findHits(term, SUGGESTIONS_LIMIT * 3, 0, false)
    const names = [...new Set([...groups, ...hits.map((h) => h.name)])]
    return names.slice(0, SUGGESTIONS_LIMIT)
  })
}

/** Everything the results page needs (read only: a GET never writes). */
export async function searchPageData(params: Record<string, string | string[] | undefined>) {
  const { q, page } = readSearchParams(params)
  const found = await searchProducts(q, page)
  const cards = await loadProductCards(found.ids)
  return { term: q, page, total: found.total, fuzzy: found.fuzzy, cards }
}
