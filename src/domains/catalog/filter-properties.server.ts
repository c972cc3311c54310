import 'server-only'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '@/db/client'
import {
  filterProperties,
  filterPropertyOptions,
  filterPropertySections,
  productFilterValues,
  products,
  sections,
} from '@/db/schema'
import { changed, inOrderAlready, invalid, namesEachOnce } from '@/domains/edits/edits'
import {
  audited,
  ensureCodeFree,
  lockedRow,
  lockRow,
  lockTable,
  type CodeRule,
} from '@/domains/edits/edits.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import {
  FILTER_PROPERTY_MESSAGES as M,
  type FilterPropertyView,
  type ProductFilterValuesView,
} from './filter-properties'
import {
  filterOptionInput,
  filterOptionOrderInput,
  filterOptionPatch,
  filterPropertyInput,
  filterPropertyOrderInput,
  filterPropertyPatch,
  productFilterValuesInput,
} from './filter-properties.schema'

/**
 * The catalogue filter's properties and their options (issue 20, ADR 204). As for sections and brands
 * (ADR 192) each write locks its row, writes its audit line and announces the 'catalog' tag in its own
 * transaction, so the filter index, the lists and the full-page cache of every instance drop it on
 * commit. The storefront reads them in catalog.db.ts (selectCatalogIndex).
 */
const CATALOG_TAGS = ['catalog'] as const
const STEP = 10

