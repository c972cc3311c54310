import 'server-only'
import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { brands, offers, products, sections } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { readSetting } from '@/domains/settings/settings.server'
import { can, type Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { productUrl } from './catalog'
import { FIELD_PERMISSION, GRID_FIELDS, isLow, STOCK_GRID_MESSAGES as M, STOCK_GRID_PAGE_SIZE, type GridField } from './stock-grid'
import { stockGridSave, type GridConflict, type StockGridList, type StockGridQuery, type StockGridRow, type StockGridSaved } from './stock-grid.schema'

/**
 * The stock grid (issue 20, ADR 185): many offers' stock, threshold and price at once. A save is one
 * transaction: every row locked, every row compared with the values the grid loaded, and either all
 * rows are written (one audit line each, one 'catalog' announcement for the lot) or, when any row
 * moved since it was loaded, none, with the conflicting rows named.
 */
type Q = Db | Tx

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The shop-wide threshold for offers without their own. */
export function defaultLowStockThreshold(q: Q): Promise<number> {
  return readSetting(q, 'stock.lowThreshold')
}

/** The SQL test for "running low", with the shop default bound in. */
export function lowStockCondition(shopDefault: number): SQL {
  return and(isNotNull(offers.stock), sql`${offers.stock} <= coalesce(${offers.lowStockThreshold}, ${shopDefault})`)!
}

const rowColumns = {
  offerId: offers.id,
  productId: products.id,
  productName: products.name,
  productCode: products.code,
  sectionCode: sections.code,
  sectionName: sections.name,
  brandName: brands.name,
  sku: offers.sku,
  packageSize: offers.packageSize,
  packageUnit: offers.packageUnit,
  flavour: offers.flavour,
  active: offers.active,
  stock: offers.stock,
  price: offers.price,
  oldPrice: offers.oldPrice,
  lowStockThreshold: offers.lowStockThreshold,
}

function gridRows(q: Q, where: SQL | undefined, page?: { low: boolean; offset: number }) {
  const query = q
    .select(rowColumns)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where)
  if (!page) return query
  return query
    .orderBy(...(page.low ? [asc(offers.stock)] : []), asc(products.name), asc(products.id), asc(offers.sort), asc(offers.id))
    .limit(STOCK_GRID_PAGE_SIZE)
    .offset(page.offset)
}
type RawRow = Awaited<ReturnType<typeof gridRows>>[number]

function toRow(r: RawRow, shopDefault: number): StockGridRow {
  return {
    offerId: r.offerId,
    productId: r.productId,
    productName: r.productName,
    productUrl: productUrl(r.sectionCode, r.productCode),
    sku: r.sku,
    variant: [`${r.packageSize} ${r.packageUnit}`, r.flavour].filter(Boolean).join(', '),
    sectionName: r.sectionName,
    brandName: r.brandName,
    active: r.active,
    stock: r.stock,
    price: r.price,
    oldPrice: r.oldPrice,
    lowStockThreshold: r.lowStockThreshold,
    low: r.active && isLow(r.stock, r.lowStockThreshold, shopDefault),
  }
}

function filterOf(query: Pick<StockGridQuery, 'q' | 'section' | 'brand' | 'low'>, shopDefault: number): SQL | undefined {
  const where: SQL[] = []
  if (query.q) {
    const pattern = like(query.q)
    where.push(or(ilike(products.name, pattern), ilike(offers.sku, pattern), ilike(products.code, pattern))!)
  }
  if (query.section)
    where.push(
      sql`(${sections.code} = ${query.section} or exists (select 1 from product_sections ps join sections s on s.id = ps.section_id where ps.product_id = ${products.id} and s.code = ${query.section}))`,
    )
  if (query.brand) where.push(eq(brands.code, query.brand))
  if (query.low === '1') where.push(eq(offers.active, true), lowStockCondition(shopDefault))
  return where.length ? and(...where) : undefined
}

