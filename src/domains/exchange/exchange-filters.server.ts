import 'server-only'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { child, childrenOf, textOf, type XmlNode } from './commerceml'
import { slugOf } from './exchange'

/**
 * 1С's properties onto the catalogue filter's properties (ADR 210). The classifier's «Свойства» are
 * kept in exchange_properties (name and type follow 1С; the mapping is the back office's and no import
 * changes it). A good's «ЗначенияСвойств» of a mapped property become the product's filter values:
 * a reference value (Справочник) through its 1С value Ид, whose option is remembered, so an option the
 * editor renamed is still found; a plain value (Строка, Число) by its text. A value no option has yet
 * becomes a new option of the property, named as in 1С: mapping a property is the editor's consent to
 * 1С's list of values. An unmapped property fills nothing. Ownership (`properties`) as for the
 * product's characteristics: 1С's field — 1С's values replace that property's values; the site's —
 * 1С only fills a product that has none of that property. A good without a value keeps what it has.
 */
type Q = Db | Tx
const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`

/** The classifier's property: its Ид, name and value type. */
export function exchangePropertyOf(
  node: XmlNode,
): { externalId: string; name: string; valueType: string } | null {
  const externalId = textOf(node, 'Ид')
  if (!externalId) return null
  return {
    externalId,
    name: textOf(node, 'Наименование').slice(0, 200),
    valueType: textOf(node, 'ТипЗначений').slice(0, 50),
  }
}

/** 1С properties as the classifier lists them; the mapping column is never written here. */
export async function putExchangeProperties(
  q: Q,
  rows: readonly { externalId: string; name: string; valueType: string }[],
): Promise<void> {
  if (!rows.length) return
  await q.execute(sql`insert into exchange_properties (external_id, name, value_type)
    select x.external_id, x.name, x.value_type from jsonb_to_recordset(${json(rows.map((r) => ({ external_id: r.externalId, name: r.name, value_type: r.valueType })))}) as x(external_id text, name text, value_type text)
    on conflict (external_id) do update set name = excluded.name, value_type = excluded.value_type
      where exchange_properties.name is distinct from excluded.name or exchange_properties.value_type is distinct from excluded.value_type`)
}

export interface FilterTarget {
  propertyId: number
  code: string
  /** Options by their normalised name and code (name first). */
  byName: Map<string, number>
  optionIds: Set<number>
  codes: Set<string>
}

/** 1С property Ид → the filter property it fills, read once per request. */
export type FilterMapping = Map<string, FilterTarget>

export const normName = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()

export async function filterMapping(q: Q): Promise<FilterMapping> {
  const rows = await queryRows<{
    external_id: string
    property_id: number
    code: string
    option_id: number | null
    option_code: string | null
    option_name: string | null
  }>(
    q,
    sql`select ep.external_id, fp.id as property_id, fp.code, o.id as option_id, o.code as option_code, o.name as option_name
      from exchange_properties ep
      join filter_properties fp on fp.id = ep.filter_property_id
      left join filter_property_options o on o.property_id = fp.id
      order by ep.external_id, o.sort, o.id`,
  )
  const targets = new Map<number, FilterTarget>()
  const out: FilterMapping = new Map()
  for (const r of rows) {
    let target = targets.get(r.property_id)
    if (!target) {
      target = {
        propertyId: r.property_id,
        code: r.code,
        byName: new Map(),
        optionIds: new Set(),
        codes: new Set(),
      }
      targets.set(r.property_id, target)
    }
    out.set(r.external_id, target)
    if (r.option_id === null || target.optionIds.has(r.option_id)) continue
    target.optionIds.add(r.option_id)
    target.codes.add(r.option_code!.toLowerCase())
    if (!target.byName.has(normName(r.option_name!))) target.byName.set(normName(r.option_name!), r.option_id)
  }
  for (const target of targets.values())
    for (const [id, code] of rows
      .filter((r) => r.property_id === target.propertyId && r.option_id !== null)
      .map((r) => [r.option_id!, r.option_code!] as const))
      if (!target.byName.has(normName(code))) target.byName.set(normName(code), id)
  return out
}

/** A good's values of mapped properties: (1С property Ид, value as 1С wrote it). */
export function mappedValuesOf(
  node: XmlNode,
  mapping: FilterMapping,
): { propertyId: string; value: string }[] {
  if (!mapping.size) return []
  return childrenOf(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')
    .map((v) => ({ propertyId: textOf(v, 'Ид'), value: textOf(v, 'Значение') }))
    .filter((v) => v.value !== '' && mapping.has(v.propertyId))
}

async function referenceValues(
  q: Q,
  keys: readonly string[],
): Promise<Map<string, { value: string; optionId: number | null }>> {
  if (!keys.length) return new Map()
  const rows = await queryRows<{ key: string; value: string; option_id: number | null }>(
    q,
    sql`select key, value, option_id from exchange_property_values where key in (select jsonb_array_elements_text(${json(keys)}))`,
  )
  return new Map(rows.map((r) => [r.key, { value: r.value, optionId: r.option_id }]))
}

/** A new option of the property, last in its order, under the property's row lock (as the back office adds one). */
async function createOption(
  tx: Tx,
  actor: Actor,
  target: FilterTarget,
  name: string,
): Promise<{ id: number; created: boolean }> {
  await tx.execute(sql`select id from filter_properties where id = ${target.propertyId} for update`)
  // Under the lock, what another request (or the back office) added since this one read the options.
  const present = await queryRows<{ id: number; code: string; name: string }>(
    tx,
    sql`select id, code, name from filter_property_options where property_id = ${target.propertyId}`,
  )
  for (const o of present) {
    target.optionIds.add(o.id)
    target.codes.add(o.code.toLowerCase())
    if (!target.byName.has(normName(o.name))) target.byName.set(normName(o.name), o.id)
  }
  const same = target.byName.get(normName(name))
  if (same !== undefined) return { id: same, created: false }
  const base = slugOf(name, 'value').slice(0, 50)
  let code = base
  for (let i = 2; target.codes.has(code.toLowerCase()); i++) code = `${base}-${i}`
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into filter_property_options (property_id, code, name, sort)
      select ${target.propertyId}, ${code}, ${name}, coalesce(max(sort), 0) + 10 from filter_property_options where property_id = ${target.propertyId}
      returning id`,
  )
  const id = row!.id
  target.optionIds.add(id)
  target.codes.add(code.toLowerCase())
  target.byName.set(normName(name), id)
  await recordChange(tx, actor, {
    objectType: 'filter-option',
    objectId: id,
    action: 'create',
    after: { propertyId: target.propertyId, code, name, from: '1С' },
  })
  return { id, created: true }
}

