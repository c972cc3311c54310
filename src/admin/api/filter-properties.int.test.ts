import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, filterPropertyOptions, products, sections } from '@/db/schema'
import { loadCatalogList } from '@/domains/catalog/catalog.server'
import { FILTER_PROPERTY_MESSAGES as M, type FilterPropertyView, type ProductFilterValuesView } from '@/domains/catalog/filter-properties'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  createFilterOptionEndpoint,
  createFilterPropertyEndpoint,
  listFilterPropertiesEndpoint,
  reorderFilterOptionsEndpoint,
  reorderFilterPropertiesEndpoint,
  setProductFilterValuesEndpoint,
  updateFilterOptionEndpoint,
  updateFilterPropertyEndpoint,
} from './filter-properties'

/**
 * Filter properties through /api/admin/ (issue 20, ADR 204): created, renamed, options added, renamed
 * and reordered, bound to sections, set on products; the storefront's cached catalogue list follows
 * each change at once through the 'catalog' tag.
 */
type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'warehouse' | 'manager', Auth> = {} as never

beforeAll(async () => {
  for (const role of ['owner', 'content', 'warehouse', 'manager'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = Record<string, unknown>>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await callEndpoint(endpoint, auth, { params: options.id === undefined ? undefined : { id: String(options.id) }, body: options.body })
  return { status: response.status, body: (await response.json()) as T }
}

async function auditOf(objectType: string, objectId: string | number) {
  return db()
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))))
    .orderBy(auditLog.id)
}

/** Two active products of one section, and another section. */
async function sectionsAndProducts() {
  const all = await db().select({ id: sections.id, code: sections.code }).from(sections).where(eq(sections.active, true)).orderBy(asc(sections.sort), asc(sections.id))
  const [first, second] = all
  const inFirst = await db().select({ id: products.id }).from(products).where(and(eq(products.sectionId, first!.id), eq(products.active, true))).orderBy(asc(products.id)).limit(2)
  return { first: first!, second: second!, productIds: inFirst.map((p) => p.id) }
}

const groupOf = (list: Awaited<ReturnType<typeof loadCatalogList>>, id: string) => list!.groups.find((g) => g.id === id)

