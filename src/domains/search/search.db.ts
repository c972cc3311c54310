import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import { searchQueries } from '@/db/schema'
import { stemsOf, type NamedMatch, type ResolvedToken } from './search'
import type { IndexedProductRow } from './search-index'

/*
 * Every query here is shaped so that each condition can use an index (ADR 021): brands and purposes
 * are looked up first and passed in as ids, so no OR with a sub-plan forces a sequential scan of
 * products; a typed word that names no brand or purpose joins the others in one tsquery, served by
 * the GIN index on products.search_vector.
 */

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
}

function tsquery(text: string): SQL {
  return sql`to_tsquery('russian', ${text})`
}

/**
 * One round trip over the small tables: each typed word as the 'russian' configuration stems it (a
 * stop word such as 'для' stems to nothing: no prefixes) and the brands and purposes whose names
 * match it.
 */
export async function resolveTokens(db: Db | Tx, tokenQueries: readonly string[]): Promise<ResolvedToken[]> {
  if (tokenQueries.length === 0) return []
  const typed = sql.join(
    tokenQueries.map((q, i) => sql`(${i}::int, ${q}::text)`),
    sql`, `,
  )
  const rows = await queryRows<{
    i: number
    stemmed: string
    kind: NamedMatch['kind'] | null
    id: number | null
    name: string | null
    sort: number | null
    listed: boolean | null
  }>(
    db,
    sql`select t.i, to_tsquery('russian', t.q)::text as stemmed, g.kind, g.id, g.name, g.sort, g.listed
        from (values ${typed}) as t(i, q)
        left join lateral (
          select 'brand' as kind, b.id, b.name, b.sort, true as listed
            from brands b where to_tsvector('russian', b.name) @@ to_tsquery('russian', t.q)
          union all
          select 'section', s.id, s.name, s.sort, s.active
            from sections s where to_tsvector('russian', s.name) @@ to_tsquery('russian', t.q)
        ) g on true
        order by t.i`,
  )
  const tokens: ResolvedToken[] = tokenQueries.map((query) => ({ query, prefixes: [], named: [] }))
  for (const row of rows) {
    const token = tokens[row.i]
    if (!token) continue
    token.prefixes = stemsOf(row.stemmed)
    if (row.kind && row.id !== null && row.name !== null) {
      token.named.push({ kind: row.kind, id: row.id, name: row.name, sort: row.sort ?? 0, listed: row.listed ?? false })
    }
  }
  return tokens
}

/**
 * Every word must match somewhere: in the product's own search_vector (name, subtitle, line,
 * composition) or in the name of its brand or one of its purposes (main or extra). Each arm is
 * indexable (GIN, brand/section btree, primary key via `= any(array(…))`), so OR-ed arms become a
 * BitmapOr instead of a filter over every product.
 */
function everyTokenMatches(tokens: readonly ResolvedToken[]): SQL {
  const plain = tokens.filter((t) => t.named.length === 0).map((t) => t.query)
  const parts: SQL[] = []
  if (plain.length > 0) parts.push(sql`p.search_vector @@ ${tsquery(plain.join(' & '))}`)
  for (const token of tokens.filter((t) => t.named.length > 0)) {
    const brandIds = token.named.filter((m) => m.kind === 'brand').map((m) => m.id)
    const sectionIds = token.named.filter((m) => m.kind === 'section').map((m) => m.id)
    const arms = [sql`p.search_vector @@ ${tsquery(token.query)}`]
    if (brandIds.length > 0) arms.push(sql`p.brand_id in (${idList(brandIds)})`)
    if (sectionIds.length > 0) {
      arms.push(sql`p.section_id in (${idList(sectionIds)})`)
      arms.push(sql`p.id = any(array(select ps.product_id from product_sections ps where ps.section_id in (${idList(sectionIds)})))`)
    }
    parts.push(sql`(${sql.join(arms, sql` or `)})`)
  }
  return sql.join(parts, sql` and `)
}

