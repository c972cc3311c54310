/**
 * Search rules shared by the header box and the results page (spec §4, §7, §9): suggestions from
 * 3 characters, 400 ms after typing stops; the query is turned into a PostgreSQL tsquery here, so
 * the SQL never sees the buyer's raw text as query syntax.
 */
export const SEARCH_MIN_CHARS = 3
export const SEARCH_DELAY_MS = 400
export const SUGGESTIONS_LIMIT = 8
export const RESULTS_PAGE_SIZE = 24
export const AUTOCOMPLETE_MARKER = 'AUTOCOMPLETE_CLICK'
export const MAX_TERM_LENGTH = 200

/** Vitamins are written with Latin letters (D3, C, B12) but typed in Cyrillic ('витамин д'). */
const LATIN_LOOKALIKE: Record<string, string> = { а: 'a', в: 'b', с: 'c', д: 'd', е: 'e', к: 'k' }
const MAX_TOKENS = 8

export function searchTokens(term: string): string[] {
  return term
    .slice(0, MAX_TERM_LENGTH)
    .toLowerCase()
    .replaceAll('ё', 'е')
    .split(/[^a-zа-я0-9]+/u)
    .filter(Boolean)
    .slice(0, MAX_TOKENS)
    .map((t) => t.slice(0, 40))
}

/**
 * One token as tsquery text: words match as prefixes (the box searches while typing) and are stemmed
 * by the 'russian' configuration; a lone Cyrillic vitamin letter stands for its Latin twin; a number
 * also matches the '-3' that the parser makes of 'Омега-3'. Lone other letters are noise (null).
 */
export function tokenQuery(token: string): string | null {
  const letter = /^([а-я])(\d*)$/u.exec(token)
  if (letter) {
    const latin = LATIN_LOOKALIKE[letter[1]!]
    return latin ? `${latin}${letter[2]}:*` : null
  }
  if (/^[a-z]$/.test(token)) return `${token}:*`
  if (/^\d+$/.test(token)) return `(${token}:* | -${token}:*)`
  return `${token}:*`
}

export function tokenQueries(term: string): string[] {
  return searchTokens(term)
    .map(tokenQuery)
    .filter((q): q is string => q !== null)
}

/** A brand or purpose (section) whose name matches a typed word. */
export interface NamedMatch {
  kind: 'brand' | 'section'
  id: number
  name: string
  sort: number
  /** Brands are always listed; an inactive purpose is not offered as a suggestion. */
  listed: boolean
}

/** One typed word as PostgreSQL stems it, with the brands and purposes it names. */
export interface ResolvedToken {
  /** The tsquery text built by tokenQuery. */
  query: string
  /** Stemmed lexeme prefixes, any of which matches (`'3':* | '-3':*` → ['3', '-3']). */
  prefixes: string[]
  named: NamedMatch[]
}

/**
 * The box searches while the buyer types, so the last word may be unfinished: a stop word there is
 * most likely the start of a longer word ('про' → 'пробиотик') and counts as a plain prefix. Other
 * words that stem to nothing (stop words) are left out.
 */
export function forTypeahead(tokens: readonly ResolvedToken[]): ResolvedToken[] {
  return tokens.flatMap((token, i) => {
    if (token.prefixes.length > 0) return [token]
    const plain = /^([a-zа-я0-9]+):\*$/u.exec(token.query)
    return i === tokens.length - 1 && plain ? [{ ...token, prefixes: [plain[1]!] }] : []
  })
}

/** The prefixes of a stemmed tsquery's text form as tokenQuery builds them: `'витамин':*` → ['витамин']. */
export function stemsOf(tsqueryText: string): string[] {
  return [...tsqueryText.matchAll(/'((?:[^']|'')*)':\*/g)].map((m) => m[1]!.replaceAll("''", "'"))
}

/**
 * Brand and purpose names offered first among suggestions: those that match every typed word
 * (as `to_tsvector(name) @@ w1 & w2 …` would), listed ones only, by their sort then name.
 */
export function namedGroups(tokens: readonly ResolvedToken[], limit: number): string[] {
  const [first, ...others] = tokens
  if (!first) return []
  const key = (m: NamedMatch) => `${m.kind}:${m.id}`
  const inEvery = first.named.filter((m) => m.listed && others.every((t) => t.named.some((o) => key(o) === key(m))))
  return inEvery
    .sort((a, b) => a.sort - b.sort || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit)
    .map((m) => m.name)
}

/** The text the typo-tolerant fallback compares with names. */
export function fuzzyText(term: string): string {
  return searchTokens(term).join(' ')
}

export function searchUrl(q: string, fromAutocomplete = false): string {
  const params = new URLSearchParams({ q })
  if (fromAutocomplete) params.set('type', AUTOCOMPLETE_MARKER)
  return `/search/?${params.toString()}`
}
