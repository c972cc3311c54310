import 'server-only'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { offers, products } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { productUrl } from './catalog'
import { OFFER_MESSAGES as O, PRODUCT_MESSAGES as M } from './catalog-admin'
import {
  activeOfferCount,
  brandExists,
  codeTaken,
  existingSectionIds,
  moveSlug,
  nextOfferSort,
  offerOrdered,
  releaseSlug,
  selectCatalogOptions,
  selectOffer,
  selectProduct,
  selectProductExtras,
  selectProductRows,
  setEditorBadges,
  setExtraSections,
  skuTaken,
  type OfferRecord,
} from './catalog-admin.db'
import {
  offerInput,
  offerOrderInput,
  offerPatch,
  oldPriceProblem,
  productInput,
  productPatch,
  stockInput,
  type OfferView,
  type ProductList,
  type ProductListQuery,
  type ProductView,
} from './catalog-admin.schema'

/**
 * Products and offers as staff run them (issue 20, ADR 178). Every change writes its audit line in
 * its own transaction and announces the 'catalog' tag there (ADR 160), so every instance's cached
 * cards, lists, product pages and search answers drop it on commit, and never for a rolled-back one.
 * An offer that any order names is never deleted, only switched off.
 */

export const PRODUCTS_PAGE_SIZE = 50
const CATALOG_TAGS = ['catalog'] as const

type FieldError = { field: string; message: string }

function invalid(errors: FieldError[]): Refusal {
  const first = errors[0]?.message ?? M.format
  return new Refusal('invalid', first, { error: first, errors })
}

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const seen = new Set<string>()
  throw invalid(
    result.error.issues
      .map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }))
      .filter((e) => !seen.has(e.field) && Boolean(seen.add(e.field))),
  )
}

/** Only the keys a change really moves, with their values before. */
function difference<T extends Record<string, unknown>>(current: T, change: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const before: Partial<T> = {}
  const after: Partial<T> = {}
  for (const key of Object.keys(change) as (keyof T)[]) {
    const next = change[key]
    if (next === undefined || JSON.stringify(next) === JSON.stringify(current[key])) continue
    before[key] = current[key]
    after[key] = next
  }
  return { before, after }
}

export async function listProducts(q: Db | Tx, query: ProductListQuery): Promise<ProductList> {
  const { rows, total } = await selectProductRows(q, query, PRODUCTS_PAGE_SIZE, (query.page - 1) * PRODUCTS_PAGE_SIZE)
  return {
    items: rows.map(({ sectionCode, ...r }) => ({ ...r, offers: Number(r.offers), minPrice: r.minPrice === null ? null : Number(r.minPrice), stock: r.stock === null ? null : Number(r.stock), url: productUrl(sectionCode, r.code) })),
    total,
    page: query.page,
    pageSize: PRODUCTS_PAGE_SIZE,
  }
}

function toOfferView(o: OfferRecord & { ordered: boolean }): OfferView {
  return {
    id: o.id,
    productId: o.productId,
    sku: o.sku,
    barcode: o.barcode,
    packageSize: o.packageSize,
    packageUnit: o.packageUnit,
    flavour: o.flavour,
    price: o.price,
    oldPrice: o.oldPrice,
    vatPercent: o.vatPercent,
    weightGrams: o.weightGrams,
    widthMm: o.widthMm,
    lengthMm: o.lengthMm,
    heightMm: o.heightMm,
    airRestricted: o.airRestricted,
    stock: o.stock,
    active: o.active,
    sort: o.sort,
    ordered: o.ordered,
  }
}

export async function productById(q: Db | Tx, id: number): Promise<ProductView> {
  const row = await selectProduct(q, id)
  if (!row) throw new Refusal('not-found', M.notFound)
  const extras = await selectProductExtras(q, id)
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    subTitle: row.subTitle,
    line: row.line,
    sectionIds: [row.sectionId, ...extras.extraSectionIds.filter((s) => s !== row.sectionId)],
    brandId: row.brandId,
    form: row.form,
    badges: extras.badges,
    isDrug: row.isDrug,
    isImportReplace: row.isImportReplace,
    description: row.description,
    composition: row.composition,
    howToUse: row.howToUse,
    instruction: row.instruction,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    published: row.active,
    url: productUrl(extras.sectionCode, row.code),
    oldCodes: extras.oldCodes,
    offers: extras.offers.map(toOfferView),
  }
}