/** One page of offers with their product, by product name then offer order. */
export async function stockGrid(q: Q, query: StockGridQuery): Promise<StockGridList> {
  const shopDefault = await defaultLowStockThreshold(q)
  const where = filterOf(query, shopDefault)
  const [rows, [total]] = await Promise.all([
    gridRows(q, where, { low: query.low === '1', offset: (query.page - 1) * STOCK_GRID_PAGE_SIZE }),
    q
      .select({ n: count() })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .innerJoin(sections, eq(sections.id, products.sectionId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where),
  ])
  return { items: rows.map((r) => toRow(r, shopDefault)), total: total?.n ?? 0, page: query.page, pageSize: STOCK_GRID_PAGE_SIZE, defaultThreshold: shopDefault }
}

/** The active offers at or below their threshold, the lowest first: the dashboard's list. */
export async function lowStockOffers(q: Q, limit: number): Promise<{ offerId: number; sku: string; name: string; stock: number; threshold: number }[]> {
  const shopDefault = await defaultLowStockThreshold(q)
  const rows = await q
    .select({ offerId: offers.id, sku: offers.sku, name: products.name, stock: offers.stock, threshold: offers.lowStockThreshold })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.active, true), lowStockCondition(shopDefault)))
    .orderBy(asc(offers.stock), asc(offers.sku))
    .limit(limit)
  return rows.map((r) => ({ offerId: r.offerId, sku: r.sku, name: r.name, stock: r.stock ?? 0, threshold: r.threshold ?? shopDefault }))
}

function invalid(message: string, field = 'changes'): Refusal {
  return new Refusal('invalid', message, { error: message, errors: [{ field, message }] })
}

/**
 * Saves the grid's changes in one transaction (see the module comment). Stock and thresholds need
 * stock.write, prices catalog.write: a change of a field the actor may not touch refuses the save.
 */
export async function saveStockGrid(q: Db, actor: Actor, input: unknown): Promise<StockGridSaved> {
  const parsed = stockGridSave.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalid(issue?.message ?? M.format, issue?.path.map(String).join('.') ?? 'changes')
  }
  const { changes } = parsed.data
  for (const change of changes)
    for (const field of Object.keys(change.set) as GridField[])
      if (!can(actor.role, FIELD_PERMISSION[field])) throw new Refusal('forbidden', FIELD_PERMISSION[field] === 'stock.write' ? M.stockForbidden : M.priceForbidden)

  const ids = changes.map((c) => c.offerId)
  const saved = await q.transaction(async (tx) => {
    // Locked in id order, as every other multi-offer writer would, so two saves never deadlock.
    const current = await tx
      .select({ id: offers.id, sku: offers.sku, stock: offers.stock, price: offers.price, oldPrice: offers.oldPrice, lowStockThreshold: offers.lowStockThreshold })
      .from(offers)
      .where(inArray(offers.id, ids))
      .orderBy(asc(offers.id))
      .for('update')
    const byId = new Map(current.map((r) => [r.id, r]))
    const conflicts: GridConflict[] = []
    for (const change of changes) {
      const row = byId.get(change.offerId)
      if (!row) conflicts.push({ offerId: change.offerId, sku: '', message: M.notFound, current: null })
      else if (GRID_FIELDS.some((f) => row[f] !== change.expected[f])) {
        const { id: _id, sku, ...now } = row
        conflicts.push({ offerId: row.id, sku, message: M.conflict, current: now })
      }
    }
    if (conflicts.length) throw new Refusal('conflict', M.conflicts, { error: M.conflicts, conflicts })

    let written = 0
    for (const change of changes) {
      const row = byId.get(change.offerId)!
      const next = { ...row, ...Object.fromEntries(Object.entries(change.set).filter(([, v]) => v !== undefined)) }
      if (next.oldPrice !== null && next.oldPrice <= next.price) throw invalid(`${row.sku}: ${M.oldPrice}`, `${change.offerId}.oldPrice`)
      const before: Partial<Record<GridField, number | null>> = {}
      const after: Partial<Record<GridField, number | null>> = {}
      for (const field of GRID_FIELDS)
        if (next[field] !== row[field]) {
          before[field] = row[field]
          after[field] = next[field]
        }
      if (Object.keys(after).length === 0) continue
      // price is never null: the schema gives it no null, and a field not sent keeps the stored value.
      await tx.update(offers).set(after as Partial<typeof offers.$inferInsert>).where(eq(offers.id, row.id))
      const stockOnly = Object.keys(after).every((f) => FIELD_PERMISSION[f as GridField] === 'stock.write')
      await recordChange(tx, actor, { objectType: 'offer', objectId: row.id, action: stockOnly ? 'stock' : 'update', before, after })
      written++
    }
    // One announcement for the whole save: every instance drops its catalogue caches once, on commit.
    if (written) await announceChanges(tx, ['catalog'])
    return written
  })
  const shopDefault = await defaultLowStockThreshold(q)
  const rows = await gridRows(q, inArray(offers.id, ids))
  return { saved, rows: rows.map((r) => toRow(r, shopDefault)) }
}

export { STOCK_GRID_PAGE_SIZE }
