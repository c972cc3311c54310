import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'

/**
 * The catalogue import's batched statements (ADR 197): a batch of goods or offers is read in one
 * query per table and written in one statement per table, each taking its rows as one JSON parameter
 * (jsonb_to_recordset / jsonb_array_elements), whatever the batch's size.
 */

type Q = Db | Tx
const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`

export interface GroupRow {
  externalId: string
  name: string
  sectionId: number
  mapped: boolean
}

export async function allGroups(q: Q): Promise<Map<string, GroupRow>> {
  const rows = await queryRows<{ external_id: string; name: string; section_id: number; mapped: boolean }>(q, sql`select external_id, name, section_id, mapped from exchange_groups`)
  return new Map(rows.map((r) => [r.external_id, { externalId: r.external_id, name: r.name, sectionId: r.section_id, mapped: r.mapped }]))
}

/** Brands by their lower-cased name. */
export async function allBrands(q: Q): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; name: string }>(q, sql`select id, name from brands`)
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]))
}

export interface LinkedProductRow {
  externalId: string
  id: number
  name: string
  description: string
  composition: string
  howToUse: string
  instruction: string
  sectionId: number
  brandId: number
  article: string
  barcode: string
  vatPercent: number | null
  deleted: boolean
  pictures: number
}

/** The products linked to these goods, by the good's Ид. */
export async function linkedProducts(q: Q, externalIds: readonly string[]): Promise<Map<string, LinkedProductRow>> {
  if (!externalIds.length) return new Map()
  const rows = await queryRows<{
    external_id: string
    id: number
    name: string
    description: string
    composition: string
    how_to_use: string
    instruction: string
    section_id: number
    brand_id: number
    article: string
    barcode: string
    vat_percent: number | null
    deleted: boolean
    pictures: number
  }>(
    q,
    sql`select ep.external_id, p.id, p.name, p.description, p.composition, p.how_to_use, p.instruction, p.section_id, p.brand_id,
          ep.article, ep.barcode, ep.vat_percent, ep.deleted,
          (select count(*)::int from product_pictures pp where pp.product_id = p.id) as pictures
        from exchange_products ep join products p on p.id = ep.product_id
        where ep.external_id in (select jsonb_array_elements_text(${json(externalIds)}))`,
  )
  return new Map(
    rows.map((r) => [
      r.external_id,
      {
        externalId: r.external_id,
        id: r.id,
        name: r.name,
        description: r.description,
        composition: r.composition,
        howToUse: r.how_to_use,
        instruction: r.instruction,
        sectionId: r.section_id,
        brandId: r.brand_id,
        article: r.article,
        barcode: r.barcode,
        vatPercent: r.vat_percent,
        deleted: r.deleted,
        pictures: r.pictures,
      },
    ]),
  )
}

/** Which of these values are taken in a unique text column (products.code, offers.sku). */
export async function takenValues(q: Q, column: 'products.code' | 'offers.sku', values: readonly string[]): Promise<Set<string>> {
  if (!values.length) return new Set()
  const query =
    column === 'products.code'
      ? sql`select code as v from products where code in (select jsonb_array_elements_text(${json(values)}))`
      : sql`select sku as v from offers where sku in (select jsonb_array_elements_text(${json(values)}))`
  return new Set((await queryRows<{ v: string }>(q, query)).map((r) => r.v))
}

export interface NewProduct {
  code: string
  name: string
  section_id: number
  brand_id: number
  form: string
  description: string
  composition: string
  how_to_use: string
  instruction: string
}

/** New products, hidden until an offer has a price; their ids by code. */
export async function insertProducts(q: Q, rows: readonly NewProduct[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map()
  const inserted = await queryRows<{ id: number; code: string }>(
    q,
    sql`insert into products (code, name, section_id, brand_id, form, description, composition, how_to_use, instruction, active)
      select x.code, x.name, x.section_id, x.brand_id, x.form, x.description, x.composition, x.how_to_use, x.instruction, false
      from jsonb_to_recordset(${json(rows)}) as x(code text, name text, section_id int, brand_id int, form text, description text, composition text, how_to_use text, instruction text)
      returning id, code`,
  )
  // A new product's code may have been another product's old address: the live product wins (ADR 178).
  await q.execute(sql`delete from product_slugs where slug in (select jsonb_array_elements_text(${json(rows.map((r) => r.code))}))`)
  return new Map(inserted.map((r) => [r.code, r.id]))
}

/** Columns a batch update may set, with their SQL types. */
const PRODUCT_COLUMNS = { name: 'text', description: 'text', composition: 'text', how_to_use: 'text', instruction: 'text', section_id: 'int', brand_id: 'int', active: 'boolean' } as const
const OFFER_COLUMNS = {
  price: 'int',
  old_price: 'int',
  stock: 'int',
  barcode: 'text',
  vat_percent: 'int',
  flavour: 'text',
  package_size: 'int',
  package_unit: 'text',
  active: 'boolean',
} as const

/**
 * One UPDATE for many rows, each changing only the columns its JSON object has (a key present with
 * null sets null): `{ id, name: '…' }` leaves every other column as it is.
 */
async function updateMany(q: Q, table: 'products' | 'offers', columns: Record<string, string>, rows: readonly Record<string, unknown>[]): Promise<void> {
  const changed = rows.filter((r) => Object.keys(r).length > 1)
  if (!changed.length) return
  const sets = Object.entries(columns).map(([column, type]) => sql.raw(`${column} = case when e.v ? '${column}' then (e.v->>'${column}')::${type} else t.${column} end`))
  await q.execute(sql`update ${sql.raw(table)} t set ${sql.join(sets, sql`, `)}
    from jsonb_array_elements(${json(changed)}) as e(v)
    where t.id = (e.v->>'id')::int`)
}

export type ProductChange = { id: number } & Partial<Record<keyof typeof PRODUCT_COLUMNS, string | number | boolean | null>>
export type OfferChange = { id: number } & Partial<Record<keyof typeof OFFER_COLUMNS, string | number | boolean | null>>

export const updateProducts = (q: Q, rows: readonly ProductChange[]) => updateMany(q, 'products', PRODUCT_COLUMNS, rows)
export const updateOffers = (q: Q, rows: readonly OfferChange[]) => updateMany(q, 'offers', OFFER_COLUMNS, rows)

export interface ProductLinkRow {
  external_id: string
  product_id: number
  seen_in: number
  deleted: boolean
  article: string
  barcode: string
  vat_percent: number | null
}

export async function upsertProductLinks(q: Q, rows: readonly ProductLinkRow[]): Promise<void> {
  if (!rows.length) return
  await q.execute(sql`insert into exchange_products (external_id, product_id, seen_in, deleted, article, barcode, vat_percent)
    select x.external_id, x.product_id, x.seen_in, x.deleted, x.article, x.barcode, x.vat_percent
    from jsonb_to_recordset(${json(rows)}) as x(external_id text, product_id int, seen_in bigint, deleted boolean, article text, barcode text, vat_percent int)
    on conflict (external_id) do update set seen_in = excluded.seen_in, deleted = excluded.deleted, article = excluded.article, barcode = excluded.barcode, vat_percent = excluded.vat_percent`)
}

/**
 * Properties of many products at once. `overwrite`: 1С's value replaces the site's; otherwise 1С only
 * adds the properties a product does not have yet.
 */
export async function putProperties(q: Q, rows: readonly { product_id: number; name: string; value: string }[], overwrite: boolean): Promise<void> {
  if (!rows.length) return
  await q.execute(sql`insert into product_properties (product_id, name, value)
    select x.product_id, x.name, x.value from jsonb_to_recordset(${json(rows)}) as x(product_id int, name text, value text)
    on conflict (product_id, name) do ${overwrite ? sql`update set value = excluded.value where product_properties.value is distinct from excluded.value` : sql`nothing`}`)
}

export interface NewOffer {
  product_id: number
  sku: string
  barcode: string
  package_size: number
  package_unit: string
  flavour: string | null
  price: number
  old_price: number | null
  vat_percent: number | null
  stock: number | null
  active: boolean
}

/** New offers; their ids by SKU. */
export async function insertOffers(q: Q, rows: readonly NewOffer[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map()
  const inserted = await queryRows<{ id: number; sku: string }>(
    q,
    sql`insert into offers (product_id, sku, barcode, package_size, package_unit, flavour, price, old_price, vat_percent, stock, active)
      select x.product_id, x.sku, x.barcode, x.package_size, x.package_unit, x.flavour, x.price, x.old_price, coalesce(x.vat_percent, 0), x.stock, x.active
      from jsonb_to_recordset(${json(rows)}) as x(product_id int, sku text, barcode text, package_size int, package_unit text, flavour text, price int, old_price int, vat_percent int, stock int, active boolean)
      returning id, sku`,
  )
  return new Map(inserted.map((r) => [r.sku, r.id]))
}

/** Links 1С offers to ours and notes the import that listed them (the full import hides the rest). */
export async function upsertOfferLinks(q: Q, rows: readonly { external_id: string; product_external_id: string; offer_id: number; seen_in: number }[]): Promise<void> {
  if (!rows.length) return
  await q.execute(sql`insert into exchange_offers (external_id, product_external_id, offer_id, seen_in)
    select x.external_id, x.product_external_id, x.offer_id, x.seen_in
    from jsonb_to_recordset(${json(rows)}) as x(external_id text, product_external_id text, offer_id int, seen_in bigint)
    on conflict (external_id) do update set seen_in = excluded.seen_in`)
}

export interface LinkedOfferRow {
  id: number
  productId: number
  price: number
  oldPrice: number | null
  stock: number | null
  barcode: string
  vatPercent: number
  flavour: string | null
  packageSize: number
  packageUnit: string
  active: boolean
}

/** The offers linked to these 1С ids, by id. */
export async function linkedOfferRows(q: Q, externalIds: readonly string[]): Promise<Map<string, LinkedOfferRow>> {
  if (!externalIds.length) return new Map()
  const rows = await queryRows<{
    external_id: string
    id: number
    product_id: number
    price: number
    old_price: number | null
    stock: number | null
    barcode: string
    vat_percent: number
    flavour: string | null
    package_size: number
    package_unit: string
    active: boolean
  }>(
    q,
    sql`select eo.external_id, o.id, o.product_id, o.price, o.old_price, o.stock, o.barcode, o.vat_percent, o.flavour, o.package_size, o.package_unit, o.active
      from exchange_offers eo join offers o on o.id = eo.offer_id
      where eo.external_id in (select jsonb_array_elements_text(${json(externalIds)}))`,
  )
  return new Map(
    rows.map((r) => [
      r.external_id,
      {
        id: r.id,
        productId: r.product_id,
        price: r.price,
        oldPrice: r.old_price,
        stock: r.stock,
        barcode: r.barcode,
        vatPercent: r.vat_percent,
        flavour: r.flavour,
        packageSize: r.package_size,
        packageUnit: r.package_unit,
        active: r.active,
      },
    ]),
  )
}

export function inList(values: readonly number[]): SQL {
  return sql`(select (jsonb_array_elements_text(${json(values)}))::int)`
}

/** A product's pictures by the hash of their original bytes (what the media domain keeps), main first. */
export async function pictureHashes(q: Q, productId: number): Promise<{ id: number; hash: string }[]> {
  return queryRows<{ id: number; hash: string }>(q, sql`select id, hash from product_pictures where product_id = ${productId} order by position, id`)
}