export function catalogOptions(q: Db | Tx) {
  return selectCatalogOptions(q)
}

async function checkProductReferences(tx: Tx, values: { code?: string; sectionIds?: readonly number[]; brandId?: number }, id = 0): Promise<void> {
  const errors: FieldError[] = []
  if (values.code !== undefined && (await codeTaken(tx, values.code, id))) errors.push({ field: 'code', message: M.codeTaken })
  if (values.sectionIds !== undefined) {
    const known = await existingSectionIds(tx, values.sectionIds)
    if (values.sectionIds.some((s) => !known.has(s))) errors.push({ field: 'sectionIds', message: M.sectionGone })
  }
  if (values.brandId !== undefined && !(await brandExists(tx, values.brandId))) errors.push({ field: 'brandId', message: M.brandGone })
  if (errors.length) throw invalid(errors)
}

export async function createProduct(q: Db, actor: Actor, input: unknown): Promise<ProductView> {
  const p = parsed(productInput, input)
  // A product without an offer cannot be bought: it is created hidden, and published once it has one.
  if (p.published) throw invalid([{ field: 'published', message: M.publishWithoutOffer }])
  const id = await q.transaction(async (tx) => {
    await checkProductReferences(tx, p)
    const { sectionIds, badges, published, ...fields } = p
    const mainId = sectionIds[0]!
    const [row] = await tx
      .insert(products)
      .values({ ...fields, sectionId: mainId, active: published })
      .returning({ id: products.id })
    const id = row!.id
    await setExtraSections(tx, id, mainId, sectionIds)
    await setEditorBadges(tx, id, badges)
    await releaseSlug(tx, p.code)
    await recordChange(tx, actor, { objectType: 'product', objectId: id, action: 'create', after: p })
    await announceChanges(tx, CATALOG_TAGS)
    return id
  })
  return productById(q, id)
}

export async function updateProduct(q: Db, actor: Actor, id: number, input: unknown): Promise<ProductView> {
  const patch = parsed(productPatch, input)
  await q.transaction(async (tx) => {
    const current = await selectProduct(tx, id, true)
    if (!current) throw new Refusal('not-found', M.notFound)
    const view = await productById(tx, id)
    await checkProductReferences(tx, { code: patch.code === current.code ? undefined : patch.code, sectionIds: patch.sectionIds, brandId: patch.brandId }, id)
    if (patch.published === true && !current.active && (await activeOfferCount(tx, id)) === 0) throw invalid([{ field: 'published', message: M.publishWithoutOffer }])
    const { before, after } = difference(view as unknown as Record<string, unknown>, patch as Record<string, unknown>)
    if (Object.keys(after).length === 0) return
    const { sectionIds, badges, published, ...fields } = patch
    const columns: Partial<typeof products.$inferInsert> = {}
    for (const key of Object.keys(fields) as (keyof typeof fields)[]) if (key in after) Object.assign(columns, { [key]: fields[key] })
    if ('published' in after) columns.active = published
    if (sectionIds && 'sectionIds' in after) {
      columns.sectionId = sectionIds[0]!
      await setExtraSections(tx, id, sectionIds[0]!, sectionIds)
    }
    if (badges && 'badges' in after) await setEditorBadges(tx, id, badges)
    if (Object.keys(columns).length) await tx.update(products).set(columns).where(eq(products.id, id))
    if (patch.code !== undefined && 'code' in after) await moveSlug(tx, id, current.code, patch.code)
    await recordChange(tx, actor, { objectType: 'product', objectId: id, action: 'update', before, after })
    await announceChanges(tx, CATALOG_TAGS)
  })
  return productById(q, id)
}

async function offerViewById(q: Db | Tx, id: number): Promise<OfferView> {
  const row = await selectOffer(q, id)
  if (!row) throw new Refusal('not-found', O.notFound)
  return toOfferView({ ...row, ordered: await offerOrdered(q, id) })
}

export async function addOffer(q: Db, actor: Actor, productId: number, input: unknown): Promise<OfferView> {
  const o = parsed(offerInput, input)
  const id = await q.transaction(async (tx) => {
    if (!(await selectProduct(tx, productId, true))) throw new Refusal('not-found', M.notFound)
    if (await skuTaken(tx, o.sku)) throw invalid([{ field: 'sku', message: O.skuTaken }])
    const [row] = await tx
      .insert(offers)
      .values({ ...o, productId, sort: await nextOfferSort(tx, productId) })
      .returning({ id: offers.id })
    await recordChange(tx, actor, { objectType: 'offer', objectId: row!.id, action: 'create', after: { productId, ...o } })
    await announceChanges(tx, CATALOG_TAGS)
    return row!.id
  })
  return offerViewById(q, id)
}