function onSale(): SQL {
  return sql`p.active and exists (select 1 from offers o where o.product_id = p.id and o.active)`
}

export interface Hit {
  id: number
  name: string
}

/** The results page: every match ranked by ts_rank (then the catalogue's order), with the total. */
export async function selectRankedHits(
  db: Db | Tx,
  tokens: readonly ResolvedToken[],
  limit: number,
  offset: number,
): Promise<{ hits: Hit[]; total: number }> {
  // A stop word's query matches nothing; leaving it out is what to_tsquery does within a phrase.
  tokens = tokens.filter((t) => t.prefixes.length > 0)
  if (tokens.length === 0) return { hits: [], total: 0 }
  const all = tsquery(tokens.map((t) => t.query).join(' & '))
  const where = sql`${onSale()} and ${everyTokenMatches(tokens)}`
  const rows = await queryRows<{ id: number; name: string; total: number }>(
    db,
    sql`select p.id, p.name, count(*) over ()::int as total
        from products p
        where ${where}
        order by ts_rank(p.search_vector, ${all}) desc, p.sort, p.id
        limit ${limit} offset ${offset}`,
  )
  const hits = rows.map(({ id, name }) => ({ id, name }))
  if (rows.length > 0 || offset === 0) return { hits, total: rows[0]?.total ?? 0 }
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products p where ${where}`)
  return { hits: [], total: count?.n ?? 0 }
}

/**
 * Everything the in-memory suggestion index needs (search-index.ts): products on sale in the
 * catalogue's order, with their purposes and the text form of their search_vector.
 */
export async function selectIndexedProducts(db: Db): Promise<IndexedProductRow[]> {
  const [rows, extra] = await Promise.all([
    queryRows<{ id: number; name: string; brand_id: number; section_id: number; vector: string }>(
      db,
      sql`select p.id, p.name, p.brand_id, p.section_id, p.search_vector::text as vector
          from products p where ${onSale()}
          order by p.sort, p.id`,
    ),
    queryRows<{ product_id: number; section_id: number }>(db, sql`select product_id, section_id from product_sections`),
  ])
  const extraOf = new Map<number, number[]>()
  for (const e of extra) {
    const list = extraOf.get(e.product_id)
    if (list) list.push(e.section_id)
    else extraOf.set(e.product_id, [e.section_id])
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brandId: r.brand_id,
    sectionIds: [r.section_id, ...(extraOf.get(r.id) ?? [])],
    vector: r.vector,
  }))
}

/**
 * Typo tolerance: trigram word similarity of the whole text against product and brand names
 * ('коензим' finds 'Коэнзим Q10'). The threshold is set for this transaction only, so `%>` can use
 * the trigram indexes. Matching brands are looked up first: an OR with a sub-query made the planner
 * give up the trigram index and compare the text with every product name.
 */
export async function selectFuzzyHits(db: Db, text: string, limit: number, offset: number): Promise<{ hits: Hit[]; total: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`)
    const brands = await queryRows<{ id: number }>(tx, sql`select b.id from brands b where b.name %> ${text}`)
    const byName = sql`p.name %> ${text}`
    const matches = brands.length > 0 ? sql`(${byName} or p.brand_id in (${idList(brands.map((b) => b.id))}))` : byName
    const rows = await queryRows<{ id: number; name: string; total: number }>(
      tx,
      sql`select p.id, p.name, count(*) over ()::int as total
          from products p
          where ${onSale()} and ${matches}
          order by word_similarity(${text}, p.name) desc, p.sort, p.id
          limit ${limit} offset ${offset}`,
    )
    return { hits: rows.map(({ id, name }) => ({ id, name })), total: rows[0]?.total ?? 0 }
  })
}

export interface SearchLogRow {
  term: string
  results: number
  viewGuid: string
  /** When the request came, not when its batch was written. */
  createdAt: Date
}

export async function insertSearchQueries(db: Db, rows: readonly SearchLogRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(searchQueries).values([...rows])
}