/**
 * Writes the filter values of a batch's goods. `goods`: product id, whether the product was made by
 * this batch, and its mapped values. Returns how many products' values changed and options were made.
 */
export async function applyFilterValues(
  tx: Tx,
  actor: Actor,
  mapping: FilterMapping,
  owned: boolean,
  goods: readonly {
    productId: number
    fresh: boolean
    values: readonly { propertyId: string; value: string }[]
  }[],
): Promise<{ products: number; optionsCreated: number }> {
  const withValues = goods.filter((g) => g.values.length)
  if (!withValues.length) return { products: 0, optionsCreated: 0 }
  const refs = await referenceValues(tx, [
    ...new Set(withValues.flatMap((g) => g.values.map((v) => `${v.propertyId}/${v.value}`))),
  ])
  let optionsCreated = 0
  const links = new Map<string, number>()
  const optionFor = async (
    target: FilterTarget,
    propertyId: string,
    value: string,
  ): Promise<number | null> => {
    const key = `${propertyId}/${value}`
    const ref = refs.get(key)
    // A reference value: its remembered option while that is still one of the property's.
    if (ref?.optionId != null && target.optionIds.has(ref.optionId)) return ref.optionId
    const text = (ref ? ref.value : value).trim().slice(0, 100)
    if (!text) return null
    let id = target.byName.get(normName(text))
    if (id === undefined) {
      const made = await createOption(tx, actor, target, text)
      id = made.id
      if (made.created) optionsCreated++
    }
    if (ref) {
      ref.optionId = id
      links.set(key, id)
    }
    return id
  }

  // What 1С says per (product, filter property).
  const wanted = new Map<
    string,
    { productId: number; fresh: boolean; target: FilterTarget; optionIds: Set<number> }
  >()
  for (const g of withValues)
    for (const v of g.values) {
      const target = mapping.get(v.propertyId)!
      const optionId = await optionFor(target, v.propertyId, v.value)
      if (optionId === null) continue
      const pair = `${g.productId}/${target.propertyId}`
      const entry = wanted.get(pair) ?? {
        productId: g.productId,
        fresh: g.fresh,
        target,
        optionIds: new Set<number>(),
      }
      entry.optionIds.add(optionId)
      wanted.set(pair, entry)
    }
  if (links.size)
    await tx.execute(sql`update exchange_property_values v set option_id = (x.value)::int
      from jsonb_each_text(${json(Object.fromEntries(links))}) as x(key, value) where v.key = x.key`)

  const current = await queryRows<{ product_id: number; property_id: number; option_id: number }>(
    tx,
    sql`select v.product_id, o.property_id, v.option_id from product_filter_values v join filter_property_options o on o.id = v.option_id
      where v.product_id in (select (jsonb_array_elements_text(${json([...new Set(withValues.map((g) => g.productId))])}))::int)`,
  )
  const has = new Map<string, number[]>()
  for (const r of current)
    has.set(`${r.product_id}/${r.property_id}`, [
      ...(has.get(`${r.product_id}/${r.property_id}`) ?? []),
      r.option_id,
    ])
  const writes: { product_id: number; property_id: number; option_ids: number[] }[] = []
  for (const [pair, w] of wanted) {
    const site = (has.get(pair) ?? []).sort((a, b) => a - b)
    const next = [...w.optionIds].sort((a, b) => a - b)
    if (!owned && !w.fresh && site.length) continue
    if (site.join() === next.join()) continue
    writes.push({ product_id: w.productId, property_id: w.target.propertyId, option_ids: next })
  }
  if (writes.length) {
    await tx.execute(sql`delete from product_filter_values v
      using filter_property_options o, jsonb_to_recordset(${json(writes)}) as x(product_id int, property_id int, option_ids jsonb)
      where v.option_id = o.id and o.property_id = x.property_id and v.product_id = x.product_id`)
    await tx.execute(sql`insert into product_filter_values (product_id, option_id)
      select x.product_id, (jsonb_array_elements_text(x.option_ids))::int
      from jsonb_to_recordset(${json(writes)}) as x(product_id int, property_id int, option_ids jsonb)
      on conflict do nothing`)
  }
  return { products: new Set(writes.map((w) => w.product_id)).size, optionsCreated }
}
