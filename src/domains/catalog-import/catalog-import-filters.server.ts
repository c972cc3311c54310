import 'server-only'
import { asc, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import { filterProperties, filterPropertyOptions, productFilterValues } from '@/db/schema'
import { FILTER_COLUMN_PREFIX, IMPORT_MESSAGES as M } from './catalog-import'

/**
 * The catalogue filter's properties as columns of the catalogue file (ADR 210 on ADR 186 and 204).
 * Read straight from the filter's tables, not through the filter-properties admin module: the file
 * only needs the names, codes and option lists, and its writes go in the import's own transaction.
 */
type Q = Db | Tx

export interface FilterColumn {
  propertyId: number
  code: string
  name: string
  /** The export's header: «Фильтр: name», or «Фильтр: name (code)» where two properties share a name. */
  header: string
  /** In the filter's order. */
  options: { id: number; code: string; name: string }[]
}

/** Lower case, ё as е, runs of spaces as one, no spaces around a separator (`,` and `;` alike). */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/\s*[,;]\s*/g, ',')
    .trim()

/** Every filter property (hidden ones too: their values are the products' all the same), in the filter's order. */
export async function loadFilterColumns(q: Q): Promise<FilterColumn[]> {
  const [props, options] = await Promise.all([
    q.select().from(filterProperties).orderBy(asc(filterProperties.sort), asc(filterProperties.id)),
    q
      .select()
      .from(filterPropertyOptions)
      .orderBy(asc(filterPropertyOptions.sort), asc(filterPropertyOptions.id)),
  ])
  const nameCount = new Map<string, number>()
  for (const p of props) nameCount.set(norm(p.name), (nameCount.get(norm(p.name)) ?? 0) + 1)
  return props.map((p) => ({
    propertyId: p.id,
    code: p.code,
    name: p.name,
    header: `${FILTER_COLUMN_PREFIX}${p.name}${(nameCount.get(norm(p.name)) ?? 0) > 1 ? ` (${p.code})` : ''}`,
    options: options
      .filter((o) => o.propertyId === p.id)
      .map((o) => ({ id: o.id, code: o.code, name: o.name })),
  }))
}

/**
 * The property a header names: 'none' when it is no filter column, null when it is one but names no
 * property. After «Фильтр:» may come the name, the code, or «name (code)»; a name two properties
 * share is taken only with its code.
 */
export function filterColumnOf(
  columns: readonly FilterColumn[],
  header: string,
): FilterColumn | null | 'none' {
  const match = /^\s*фильтр\s*:\s*(.*)$/i.exec(header)
  if (!match) return 'none'
  const wanted = norm(match[1] ?? '')
  if (!wanted) return null
  const byHeader = columns.find((c) => norm(c.header.slice(FILTER_COLUMN_PREFIX.length)) === wanted)
  if (byHeader) return byHeader
  const byName = columns.filter((c) => norm(c.name) === wanted)
  if (byName.length === 1) return byName[0]!
  return columns.find((c) => c.code.toLowerCase() === wanted) ?? null
}

/**
 * A cell's values as option ids in the filter's order. Names are matched without regard to case,
 * ё/е and spaces; an option's code is taken too. A name that has a comma in it is found whole: the
 * longest run of comma-separated pieces that is a name wins. Empty: none.
 */
export function resolveFilterCell(
  column: FilterColumn,
  header: string,
  cell: string,
): { ok: true; optionIds: number[] } | { ok: false; reason: string } {
  if (cell.length > 2_000) return { ok: false, reason: M.filterCellTooLong(header) }
  const byName = new Map<string, number>()
  for (const o of column.options) byName.set(norm(o.name), o.id)
  for (const o of column.options) if (!byName.has(norm(o.code))) byName.set(norm(o.code), o.id)
  const pieces = cell.split(/[,;]/).map((p) => p.trim())
  const found = new Set<number>()
  for (let i = 0; i < pieces.length;) {
    if (pieces[i] === '') {
      i++
      continue
    }
    let next = -1
    for (let j = pieces.length - 1; j >= i; j--) {
      const id = byName.get(norm(pieces.slice(i, j + 1).join(',')))
      if (id !== undefined) {
        found.add(id)
        next = j + 1
        break
      }
    }
    if (next < 0) return { ok: false, reason: M.unknownOption(header, pieces[i]!) }
    i = next
  }
  return { ok: true, optionIds: column.options.filter((o) => found.has(o.id)).map((o) => o.id) }
}

/** The cell the export writes: the product's values of the property by name, in the filter's order. */
export function filterCellText(column: FilterColumn, optionIds: ReadonlySet<number>): string {
  return column.options
    .filter((o) => optionIds.has(o.id))
    .map((o) => o.name)
    .join(', ')
}

/** Every product's option ids (the export), or those of the products given (the plan). */
export async function storedFilterValues(
  q: Q,
  productIds?: readonly number[],
): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>()
  const parts: (readonly number[] | undefined)[] = productIds ? [] : [undefined]
  if (productIds)
    for (let i = 0; i < productIds.length; i += 1_000) parts.push(productIds.slice(i, i + 1_000))
  for (const part of parts) {
    const query = q.select().from(productFilterValues)
    const rows = part ? await query.where(inArray(productFilterValues.productId, [...part])) : await query
    for (const r of rows) {
      const set = out.get(r.productId) ?? new Set<number>()
      set.add(r.optionId)
      out.set(r.productId, set)
    }
  }
  return out
}

/**
 * Replaces each (product, property) pair's values with the ones given, in two statements for the
 * whole import (one JSON parameter each, as the rest of the import writes).
 */
export async function writeFilterValues(
  tx: Tx,
  rows: readonly { productId: number; propertyId: number; optionIds: readonly number[] }[],
): Promise<void> {
  if (!rows.length) return
  const pairs = rows.map((r) => ({ product_id: r.productId, property_id: r.propertyId }))
  await tx.execute(sql`delete from product_filter_values v
    using filter_property_options o, jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x(product_id int, property_id int)
    where v.option_id = o.id and o.property_id = x.property_id and v.product_id = x.product_id`)
  const values = rows.flatMap((r) =>
    r.optionIds.map((optionId) => ({ product_id: r.productId, option_id: optionId })),
  )
  if (values.length)
    await queryRows(
      tx,
      sql`insert into product_filter_values (product_id, option_id)
        select x.product_id, x.option_id from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(product_id int, option_id int)
        on conflict do nothing returning product_id`,
    )
}
