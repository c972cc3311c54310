import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import { searchQueries } from '@/db/schema'

/**
 * Every token must match somewhere: in the product's own search_vector (name, subtitle, line,
 * composition; a generated column, see migration 0007) or in the name of its brand or one of its
 * purposes. Brands and purposes are small tables matched by id, so the product side stays indexed.
 */
function tokenMatches(tokenQuery: string): SQL {
  const q = sql`to_tsquery('russian', ${tokenQuery})`
  const sectionIds = sql`(select s.id from sections s where to_tsvector('russian', s.name) @@ ${q})`
  return sql`(
    p.search_vector @@ ${q}
    or p.brand_id in (select b.id from brands b where to_tsvector('russian', b.name) @@ ${q})
    or p.section_id in ${sectionIds}
    or p.id in (select ps.product_id from product_sections ps where ps.section_id in ${sectionIds})
  )`
}

function onSale(): SQL {
  return sql`p.active and exists (select 1 from offers o where o.product_id = p.id and o.active)`
}

export interface Hit {
  id: number
  name: string
}

export async function selectFullTextHits(
  db: Db | Tx,
  tokenQueries: readonly string[],
  limit: number,
  offset: number,
  withTotal = true,
): Promise<{ hits: Hit[]; total: number }> {
  const all = sql`to_tsquery('russian', ${tokenQueries.join(' & ')})`
  const where = sql.join([onSale(), ...tokenQueries.map(tokenMatches)], sql` and `)
  const rows = await queryRows<{ id: number; name: string; total: number }>(
    db,
    sql`select p.id, p.name, ${withTotal ? sql`count(*) over ()::int` : sql`0`} as total
        from products p
        where ${where}
        order by ts_rank(p.search_vector, ${all}) desc, p.sort, p.id
        limit ${limit} offset ${offset}`,
  )
  if (!withTotal) return { hits: rows.map(({ id, name }) => ({ id, name })), total: rows.length }
  if (rows.length > 0 || offset === 0) return { hits: rows.map(({ id, name }) => ({ id, name })), total: rows[0]?.total ?? 0 }
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products p where ${where}`)
  return { hits: [], total: count?.n ?? 0 }
}

/** Brand and purpose names that start like the typed words: offered first among suggestions. */
export async function selectNamedGroups(db: Db | Tx, tokenQueries: readonly string[], limit: number): Promise<string[]> {
  const q = sql`to_tsquery('russian', ${tokenQueries.join(' & ')})`
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from (
          select b.name, b.sort from brands b where to_tsvector('russian', b.name) @@ ${q}
          union all
          select s.name, s.sort from sections s where s.active and to_tsvector('russian', s.name) @@ ${q}
        ) g order by sort, name limit ${limit}`,
  )
  return rows.map((r) => r.name)
}

/**
 * Typo tolerance: trigram word similarity of the whole text against product and brand names
 * ('коензим' finds 'Коэнзим Q10'). The threshold is set for this transaction only, so the
 * `<%` operator can use the trigram indexes.
 */
export async function selectFuzzyHits(db: Db, text: string, limit: number, offset: number): Promise<{ hits: Hit[]; total: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`)
    const rows = await queryRows<{ id: number; name: string; total: number }>(
      tx,
      sql`select p.id, p.name, count(*) over ()::int as total
          from products p
          where ${onSale()}
            and (${text} <% p.name or p.brand_id in (select b.id from brands b where ${text} <% b.name))
          order by word_similarity(${text}, p.name) desc, p.sort, p.id
          limit ${limit} offset ${offset}`,
    )
    return { hits: rows.map(({ id, name }) => ({ id, name })), total: rows[0]?.total ?? 0 }
  })
}

export async function insertSearchQuery(db: Db, row: { term: string; results: number; viewGuid: string }): Promise<void> {
  await db.insert(searchQueries).values(row)
}
