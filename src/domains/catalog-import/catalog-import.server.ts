import 'server-only'
import { asc, eq, inArray, or, sql } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import {
  brands,
  offers,
  products,
  productSections,
  productSlugs,
  sections,
  type ProductForm,
} from '@/db/schema'
import { recordChange, recordChanges, type Change } from '@/domains/audit/audit.server'
import { can, type Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import {
  COLUMNS,
  FORM_NAMES,
  HEADER_OF,
  IMPORT_MESSAGES as M,
  PRODUCT_KEYS,
  type ColumnKey,
  type ImportLine,
  type ImportReport,
} from './catalog-import'
import { readCatalogFile, writeCsv, writeXlsx, type Sheet } from './catalog-import-file'
import {
  filterCellText,
  filterColumnOf,
  loadFilterColumns,
  resolveFilterCell,
  storedFilterValues,
  writeFilterValues,
  type FilterColumn,
} from './catalog-import-filters.server'
import { parseImportRow, type ImportRow } from './catalog-import.schema'

/**
 * Catalogue import and export (issue 20, ADR 186). The export is one row per offer with its product's
 * fields; the import matches products by code and offers by SKU, and only what differs is written. A
 * dry run and the real run share one plan: the real run makes the plan again inside its transaction,
 * on the rows it has locked, and writes it only when no line is refused, so a refused line changes
 * nothing. One 'catalog' announcement per import reaches every instance's caches on commit.
 */
type Q = Db | Tx
const CHUNK = 1_000
const LINES_SHOWN = 2_000

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

// ---------- export ----------

const rubles = (kopecks: number | null) =>
  kopecks === null
    ? ''
    : kopecks % 100 === 0
      ? String(kopecks / 100)
      : `${Math.floor(kopecks / 100)},${String(kopecks % 100).padStart(2, '0')}`
const yes = (v: boolean) => (v ? 'да' : 'нет')

async function catalogRows(q: Q) {
  const [rows, extras] = await Promise.all([
    q
      .select({
        productId: products.id,
        code: products.code,
        name: products.name,
        subTitle: products.subTitle,
        line: products.line,
        section: sections.code,
        brand: brands.code,
        form: products.form,
        published: products.active,
        offer: offers,
      })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .innerJoin(sections, eq(sections.id, products.sectionId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .orderBy(asc(products.id), asc(offers.sort), asc(offers.id)),
    q
      .select({
        productId: productSections.productId,
        code: sections.code,
        mainId: products.sectionId,
        sectionId: productSections.sectionId,
      })
      .from(productSections)
      .innerJoin(sections, eq(sections.id, productSections.sectionId))
      .innerJoin(products, eq(products.id, productSections.productId))
      .orderBy(asc(productSections.productId), asc(productSections.sectionId)),
  ])
  const extraCodes = new Map<number, string[]>()
  for (const e of extras)
    if (e.sectionId !== e.mainId)
      extraCodes.set(e.productId, [...(extraCodes.get(e.productId) ?? []), e.code])
  return rows.map((r) => ({ ...r, sections: [r.section, ...(extraCodes.get(r.productId) ?? [])] }))
}

/** The file's table: headers and one array of cells per offer; money in rubles for CSV, numbers for XLSX. */
async function exportTable(q: Q, format: 'csv' | 'xlsx') {
  const money = (k: number | null) => (format === 'csv' ? rubles(k) : k === null ? null : k / 100)
  const [catalog, filterColumns, filterValues] = await Promise.all([
    catalogRows(q),
    loadFilterColumns(q),
    storedFilterValues(q),
  ])
  const none = new Set<number>()
  const rows = catalog.map((r) => {
    const o = r.offer
    const values: Record<ColumnKey, string | number | null> = {
      code: r.code,
      name: r.name,
      subTitle: r.subTitle,
      line: r.line,
      sections: r.sections.join(', '),
      brand: r.brand,
      form: FORM_NAMES[r.form],
      published: yes(r.published),
      sku: o.sku,
      barcode: o.barcode,
      packageSize: o.packageSize,
      packageUnit: o.packageUnit,
      flavour: o.flavour ?? '',
      price: money(o.price),
      oldPrice: money(o.oldPrice),
      vatPercent: o.vatPercent,
      stock: o.stock,
      lowStockThreshold: o.lowStockThreshold,
      active: yes(o.active),
      weightGrams: o.weightGrams,
      widthMm: o.widthMm,
      lengthMm: o.lengthMm,
      heightMm: o.heightMm,
      airRestricted: yes(o.airRestricted),
    }
    const mine = filterValues.get(r.productId) ?? none
    return [...COLUMNS.map((c) => values[c.key]), ...filterColumns.map((f) => filterCellText(f, mine))]
  })
  return { header: [...COLUMNS.map((c) => c.header), ...filterColumns.map((f) => f.header)], rows }
}

export async function exportCatalogCsv(q: Q): Promise<string> {
  const { header, rows } = await exportTable(q, 'csv')
  return writeCsv(header, rows)
}

export async function exportCatalogXlsx(q: Q): Promise<Uint8Array> {
  const { header, rows } = await exportTable(q, 'xlsx')
  return writeXlsx(header, rows)
}

// ---------- the plan ----------

interface ParsedLine {
  line: number
  row: ImportRow
  /** The filter columns' values by property id (only the properties the file has columns for). */
  filters: Map<number, number[]>
}

/** A filter property whose values the import changes on a product. */
interface FilterChange {
  propertyId: number
  code: string
  header: string
  optionIds: number[]
  before: number[]
}

type OfferRecord = typeof offers.$inferSelect
type OfferFields = Pick<
  OfferRecord,
  | 'barcode'
  | 'packageSize'
  | 'packageUnit'
  | 'flavour'
  | 'price'
  | 'oldPrice'
  | 'vatPercent'
  | 'stock'
  | 'lowStockThreshold'
  | 'active'
  | 'weightGrams'
  | 'widthMm'
  | 'lengthMm'
  | 'heightMm'
  | 'airRestricted'
>
const OFFER_KEYS = [
  'barcode',
  'packageSize',
  'packageUnit',
  'flavour',
  'price',
  'oldPrice',
  'vatPercent',
  'stock',
  'lowStockThreshold',
  'active',
  'weightGrams',
  'widthMm',
  'lengthMm',
  'heightMm',
  'airRestricted',
] as const satisfies readonly (keyof OfferFields & ColumnKey)[]
const NEW_OFFER_DEFAULTS = {
  barcode: '',
  flavour: null,
  oldPrice: null,
  vatPercent: 0,
  stock: null,
  lowStockThreshold: null,
  active: true,
  weightGrams: 100,
  widthMm: 100,
  lengthMm: 100,
  heightMm: 100,
  airRestricted: false,
}

interface ProductPlan {
  code: string
  firstLine: number
  /** null: a new product. */
  id: number | null
  /** New: every column; existing: only the changed ones (column name → new value). */
  values: {
    name: string
    subTitle: string
    line: string
    sectionIds: number[]
    brandId: number
    form: ProductForm
    active: boolean
  }
  changed: ColumnKey[]
  before: Record<string, unknown>
  /** New: the properties with values; existing: the properties whose values change. */
  filters: FilterChange[]
}

interface OfferPlan {
  line: number
  sku: string
  code: string
  /** null: a new offer. */
  id: number | null
  values: OfferFields
  changed: ColumnKey[]
  before: Partial<OfferFields>
}

interface Plan {
  report: ImportReport
  products: ProductPlan[]
  offers: OfferPlan[]
}

async function loadState(q: Q, codes: string[], skus: string[], lock: boolean) {
  const [sectionRows, brandRows] = await Promise.all([
    q.select({ id: sections.id, code: sections.code }).from(sections),
    q.select({ id: brands.id, code: brands.code }).from(brands),
  ])
  const productRows: (typeof products.$inferSelect)[] = []
  for (const part of chunks(codes)) {
    const query = q.select().from(products).where(inArray(products.code, part)).orderBy(asc(products.id))
    productRows.push(...(lock ? await query.for('update') : await query))
  }
  const productIds = productRows.map((p) => p.id)
  const extraRows: { productId: number; sectionId: number }[] = []
  for (const part of chunks(productIds))
    extraRows.push(
      ...(await q.select().from(productSections).where(inArray(productSections.productId, part))),
    )
  const offerRows = new Map<number, OfferRecord>()
  const skuParts = chunks(skus)
  const idParts = chunks(productIds)
  for (let i = 0; i < Math.max(skuParts.length, idParts.length); i++) {
    const bySku = skuParts[i]?.length ? inArray(offers.sku, skuParts[i]!) : undefined
    const byProduct = idParts[i]?.length ? inArray(offers.productId, idParts[i]!) : undefined
    const query = q.select().from(offers).where(or(bySku, byProduct)).orderBy(asc(offers.id))
    for (const o of lock ? await query.for('update') : await query) offerRows.set(o.id, o)
  }
  return {
    filterValues: await storedFilterValues(q, productIds),
    sectionByCode: new Map(sectionRows.map((s) => [s.code, s.id])),
    brandByCode: new Map(brandRows.map((b) => [b.code, b.id])),
    productByCode: new Map(productRows.map((p) => [p.code, p])),
    extras: extraRows,
    offers: [...offerRows.values()],
  }
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])

async function makePlan(q: Q, actor: Actor, sheet: Sheet, lock: boolean): Promise<Plan> {
  const report: ImportReport = {
    dryRun: true,
    format: sheet.format,
    ...(sheet.delimiter ? { delimiter: sheet.delimiter } : {}),
    rows: 0,
    products: { create: 0, update: 0 },
    offers: { create: 0, update: 0 },
    same: 0,
    refused: 0,
    fileErrors: [],
    lines: [],
    truncated: false,
  }

  // The header: known columns, each once, with both keys; the filter's properties by name or code.
  const filterColumns = await loadFilterColumns(q)
  const filterAt = new Map<number, { column: FilterColumn; header: string }>()
  const keyOf = new Map<string, ColumnKey>(COLUMNS.map((c) => [c.header.toLowerCase(), c.key]))
  const columnAt: (ColumnKey | null)[] = []
  const seen = new Set<ColumnKey>()
  const seenFilters = new Set<number>()
  sheet.header.forEach((header, i) => {
    if (header === '') return void (columnAt[i] = null)
    const filter = filterColumnOf(filterColumns, header)
    if (filter !== 'none') {
      columnAt[i] = null
      if (!filter) report.fileErrors.push(M.unknownProperty(header))
      else if (seenFilters.has(filter.propertyId)) report.fileErrors.push(M.duplicateColumn(header))
      else {
        seenFilters.add(filter.propertyId)
        filterAt.set(i, { column: filter, header })
      }
      return
    }
    const key = keyOf.get(header.toLowerCase())
    if (!key) report.fileErrors.push(M.unknownColumn(header))
    else if (seen.has(key)) report.fileErrors.push(M.duplicateColumn(header))
    else seen.add(key)
    columnAt[i] = key ?? null
  })
  for (const key of ['code', 'sku'] as const)
    if (!seen.has(key)) report.fileErrors.push(M.missingColumn(HEADER_OF[key]))
  if (report.fileErrors.length) return { report, products: [], offers: [] }

  const lines = new Map<number, ImportLine>()
  const refuse = (line: number, code: string, sku: string, reason: string) =>
    lines.set(line, { line, code, sku, action: 'refused', reason })

  // Every row through the one schema.
  const parsed: ParsedLine[] = []
  const skuLine = new Map<string, number>()
  for (const { line, cells } of sheet.rows) {
    if (cells.every((c) => c.trim() === '')) continue
    report.rows++
    const values: Partial<Record<ColumnKey, string>> = {}
    columnAt.forEach((key, i) => {
      if (key) values[key] = cells[i] ?? ''
    })
    const result = parseImportRow(values)
    const code = (values.code ?? '').trim()
    const sku = (values.sku ?? '').trim()
    const filters = new Map<number, number[]>()
    let filterRefusal: string | undefined
    for (const [i, { column, header }] of filterAt) {
      const cell = resolveFilterCell(column, header, cells[i] ?? '')
      if (!cell.ok) {
        filterRefusal = cell.reason
        break
      }
      filters.set(column.propertyId, cell.optionIds)
    }
    if (!result.ok) refuse(line, code, sku, result.reason)
    else if (filterRefusal) refuse(line, code, sku, filterRefusal)
    else if (skuLine.has(result.row.sku))
      refuse(line, code, sku, M.duplicateSku(result.row.sku, skuLine.get(result.row.sku)!))
    else {
      skuLine.set(result.row.sku, line)
      parsed.push({ line, row: result.row, filters })
    }
  }
  if (report.rows === 0) report.fileErrors.push(M.empty)

  const groups = new Map<string, ParsedLine[]>()
  for (const p of parsed) groups.set(p.row.code, [...(groups.get(p.row.code) ?? []), p])
  const state = await loadState(
    q,
    [...groups.keys()],
    parsed.map((p) => p.row.sku),
    lock,
  )
  const offerBySku = new Map(state.offers.map((o) => [o.sku, o]))
  const extrasOf = new Map<number, number[]>()
  for (const e of state.extras) extrasOf.set(e.productId, [...(extrasOf.get(e.productId) ?? []), e.sectionId])
  const codeOfProduct = new Map([...state.productByCode.values()].map((p) => [p.id, p.code]))
  const canStock = can(actor.role, 'stock.write')

  const productPlans: ProductPlan[] = []
  const offerPlans: OfferPlan[] = []
  for (const [code, group] of groups) {
    const first = group[0]!
    const refuseGroup = (line: number, reason: string) => {
      for (const g of group)
        refuse(g.line, code, g.row.sku, g.line === line ? reason : M.productRefused(line))
    }
    // The product's columns must say the same on each of its rows.
    const mismatch = group
      .slice(1)
      .find((g) => PRODUCT_KEYS.some((k) => JSON.stringify(g.row[k]) !== JSON.stringify(first.row[k])))
    if (mismatch) {
      const key = PRODUCT_KEYS.find((k) => JSON.stringify(mismatch.row[k]) !== JSON.stringify(first.row[k]))!
      refuseGroup(mismatch.line, M.productMismatch(HEADER_OF[key], first.line))
      continue
    }
    const sameFilters = (g: ParsedLine) =>
      [...filterAt.values()].find(
        ({ column }) =>
          (g.filters.get(column.propertyId) ?? []).join() !==
          (first.filters.get(column.propertyId) ?? []).join(),
      )
    const filterMismatch = group.slice(1).find((g) => sameFilters(g))
    if (filterMismatch) {
      refuseGroup(filterMismatch.line, M.productMismatch(sameFilters(filterMismatch)!.header, first.line))
      continue
    }
    const r = first.row
    const existing = state.productByCode.get(code)
    const sectionIds: number[] = []
    const unknownSection = r.sections?.find((s) => !state.sectionByCode.has(s))
    if (unknownSection) {
      refuseGroup(first.line, `«${HEADER_OF.sections}»: ${M.sectionGone(unknownSection)}`)
      continue
    }
    for (const s of r.sections ?? []) sectionIds.push(state.sectionByCode.get(s)!)
    const brandId = r.brand === undefined ? undefined : state.brandByCode.get(r.brand)
    if (r.brand !== undefined && brandId === undefined) {
      refuseGroup(first.line, `«${HEADER_OF.brand}»: ${M.brandGone(r.brand)}`)
      continue
    }
    let plan: ProductPlan
    if (!existing) {
      const missing = (['name', 'sections', 'brand', 'form'] as const).find((k) => r[k] === undefined)
      if (missing) {
        refuseGroup(first.line, M.newProductNeeds(HEADER_OF[missing]))
        continue
      }
      plan = {
        code,
        firstLine: first.line,
        id: null,
        values: {
          name: r.name!,
          subTitle: r.subTitle ?? '',
          line: r.line ?? '',
          sectionIds,
          brandId: brandId!,
          form: r.form!,
          active: r.published ?? false,
        },
        changed: [],
        before: {},
        filters: [...filterAt.values()]
          .map(({ column, header }) => ({
            propertyId: column.propertyId,
            code: column.code,
            header,
            optionIds: first.filters.get(column.propertyId) ?? [],
            before: [],
          }))
          .filter((f) => f.optionIds.length > 0),
      }
    } else {
      const storedSections = [
        existing.sectionId,
        ...(extrasOf.get(existing.id) ?? []).filter((s) => s !== existing.sectionId).sort((a, b) => a - b),
      ]
      const values = {
        name: r.name ?? existing.name,
        subTitle: r.subTitle ?? existing.subTitle,
        line: r.line ?? existing.line,
        sectionIds: r.sections
          ? [sectionIds[0]!, ...sectionIds.slice(1).sort((a, b) => a - b)]
          : storedSections,
        brandId: brandId ?? existing.brandId,
        form: r.form ?? existing.form,
        active: r.published ?? existing.active,
      }
      const changed: ColumnKey[] = []
      const before: Record<string, unknown> = {}
      const note = (key: ColumnKey, was: unknown, differs: boolean) => {
        if (!differs) return
        changed.push(key)
        before[key] = was
      }
      note('name', existing.name, values.name !== existing.name)
      note('subTitle', existing.subTitle, values.subTitle !== existing.subTitle)
      note('line', existing.line, values.line !== existing.line)
      note('sections', storedSections, !sameList(values.sectionIds, storedSections))
      note('brand', existing.brandId, values.brandId !== existing.brandId)
      note('form', existing.form, values.form !== existing.form)
      note('published', existing.active, values.active !== existing.active)
      const stored = state.filterValues.get(existing.id) ?? new Set<number>()
      const filters: FilterChange[] = []
      for (const { column, header } of filterAt.values()) {
        const was = column.options.filter((o) => stored.has(o.id)).map((o) => o.id)
        const next = first.filters.get(column.propertyId) ?? []
        if (was.join() !== next.join())
          filters.push({
            propertyId: column.propertyId,
            code: column.code,
            header,
            optionIds: next,
            before: was,
          })
      }
      plan = { code, firstLine: first.line, id: existing.id, values, changed, before, filters }
    }

    // Its offers.
    const mine: OfferPlan[] = []
    let refused = false
    for (const g of group) {
      const o = g.row
      const stored = offerBySku.get(o.sku)
      if (stored && (existing === undefined || stored.productId !== existing.id)) {
        refuse(
          g.line,
          code,
          o.sku,
          M.skuOfOther(o.sku, codeOfProduct.get(stored.productId) ?? `№ ${stored.productId}`),
        )
        refused = true
        continue
      }
      if (!stored) {
        const missing = (['packageSize', 'packageUnit', 'price'] as const).find((k) => o[k] === undefined)
        if (missing) {
          refuse(g.line, code, o.sku, M.newOfferNeeds(HEADER_OF[missing]))
          refused = true
          continue
        }
      }
      const base: OfferFields = stored ?? { ...NEW_OFFER_DEFAULTS, packageSize: 0, packageUnit: '', price: 0 }
      const values = { ...base }
      for (const key of OFFER_KEYS) if (o[key] !== undefined) Object.assign(values, { [key]: o[key] })
      if (values.oldPrice !== null && values.oldPrice <= values.price) {
        refuse(
          g.line,
          code,
          o.sku,
          `«${HEADER_OF.oldPrice}»: старая цена должна быть больше цены; пусто — без скидки.`,
        )
        refused = true
        continue
      }
      const changed = stored ? OFFER_KEYS.filter((k) => values[k] !== stored[k]) : []
      if (stored && changed.includes('stock') && !canStock) {
        refuse(g.line, code, o.sku, M.stockForbidden)
        refused = true
        continue
      }
      mine.push({
        line: g.line,
        sku: o.sku,
        code,
        id: stored?.id ?? null,
        values,
        changed,
        before: stored ? Object.fromEntries(changed.map((k) => [k, stored[k]])) : {},
      })
    }
    if (refused) {
      // One bad offer holds back the product's other rows too: a product is taken whole or not at all.
      const badLine = group.find((g) => lines.get(g.line)?.action === 'refused')!.line
      for (const g of group)
        if (!lines.has(g.line)) refuse(g.line, code, g.row.sku, M.productRefused(badLine))
      continue
    }
    // A published product keeps at least one active offer, counting those the file does not name.
    const fileIds = new Set(mine.map((m) => m.id))
    const otherActive = existing
      ? state.offers.filter((s) => s.productId === existing.id && !fileIds.has(s.id) && s.active).length
      : 0
    if (plan.values.active && otherActive + mine.filter((m) => m.values.active).length === 0) {
      refuseGroup(first.line, M.publishWithoutOffer)
      continue
    }
    productPlans.push(plan)
    offerPlans.push(...mine)
  }

  // The report, in file order.
  const productOfCode = new Map(productPlans.map((p) => [p.code, p]))
  for (const o of offerPlans) {
    const product = productOfCode.get(o.code)!
    const productChanges = product.firstLine === o.line ? product.changed.map((k) => HEADER_OF[k]) : []
    if (product.firstLine === o.line) productChanges.push(...product.filters.map((f) => f.header))
    if (o.id === null)
      lines.set(o.line, {
        line: o.line,
        code: o.code,
        sku: o.sku,
        action: 'create',
        ...(product.id === null && product.firstLine === o.line ? { newProduct: true } : {}),
      })
    else if (o.changed.length || productChanges.length)
      lines.set(o.line, {
        line: o.line,
        code: o.code,
        sku: o.sku,
        action: 'update',
        changes: [...productChanges, ...o.changed.map((k) => HEADER_OF[k])],
      })
    else lines.set(o.line, { line: o.line, code: o.code, sku: o.sku, action: 'same' })
  }
  const all = [...lines.values()].sort((a, b) => a.line - b.line)
  for (const l of all) if (l.action === 'same') report.same++
  report.refused = all.filter((l) => l.action === 'refused').length
  report.products = {
    create: productPlans.filter((p) => p.id === null).length,
    update: productPlans.filter((p) => p.id !== null && (p.changed.length || p.filters.length)).length,
  }
  report.offers = {
    create: offerPlans.filter((o) => o.id === null).length,
    update: offerPlans.filter((o) => o.id !== null && o.changed.length).length,
  }
  const shown = all.filter((l) => l.action !== 'same')
  report.lines = shown.slice(0, LINES_SHOWN)
  report.truncated = shown.length > LINES_SHOWN
  return { report, products: productPlans, offers: offerPlans }
}

// ---------- the import ----------

async function writePlan(tx: Tx, actor: Actor, plan: Plan): Promise<void> {
  const idOfCode = new Map<string, number>()
  const audit: Change[] = []
  // New products, in batches.
  const fresh = plan.products.filter((p) => p.id === null)
  // Rows go as one JSON parameter: PGlite takes a VALUES list of thousands of parameters several times slower.
  for (const part of chunks(fresh, 5_000)) {
    const json = part.map((p) => ({
      code: p.code,
      name: p.values.name,
      sub_title: p.values.subTitle,
      line: p.values.line,
      section_id: p.values.sectionIds[0]!,
      brand_id: p.values.brandId,
      form: p.values.form,
      active: p.values.active,
    }))
    const inserted = await queryRows<{ id: number; code: string }>(
      tx,
      sql`insert into products (code, name, sub_title, line, section_id, brand_id, form, active)
        select x.code, x.name, x.sub_title, x.line, x.section_id, x.brand_id, x.form, x.active
        from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(code text, name text, sub_title text, line text, section_id int, brand_id int, form text, active boolean)
        returning id, code`,
    )
    for (const row of inserted) idOfCode.set(row.code, row.id)
    // A new product's code may have been another product's old address: the live product wins (ADR 178).
    await tx.delete(productSlugs).where(
      inArray(
        productSlugs.slug,
        part.map((p) => p.code),
      ),
    )
  }
  const extras = fresh.flatMap((p) =>
    p.values.sectionIds.slice(1).map((sectionId) => ({ productId: idOfCode.get(p.code)!, sectionId })),
  )
  for (const part of chunks(extras, 1_000)) await tx.insert(productSections).values(part)
  for (const p of fresh) {
    const { sectionIds, brandId, active, ...rest } = p.values
    audit.push({
      objectType: 'product',
      objectId: idOfCode.get(p.code)!,
      action: 'import',
      after: {
        code: p.code,
        ...rest,
        sectionIds,
        brandId,
        published: active,
        ...(p.filters.length ? { filterOptionIds: p.filters.flatMap((f) => f.optionIds) } : {}),
      },
    })
  }

  // Changed products.
  for (const p of plan.products) {
    if (p.id === null) {
      continue
    }
    idOfCode.set(p.code, p.id)
    if (!p.changed.length && !p.filters.length) continue
    const v = p.values
    // Only the filter's values moved: the product's row stays as it is.
    if (p.changed.length)
      await tx
        .update(products)
        .set({
          name: v.name,
          subTitle: v.subTitle,
          line: v.line,
          sectionId: v.sectionIds[0]!,
          brandId: v.brandId,
          form: v.form,
          active: v.active,
        })
        .where(eq(products.id, p.id))
    if (p.changed.includes('sections')) {
      await tx.delete(productSections).where(eq(productSections.productId, p.id))
      const more = v.sectionIds.slice(1)
      if (more.length)
        await tx.insert(productSections).values(more.map((sectionId) => ({ productId: p.id!, sectionId })))
    }
    const after: Record<string, unknown> = Object.fromEntries(
      p.changed.map((k) => [
        k,
        k === 'sections'
          ? v.sectionIds
          : k === 'brand'
            ? v.brandId
            : k === 'published'
              ? v.active
              : v[k as 'name' | 'subTitle' | 'line' | 'form'],
      ]),
    )
    const before: Record<string, unknown> = { ...p.before }
    // The filter's values as option ids per property code, as the product editor's audit names options.
    for (const f of p.filters) {
      before[`filter.${f.code}`] = f.before
      after[`filter.${f.code}`] = f.optionIds
    }
    audit.push({ objectType: 'product', objectId: p.id, action: 'import', before, after })
  }
  await writeFilterValues(
    tx,
    plan.products.flatMap((p) =>
      p.filters.map((f) => ({
        productId: idOfCode.get(p.code)!,
        propertyId: f.propertyId,
        optionIds: f.optionIds,
      })),
    ),
  )

  // New offers go last in their product, in file order.
  const newOffers = plan.offers.filter((o) => o.id === null)
  const productIds = [...new Set(newOffers.map((o) => idOfCode.get(o.code)!))]
  const nextSort = new Map<number, number>()
  for (const part of chunks(productIds)) {
    const rows = await tx
      .select({ productId: offers.productId, max: sql<number | null>`max(${offers.sort})::int` })
      .from(offers)
      .where(inArray(offers.productId, part))
      .groupBy(offers.productId)
    for (const r of rows) nextSort.set(r.productId, r.max ?? 0)
  }
  const sortFor = (productId: number) => {
    const sort = (nextSort.get(productId) ?? 0) + 10
    nextSort.set(productId, sort)
    return sort
  }
  for (const part of chunks(newOffers, 5_000)) {
    const json = part.map((o) => {
      const v = o.values
      const productId = idOfCode.get(o.code)!
      return {
        product_id: productId,
        sku: o.sku,
        barcode: v.barcode,
        package_size: v.packageSize,
        package_unit: v.packageUnit,
        flavour: v.flavour,
        price: v.price,
        old_price: v.oldPrice,
        vat_percent: v.vatPercent,
        stock: v.stock,
        low_stock_threshold: v.lowStockThreshold,
        active: v.active,
        weight_grams: v.weightGrams,
        width_mm: v.widthMm,
        length_mm: v.lengthMm,
        height_mm: v.heightMm,
        air_restricted: v.airRestricted,
        sort: sortFor(productId),
      }
    })
    const inserted = await queryRows<{ id: number; sku: string }>(
      tx,
      sql`insert into offers (product_id, sku, barcode, package_size, package_unit, flavour, price, old_price, vat_percent, stock, low_stock_threshold, active, weight_grams, width_mm, length_mm, height_mm, air_restricted, sort)
        select x.product_id, x.sku, x.barcode, x.package_size, x.package_unit, x.flavour, x.price, x.old_price, x.vat_percent, x.stock, x.low_stock_threshold, x.active, x.weight_grams, x.width_mm, x.length_mm, x.height_mm, x.air_restricted, x.sort
        from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(product_id int, sku text, barcode text, package_size int, package_unit text, flavour text, price int, old_price int, vat_percent int, stock int, low_stock_threshold int, active boolean, weight_grams int, width_mm int, length_mm int, height_mm int, air_restricted boolean, sort int)
        returning id, sku`,
    )
    const bySku = new Map(part.map((o) => [o.sku, o]))
    for (const row of inserted)
      audit.push({
        objectType: 'offer',
        objectId: row.id,
        action: 'import',
        after: { sku: row.sku, ...bySku.get(row.sku)!.values },
      })
  }

  // Changed offers: only their changed columns.
  for (const o of plan.offers) {
    if (o.id === null || !o.changed.length) continue
    const after = Object.fromEntries(o.changed.map((k) => [k, o.values[k as keyof OfferFields]]))
    await tx.update(offers).set(after).where(eq(offers.id, o.id))
    audit.push({ objectType: 'offer', objectId: o.id, action: 'import', before: o.before, after })
  }
  await recordChanges(tx, actor, audit)
}

/**
 * A dry run (nothing written) or the import itself. The import refuses the whole file when any line
 * or the header is refused; the answer of both is the same report.
 */
export async function importCatalog(
  q: Db,
  actor: Actor,
  bytes: Uint8Array,
  dryRun: boolean,
): Promise<ImportReport> {
  const sheet = await readCatalogFile(bytes)
  if (dryRun) return (await makePlan(q, actor, sheet, false)).report
  return q.transaction(async (tx) => {
    // Two imports at once would each plan against rows the other is about to create.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY.toString()}::bigint)`)
    const plan = await makePlan(tx, actor, sheet, true)
    const report = { ...plan.report, dryRun: false }
    if (report.fileErrors.length || report.refused)
      throw new Refusal('invalid', report.fileErrors[0] ?? M.refused, {
        error: report.fileErrors[0] ?? M.refused,
        report,
      })
    const writes =
      report.products.create + report.products.update + report.offers.create + report.offers.update
    if (writes === 0) return report
    await writePlan(tx, actor, plan)
    await recordChange(tx, actor, {
      objectType: 'catalog-import',
      objectId: plan.report.format,
      action: 'import',
      after: { rows: report.rows, products: report.products, offers: report.offers, same: report.same },
    })
    await announceChanges(tx, ['catalog'])
    return report
  })
}

/** pg_advisory_xact_lock key of the catalogue import: 'vmimport' as bytes. */
const IMPORT_LOCK_KEY = 0x766d696d706f7274n
