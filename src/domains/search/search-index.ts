/**
 * The suggestion index: every product on sale with the lexemes of its search_vector, held in memory
 * (ADR 021, "Speed"). PostgreSQL still stems what the buyer types (the 'russian' configuration);
 * matching those stems against products and ordering the matches is done here, so a suggestion
 * costs no query over the products table.
 */
import type { ResolvedToken } from './search'

/** ts_rank's default weights: name (A) 1.0, subtitle and line (B) 0.4, composition (C) 0.2. */
const WEIGHT_VALUE: Record<string, number> = { A: 1, B: 0.4, C: 0.2, D: 0.1 }
/** A word matched only through the product's brand or purpose counts like the lowest weight. */
const GROUP_MATCH_VALUE = 0.1

export interface IndexedProductRow {
  id: number
  name: string
  brandId: number
  /** Main section and extra purposes. */
  sectionIds: readonly number[]
  /** PostgreSQL's text form of products.search_vector. */
  vector: string
}

export interface SuggestionIndex {
  /** Products in the catalogue's order (sort, id); positions below index into these arrays. */
  ids: Int32Array
  names: string[]
  brandIds: Int32Array
  sectionIds: (readonly number[])[]
  /** Distinct lexemes, sorted, so a prefix is a contiguous range. */
  lexemes: string[]
  /** Per lexeme: positions of the products that have it, and the best weight value each has it with. */
  postings: { positions: Int32Array; values: Float64Array }[]
}

/**
 * Lexemes of a tsvector's text form, each with its best weight: `'омег':1A,14C 'мозг':9B` →
 * омег → A, мозг → B. Quotes inside a lexeme are doubled, backslashes escaped; a lexeme without
 * positions or without a weight letter has weight D.
 */
export function parseTsvector(text: string): Map<string, number> {
  const best = new Map<string, number>()
  for (const m of text.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = m[1]!.replaceAll("''", "'").replace(/\\(.)/g, '$1')
    const weights = m[2] ? [...m[2].matchAll(/\d+([A-D]?)/g)].map((w) => WEIGHT_VALUE[w[1] || 'D']!) : [WEIGHT_VALUE.D!]
    best.set(lexeme, Math.max(best.get(lexeme) ?? 0, ...weights))
  }
  return best
}

/** Rows must come in the catalogue's order: that order breaks ties between equal scores. */
export function buildSuggestionIndex(rows: readonly IndexedProductRow[]): SuggestionIndex {
  const byLexeme = new Map<string, { positions: number[]; values: number[] }>()
  rows.forEach((row, position) => {
    for (const [lexeme, value] of parseTsvector(row.vector)) {
      let posting = byLexeme.get(lexeme)
      if (!posting) byLexeme.set(lexeme, (posting = { positions: [], values: [] }))
      posting.positions.push(position)
      posting.values.push(value)
    }
  })
  const lexemes = [...byLexeme.keys()].sort()
  return {
    ids: Int32Array.from(rows, (r) => r.id),
    names: rows.map((r) => r.name),
    brandIds: Int32Array.from(rows, (r) => r.brandId),
    sectionIds: rows.map((r) => r.sectionIds),
    lexemes,
    postings: lexemes.map((l) => {
      const p = byLexeme.get(l)!
      return { positions: Int32Array.from(p.positions), values: Float64Array.from(p.values) }
    }),
  }
}

function firstAtOrAfter(sorted: readonly string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * How well each product matches one typed word: the best weight value among its lexemes that start
 * with one of the word's stems (as `lexeme:*` does in a tsquery), or GROUP_MATCH_VALUE when only its
 * brand or one of its purposes is named by the word; 0 when it does not match.
 */
function tokenScores(index: SuggestionIndex, token: ResolvedToken): Float64Array {
  const scores = new Float64Array(index.ids.length)
  const brands = new Set(token.named.filter((m) => m.kind === 'brand').map((m) => m.id))
  const sections = new Set(token.named.filter((m) => m.kind === 'section').map((m) => m.id))
  if (brands.size > 0 || sections.size > 0) {
    for (let p = 0; p < scores.length; p++) {
      if (brands.has(index.brandIds[p]!) || index.sectionIds[p]!.some((s) => sections.has(s))) scores[p] = GROUP_MATCH_VALUE
    }
  }
  for (const prefix of token.prefixes) {
    for (let l = firstAtOrAfter(index.lexemes, prefix); l < index.lexemes.length && index.lexemes[l]!.startsWith(prefix); l++) {
      const { positions, values } = index.postings[l]!
      for (let i = 0; i < positions.length; i++) {
        const p = positions[i]!
        if (values[i]! > scores[p]!) scores[p] = values[i]!
      }
    }
  }
  return scores
}

/**
 * Products that match the most typed words — every word when any product has them all — best
 * first: by the sum over words of each word's best weight (a word in the name outweighs one in the
 * composition, like ts_rank's weights), ties in the catalogue's order. At most `limit` product
 * names; none when no word matches any product (then only the typo-tolerant pass can help).
 */
export function matchSuggestions(index: SuggestionIndex, tokens: readonly ResolvedToken[], limit: number): string[] {
  const total = new Float64Array(index.ids.length)
  const matchedWords = new Uint8Array(index.ids.length)
  for (const token of tokens) {
    const scores = tokenScores(index, token)
    for (let p = 0; p < scores.length; p++) {
      if (scores[p]! > 0) {
        total[p] = total[p]! + scores[p]!
        matchedWords[p] = matchedWords[p]! + 1
      }
    }
  }
  const most = matchedWords.reduce((a, b) => Math.max(a, b), 0)
  if (most === 0) return []
  const matches: number[] = []
  for (let p = 0; p < total.length; p++) if (matchedWords[p] === most) matches.push(p)
  // Array.prototype.sort is stable: equal scores keep the catalogue's order.
  matches.sort((a, b) => total[b]! - total[a]!)
  return matches.slice(0, limit).map((p) => index.names[p]!)
}