export async function updateOffer(q: Db, actor: Actor, id: number, input: unknown): Promise<OfferView> {
  const patch = parsed(offerPatch, input)
  await q.transaction(async (tx) => {
    const current = await selectOffer(tx, id, true)
    if (!current) throw new Refusal('not-found', O.notFound)
    const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) }
    if (oldPriceProblem(next)) throw invalid([{ field: 'oldPrice', message: O.oldPrice }])
    if (patch.sku !== undefined && patch.sku !== current.sku && (await skuTaken(tx, patch.sku, id))) throw invalid([{ field: 'sku', message: O.skuTaken }])
    if (patch.active === false && current.active) {
      // The product row's lock orders this against a concurrent publish of the same product.
      const product = await selectProduct(tx, current.productId, true)
      if (product?.active && (await activeOfferCount(tx, current.productId, id)) === 0) throw new Refusal('conflict', O.lastActive)
    }
    const { before, after } = difference(current as Record<string, unknown>, patch as Record<string, unknown>)
    if (Object.keys(after).length === 0) return
    await tx.update(offers).set(after).where(eq(offers.id, id))
    await recordChange(tx, actor, { objectType: 'offer', objectId: id, action: 'update', before, after })
    await announceChanges(tx, CATALOG_TAGS)
  })
  return offerViewById(q, id)
}

/** The warehouse's change: the counted stock of one offer, nothing else (ADR 178). */
export async function setOfferStock(q: Db, actor: Actor, id: number, input: unknown): Promise<OfferView> {
  const { stock } = parsed(stockInput, input)
  await q.transaction(async (tx) => {
    const current = await selectOffer(tx, id, true)
    if (!current) throw new Refusal('not-found', O.notFound)
    if (current.stock === stock) return
    await tx.update(offers).set({ stock }).where(eq(offers.id, id))
    await recordChange(tx, actor, { objectType: 'offer', objectId: id, action: 'stock', before: { stock: current.stock }, after: { stock } })
    await announceChanges(tx, CATALOG_TAGS)
  })
  return offerViewById(q, id)
}

export async function reorderOffers(q: Db, actor: Actor, productId: number, input: unknown): Promise<ProductView> {
  const { offerIds } = parsed(offerOrderInput, input)
  await q.transaction(async (tx) => {
    if (!(await selectProduct(tx, productId, true))) throw new Refusal('not-found', M.notFound)
    const current = (await selectProductExtras(tx, productId)).offers
    const same = offerIds.length === current.length && new Set(offerIds).size === offerIds.length && current.every((o) => offerIds.includes(o.id))
    if (!same) throw invalid([{ field: 'offerIds', message: O.order }])
    const before = current.map((o) => o.id)
    if (before.every((offerId, i) => offerIds[i] === offerId)) return
    for (const [i, offerId] of offerIds.entries()) await tx.update(offers).set({ sort: (i + 1) * 10 }).where(eq(offers.id, offerId))
    await recordChange(tx, actor, { objectType: 'product', objectId: productId, action: 'offers-order', before: { offerIds: before }, after: { offerIds } })
    await announceChanges(tx, CATALOG_TAGS)
  })
  return productById(q, productId)
}

/** Deletes an offer made by mistake; one that any order names is refused: switch it off instead. */
export async function deleteOffer(q: Db, actor: Actor, id: number): Promise<{ deleted: true }> {
  await q.transaction(async (tx) => {
    const current = await selectOffer(tx, id, true)
    if (!current) throw new Refusal('not-found', O.notFound)
    if (await offerOrdered(tx, id)) throw new Refusal('conflict', O.ordered)
    if (current.active) {
      const product = await selectProduct(tx, current.productId, true)
      if (product?.active && (await activeOfferCount(tx, current.productId, id)) === 0) throw new Refusal('conflict', O.lastActive)
    }
    await tx.delete(offers).where(eq(offers.id, id))
    await recordChange(tx, actor, { objectType: 'offer', objectId: id, action: 'delete', before: current })
    await announceChanges(tx, CATALOG_TAGS)
  })
  return { deleted: true }
}