/** As edits.ts's, but an error inside a list names the list, where the form shows it. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const seen = new Set<string>()
  throw invalid(
    result.error.issues
      .map((issue) => ({
        field: issue.path
          .map(String)
          .join('.')
          .replace(/\.\d+$/, ''),
        message: issue.message,
      }))
      .filter((e) => !seen.has(e.field) && Boolean(seen.add(e.field))),
  )
}

export async function listFilterProperties(q: Db | Tx): Promise<{ items: FilterPropertyView[] }> {
  const [props, options, bound] = await Promise.all([
    q.select().from(filterProperties).orderBy(asc(filterProperties.sort), asc(filterProperties.id)),
    q
      .select({
        id: filterPropertyOptions.id,
        propertyId: filterPropertyOptions.propertyId,
        code: filterPropertyOptions.code,
        name: filterPropertyOptions.name,
        position: filterPropertyOptions.sort,
        products: sql<number>`(select count(*)::int from product_filter_values v where v.option_id = "filter_property_options"."id")`,
      })
      .from(filterPropertyOptions)
      .orderBy(asc(filterPropertyOptions.sort), asc(filterPropertyOptions.id)),
    q.select().from(filterPropertySections).orderBy(asc(filterPropertySections.sectionId)),
  ])
  return {
    items: props.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      active: p.active,
      position: p.sort,
      sectionIds: bound.filter((b) => b.propertyId === p.id).map((b) => b.sectionId),
      options: options
        .filter((o) => o.propertyId === p.id)
        .map(({ propertyId: _, ...o }) => ({ ...o, products: Number(o.products) })),
    })),
  }
}

export async function filterPropertyById(q: Db | Tx, id: number): Promise<FilterPropertyView> {
  const found = (await listFilterProperties(q)).items.find((p) => p.id === id)
  if (!found) throw new Refusal('not-found', M.notFound)
  return found
}

const CODE: CodeRule = {
  table: filterProperties,
  column: filterProperties.code,
  anyCase: true,
  message: M.codeTaken,
}

async function checkSections(q: Tx, sectionIds: number[]): Promise<void> {
  if (sectionIds.length === 0) return
  const rows = await q.select({ id: sections.id }).from(sections).where(inArray(sections.id, sectionIds))
  if (rows.length !== sectionIds.length) throw invalid([{ field: 'sectionIds', message: M.sections }])
}

async function setSections(q: Tx, propertyId: number, sectionIds: number[]): Promise<void> {
  await q.delete(filterPropertySections).where(eq(filterPropertySections.propertyId, propertyId))
  if (sectionIds.length)
    await q.insert(filterPropertySections).values(sectionIds.map((sectionId) => ({ propertyId, sectionId })))
}

export async function createFilterProperty(q: Db, actor: Actor, input: unknown): Promise<FilterPropertyView> {
  const p = parsed(filterPropertyInput, input)
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, filterProperties)
    await ensureCodeFree(tx, CODE, p.code)
    await checkSections(tx, p.sectionIds)
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${filterProperties.sort}), 0)::int` })
      .from(filterProperties)
    const [row] = await tx
      .insert(filterProperties)
      .values({ name: p.name, code: p.code, active: p.active, sort: Number(last?.sort ?? 0) + STEP })
      .returning({ id: filterProperties.id })
    await setSections(tx, row!.id, p.sectionIds)
    await audited(
      tx,
      actor,
      {
        objectType: 'filter-property',
        objectId: row!.id,
        action: 'create',
        after: p,
      },
      CATALOG_TAGS,
    )
    return row!.id
  })
  return filterPropertyById(q, id)
}

export async function updateFilterProperty(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<FilterPropertyView> {
  const patch = parsed(filterPropertyPatch, input)
  await q.transaction(async (tx) => {
    const current = await lockedRow(
      tx,
      filterProperties,
      id,
      { name: filterProperties.name, code: filterProperties.code, active: filterProperties.active },
      M.notFound,
    )
    const currentSections = (
      await tx
        .select({ id: filterPropertySections.sectionId })
        .from(filterPropertySections)
        .where(eq(filterPropertySections.propertyId, id))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b)
    const { sectionIds: _sectionIds, ...fields } = patch
    const fieldChange = changed(current, fields)
    const before: Record<string, unknown> = fieldChange.before
    const after: Record<string, unknown> = fieldChange.after
    const nextSections = patch.sectionIds ? [...patch.sectionIds].sort((a, b) => a - b) : undefined
    if (nextSections && nextSections.join() !== currentSections.join()) {
      await checkSections(tx, nextSections)
      before.sectionIds = currentSections
      after.sectionIds = nextSections
    }
    if (Object.keys(after).length === 0) return
    await ensureCodeFree(tx, CODE, fieldChange.after.code, id)
    const columns = { name: patch.name, code: patch.code, active: patch.active }
    if (Object.keys(after).some((k) => k !== 'sectionIds'))
      await tx.update(filterProperties).set(columns).where(eq(filterProperties.id, id))
    if (after.sectionIds) await setSections(tx, id, nextSections!)
    await audited(
      tx,
      actor,
      {
        objectType: 'filter-property',
        objectId: id,
        action: 'update',
        before,
        after,
      },
      CATALOG_TAGS,
    )
  })
  return filterPropertyById(q, id)
}

/** The order of the properties in the filter: every property's id once. */
export async function reorderFilterProperties(
  q: Db,
  actor: Actor,
  input: unknown,
): Promise<{ items: FilterPropertyView[] }> {
  const { propertyIds } = parsed(filterPropertyOrderInput, input)
  await q.transaction(async (tx) => {
    const rows = await tx
      .select({ id: filterProperties.id, sort: filterProperties.sort })
      .from(filterProperties)
      .orderBy(asc(filterProperties.sort), asc(filterProperties.id))
      .for('update')
    if (!namesEachOnce(propertyIds, rows)) throw invalid([{ field: 'propertyIds', message: M.propertyOrder }])
    if (inOrderAlready(propertyIds, rows, STEP)) return
    for (const [i, propertyId] of propertyIds.entries())
      await tx
        .update(filterProperties)
        .set({ sort: (i + 1) * STEP })
        .where(eq(filterProperties.id, propertyId))
    await audited(
      tx,
      actor,
      {
        objectType: 'filter-property',
        objectId: 'order',
        action: 'reorder',
        before: { propertyIds: rows.map((r) => r.id) },
        after: { propertyIds },
      },
      CATALOG_TAGS,
    )
  })
  return listFilterProperties(q)
}

async function optionCodeTaken(q: Tx, propertyId: number, code: string, except = 0): Promise<boolean> {
  const rows = await q
    .select({ id: filterPropertyOptions.id })
    .from(filterPropertyOptions)
    .where(
      and(
        eq(filterPropertyOptions.propertyId, propertyId),
        sql`lower(${filterPropertyOptions.code}) = lower(${code})`,
        ne(filterPropertyOptions.id, except),
      ),
    )
  return rows.length > 0
}