describe('filter properties through /api/admin/', () => {
  it('a content editor builds a property with options, sets it on two products, and the catalogue filters by it at once', async () => {
    const { first, second, productIds } = await sectionsAndProducts()
    const ref = { kind: 'catalog' as const, section: first.code }
    // Read (and so cached) before: the changes below must reach the cached list.
    expect(groupOf(await loadCatalogList(ref, {}), 'p_taste')).toBeUndefined()

    const created = await call<FilterPropertyView>(createFilterPropertyEndpoint, as.content, { body: { name: 'Вкус', code: 'taste' } })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ name: 'Вкус', code: 'taste', active: true, sectionIds: [], options: [] })
    const propertyId = created.body.id
    let property = created.body
    for (const [name, code] of [['Лимон', 'lemon'], ['Апельсин', 'orange'], ['Мята', 'mint']]) {
      const added = await call<FilterPropertyView>(createFilterOptionEndpoint, as.content, { id: propertyId, body: { name, code } })
      expect(added.status).toBe(200)
      property = added.body
    }
    expect(property.options.map((o) => o.code)).toEqual(['lemon', 'orange', 'mint'])
    const [lemon, orange, mint] = property.options
    // No product has a value yet: the filter offers nothing of it.
    expect(groupOf(await loadCatalogList(ref, {}), 'p_taste')).toBeUndefined()

    const set = await call<ProductFilterValuesView>(setProductFilterValuesEndpoint, as.content, { id: productIds[0], body: { optionIds: [lemon!.id] } })
    expect(set.body).toEqual({ productId: productIds[0], optionIds: [lemon!.id] })
    await call(setProductFilterValuesEndpoint, as.content, { id: productIds[1], body: { optionIds: [orange!.id, mint!.id] } })
    const group = groupOf(await loadCatalogList(ref, {}), 'p_taste')!
    expect(group.label).toBe('Вкус')
    expect(group.options.map((o) => [o.id, o.name, o.count])).toEqual([
      ['lemon', 'Лимон', 1],
      ['orange', 'Апельсин', 1],
      ['mint', 'Мята', 1],
    ])
    const filtered = await loadCatalogList(ref, { p_taste: 'lemon' })
    expect(filtered!.cards.map((c) => c.id)).toEqual([productIds[0]])
    expect(filtered!.state.props).toEqual({ taste: ['lemon'] })

    // Rename and reorder: the cached list follows.
    const renamed = await call<FilterPropertyView>(updateFilterOptionEndpoint, as.content, { id: orange!.id, body: { name: 'Апельсин и манго' } })
    expect(renamed.body.options[1]!.name).toBe('Апельсин и манго')
    const reordered = await call<FilterPropertyView>(reorderFilterOptionsEndpoint, as.content, { id: propertyId, body: { optionIds: [mint!.id, orange!.id, lemon!.id] } })
    expect(reordered.body.options.map((o) => o.code)).toEqual(['mint', 'orange', 'lemon'])
    expect(groupOf(await loadCatalogList(ref, {}), 'p_taste')!.options.map((o) => o.name)).toEqual(['Мята', 'Апельсин и манго', 'Лимон'])
    await call(updateFilterPropertyEndpoint, as.content, { id: propertyId, body: { name: 'Вкус и аромат' } })
    expect(groupOf(await loadCatalogList(ref, {}), 'p_taste')!.label).toBe('Вкус и аромат')

    // Bound to another section: the first section's page no longer offers it; the whole catalogue still does.
    const bound = await call<FilterPropertyView>(updateFilterPropertyEndpoint, as.content, { id: propertyId, body: { sectionIds: [second.id] } })
    expect(bound.body.sectionIds).toEqual([second.id])
    expect(groupOf(await loadCatalogList(ref, {}), 'p_taste')).toBeUndefined()
    expect(groupOf(await loadCatalogList({ kind: 'catalog' }, {}), 'p_taste')).toBeDefined()
    await call(updateFilterPropertyEndpoint, as.content, { id: propertyId, body: { sectionIds: [first.id, second.id] } })
    expect(groupOf(await loadCatalogList(ref, {}), 'p_taste')).toBeDefined()
    // Hidden: offered nowhere, and its parameter is ignored.
    await call(updateFilterPropertyEndpoint, as.content, { id: propertyId, body: { active: false } })
    const hidden = await loadCatalogList(ref, { p_taste: 'lemon' })
    expect(groupOf(hidden, 'p_taste')).toBeUndefined()
    expect(hidden!.state.props).toEqual({})
    await call(updateFilterPropertyEndpoint, as.content, { id: propertyId, body: { active: true } })

    expect(await auditOf('filter-property', propertyId)).toEqual([
      expect.objectContaining({ action: 'create', after: expect.objectContaining({ name: 'Вкус', code: 'taste' }) }),
      expect.objectContaining({ action: 'reorder-options', before: { optionIds: [lemon!.id, orange!.id, mint!.id] }, after: { optionIds: [mint!.id, orange!.id, lemon!.id] } }),
      expect.objectContaining({ action: 'update', before: { name: 'Вкус' }, after: { name: 'Вкус и аромат' } }),
      expect.objectContaining({ action: 'update', before: { sectionIds: [] }, after: { sectionIds: [second.id] } }),
      expect.objectContaining({ action: 'update', before: { sectionIds: [second.id] }, after: { sectionIds: [first.id, second.id].sort((a, b) => a - b) } }),
      expect.objectContaining({ action: 'update', before: { active: true }, after: { active: false } }),
      expect.objectContaining({ action: 'update', before: { active: false }, after: { active: true } }),
    ])
    expect(await auditOf('filter-option', orange!.id)).toEqual([
      expect.objectContaining({ action: 'create' }),
      expect.objectContaining({ action: 'update', before: { name: 'Апельсин' }, after: { name: 'Апельсин и манго' } }),
    ])
    expect(await auditOf('product', productIds[1]!)).toContainEqual(
      expect.objectContaining({ action: 'filter-values', before: { optionIds: [] }, after: { optionIds: [orange!.id, mint!.id].sort((a, b) => a - b) } }),
    )

    // The list is the back office's view: every property with its options and their product counts.
    const list = await call<{ items: FilterPropertyView[] }>(listFilterPropertiesEndpoint, as.warehouse)
    expect(list.body.items.find((p) => p.id === propertyId)!.options.map((o) => o.products)).toEqual([1, 1, 1])
  })

  it('the filter index is really cached: a value written past the editor shows only after an edit announces the tag', async () => {
    const { first, productIds } = await sectionsAndProducts()
    const created = await call<FilterPropertyView>(createFilterPropertyEndpoint, as.owner, { body: { name: 'Для кого', code: 'who', sectionIds: [first.id] } })
    const withOption = await call<FilterPropertyView>(createFilterOptionEndpoint, as.owner, { id: created.body.id, body: { name: 'Детям', code: 'kids' } })
    const kids = withOption.body.options[0]!
    const ref = { kind: 'catalog' as const, section: first.code }
    expect(groupOf(await loadCatalogList(ref, {}), 'p_who')).toBeUndefined()
    await db().execute(`insert into product_filter_values (product_id, option_id) values (${productIds[0]}, ${kids.id})`)
    expect(groupOf(await loadCatalogList(ref, {}), 'p_who')).toBeUndefined()
    await call(setProductFilterValuesEndpoint, as.owner, { id: productIds[1], body: { optionIds: [kids.id] } })
    expect(groupOf(await loadCatalogList(ref, {}), 'p_who')!.options[0]!.count).toBe(2)
  })

  it('refuses taken codes, unknown ids and a partial order in Russian, and leaves things as they were', async () => {
    const a = await call<FilterPropertyView>(createFilterPropertyEndpoint, as.content, { body: { name: 'Сертификат', code: 'cert' } })
    const taken = await call<{ error: string; errors: { field: string; message: string }[] }>(createFilterPropertyEndpoint, as.content, { body: { name: 'Другой', code: 'CERT' } })
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual([{ field: 'code', message: M.codeTaken }])
    const badCode = await call<{ errors: { field: string; message: string }[] }>(createFilterPropertyEndpoint, as.content, { body: { name: 'Х', code: 'с пробелом' } })
    expect(badCode.body.errors).toEqual([
      { field: 'name', message: M.name },
      { field: 'code', message: M.code },
    ])
    const noSection = await call<{ errors: { field: string; message: string }[] }>(createFilterPropertyEndpoint, as.content, { body: { name: 'Ещё', code: 'more', sectionIds: [999_999] } })
    expect(noSection.body.errors).toEqual([{ field: 'sectionIds', message: M.sections }])

    const o1 = await call<FilterPropertyView>(createFilterOptionEndpoint, as.content, { id: a.body.id, body: { name: 'ГОСТ', code: 'gost' } })
    const o2 = await call<FilterPropertyView>(createFilterOptionEndpoint, as.content, { id: a.body.id, body: { name: 'GMP', code: 'gmp' } })
    expect(o2.body.options).toHaveLength(2)
    const dup = await call<{ errors: { field: string; message: string }[] }>(createFilterOptionEndpoint, as.content, { id: a.body.id, body: { name: 'Ещё ГОСТ', code: 'GOST' } })
    expect(dup.body.errors).toEqual([{ field: 'code', message: M.optionCodeTaken }])
    const partial = await call<{ errors: { field: string; message: string }[] }>(reorderFilterOptionsEndpoint, as.content, { id: a.body.id, body: { optionIds: [o1.body.options[0]!.id] } })
    expect(partial.body.errors).toEqual([{ field: 'optionIds', message: M.order }])
    const twice = await call<{ errors: { field: string; message: string }[] }>(reorderFilterOptionsEndpoint, as.content, { id: a.body.id, body: { optionIds: [o1.body.options[0]!.id, o1.body.options[0]!.id] } })
    expect(twice.body.errors).toEqual([{ field: 'optionIds', message: M.order }])
    const unknownValue = await call<{ errors: { field: string; message: string }[] }>(setProductFilterValuesEndpoint, as.content, { id: 1, body: { optionIds: [999_999] } })
    expect(unknownValue.body.errors).toEqual([{ field: 'optionIds', message: M.values }])
    const noProduct = await call<{ error: string }>(setProductFilterValuesEndpoint, as.content, { id: 999_999, body: { optionIds: [] } })
    expect([noProduct.status, noProduct.body.error]).toEqual([404, M.productNotFound])
    const options = await db().select({ code: filterPropertyOptions.code }).from(filterPropertyOptions).where(eq(filterPropertyOptions.propertyId, a.body.id)).orderBy(asc(filterPropertyOptions.sort))
    expect(options.map((o) => o.code)).toEqual(['gost', 'gmp'])
  })

  it('reorders the properties as a whole list', async () => {
    const all = (await call<{ items: FilterPropertyView[] }>(listFilterPropertiesEndpoint, as.content)).body.items.map((p) => p.id)
    const reversed = [...all].reverse()
    const answer = await call<{ items: FilterPropertyView[] }>(reorderFilterPropertiesEndpoint, as.content, { body: { propertyIds: reversed } })
    expect(answer.body.items.map((p) => p.id)).toEqual(reversed)
    const partial = await call<{ errors: { field: string; message: string }[] }>(reorderFilterPropertiesEndpoint, as.content, { body: { propertyIds: reversed.slice(1) } })
    expect(partial.body.errors).toEqual([{ field: 'propertyIds', message: M.propertyOrder }])
  })

  it('the warehouse and the manager read but do not change', async () => {
    for (const who of [as.warehouse, as.manager]) {
      expect((await call(listFilterPropertiesEndpoint, who)).status).toBe(200)
      const refused = await call<{ error: string }>(createFilterPropertyEndpoint, who, { body: { name: 'Склад', code: 'stock-prop' } })
      expect([refused.status, refused.body.error]).toEqual([403, ADMIN_MESSAGES.forbidden])
    }
  })
})