/** A new value of a property; it goes last. Under the property's lock, so two never take one code. */
export async function createFilterOption(
  q: Db,
  actor: Actor,
  propertyId: number,
  input: unknown,
): Promise<FilterPropertyView> {
  const o = parsed(filterOptionInput, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, filterProperties, propertyId, M.notFound)
    if (await optionCodeTaken(tx, propertyId, o.code))
      throw invalid([{ field: 'code', message: M.optionCodeTaken }])
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${filterPropertyOptions.sort}), 0)::int` })
      .from(filterPropertyOptions)
      .where(eq(filterPropertyOptions.propertyId, propertyId))
    const [row] = await tx
      .insert(filterPropertyOptions)
      .values({ propertyId, ...o, sort: Number(last?.sort ?? 0) + STEP })
      .returning({ id: filterPropertyOptions.id })
    await audited(
      tx,
      actor,
      {
        objectType: 'filter-option',
        objectId: row!.id,
        action: 'create',
        after: { propertyId, ...o },
      },
      CATALOG_TAGS,
    )
  })
  return filterPropertyById(q, propertyId)
}

export async function updateFilterOption(
  q: Db,
  actor: Actor,
  optionId: number,
  input: unknown,
): Promise<FilterPropertyView> {
  const patch = parsed(filterOptionPatch, input)
  const propertyId = await q.transaction(async (tx) => {
    const { propertyId: owner, ...current } = await lockedRow(
      tx,
      filterPropertyOptions,
      optionId,
      {
        propertyId: filterPropertyOptions.propertyId,
        name: filterPropertyOptions.name,
        code: filterPropertyOptions.code,
      },
      M.optionNotFound,
    )
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return owner
    if (after.code !== undefined && (await optionCodeTaken(tx, owner, after.code, optionId)))
      throw invalid([{ field: 'code', message: M.optionCodeTaken }])
    await tx.update(filterPropertyOptions).set(after).where(eq(filterPropertyOptions.id, optionId))
    await audited(
      tx,
      actor,
      {
        objectType: 'filter-option',
        objectId: optionId,
        action: 'update',
        before,
        after,
      },
      CATALOG_TAGS,
    )
    return owner
  })
  return filterPropertyById(q, propertyId)
}

/** The order of one property's values: each of its option ids once. */
export async function reorderFilterOptions(
  q: Db,
  actor: Actor,
  propertyId: number,
  input: unknown,
): Promise<FilterPropertyView> {
  const { optionIds } = parsed(filterOptionOrderInput, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, filterProperties, propertyId, M.notFound)
    const rows = await tx
      .select({ id: filterPropertyOptions.id, sort: filterPropertyOptions.sort })
      .from(filterPropertyOptions)
      .where(eq(filterPropertyOptions.propertyId, propertyId))
      .orderBy(asc(filterPropertyOptions.sort), asc(filterPropertyOptions.id))
    if (!namesEachOnce(optionIds, rows)) throw invalid([{ field: 'optionIds', message: M.order }])
    if (inOrderAlready(optionIds, rows, STEP)) return
    for (const [i, optionId] of optionIds.entries())
      await tx
        .update(filterPropertyOptions)
        .set({ sort: (i + 1) * STEP })
        .where(eq(filterPropertyOptions.id, optionId))
    await audited(
      tx,
      actor,
      {
        objectType: 'filter-property',
        objectId: propertyId,
        action: 'reorder-options',
        before: { optionIds: rows.map((r) => r.id) },
        after: { optionIds },
      },
      CATALOG_TAGS,
    )
  })
  return filterPropertyById(q, propertyId)
}

export async function readProductFilterValues(
  q: Db | Tx,
  productId: number,
): Promise<ProductFilterValuesView> {
  const [product] = await q.select({ id: products.id }).from(products).where(eq(products.id, productId))
  if (!product) throw new Refusal('not-found', M.productNotFound)
  const rows = await q
    .select({ optionId: productFilterValues.optionId })
    .from(productFilterValues)
    .where(eq(productFilterValues.productId, productId))
    .orderBy(asc(productFilterValues.optionId))
  return { productId, optionIds: rows.map((r) => r.optionId) }
}

/** Replaces a product's values with the options given (any number per property; none clears them). */
export async function setProductFilterValues(
  q: Db,
  actor: Actor,
  productId: number,
  input: unknown,
): Promise<ProductFilterValuesView> {
  const { optionIds } = parsed(productFilterValuesInput, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, products, productId, M.productNotFound)
    if (optionIds.length) {
      const known = await tx
        .select({ id: filterPropertyOptions.id })
        .from(filterPropertyOptions)
        .where(inArray(filterPropertyOptions.id, optionIds))
      if (known.length !== optionIds.length) throw invalid([{ field: 'optionIds', message: M.values }])
    }
    const before = (
      await tx
        .select({ id: productFilterValues.optionId })
        .from(productFilterValues)
        .where(eq(productFilterValues.productId, productId))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b)
    const after = [...optionIds].sort((a, b) => a - b)
    if (before.join() === after.join()) return
    await tx.delete(productFilterValues).where(eq(productFilterValues.productId, productId))
    if (after.length)
      await tx.insert(productFilterValues).values(after.map((optionId) => ({ productId, optionId })))
    await audited(
      tx,
      actor,
      {
        objectType: 'product',
        objectId: productId,
        action: 'filter-values',
        before: { optionIds: before },
        after: { optionIds: after },
      },
      CATALOG_TAGS,
    )
  })
  return readProductFilterValues(q, productId)
}
