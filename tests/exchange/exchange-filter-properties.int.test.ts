import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, asc, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mapExchangePropertyEndpoint, readExchangeProperties } from '@/admin/api/exchange'
import { db } from '@/db/client'
import {
  auditLog,
  exchangeProducts,
  filterProperties,
  filterPropertyOptions,
  productFilterValues,
  settings,
} from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { loadCatalogList } from '@/domains/catalog/catalog.server'
import { PROPERTY_MESSAGES, type ExchangePropertiesView } from '@/domains/exchange/exchange-admin'
import { DEFAULT_FIELD_OWNERSHIP, type FieldOwnership } from '@/domains/exchange/field-ownership'
import { updateSettings } from '@/domains/settings/settings.server'
import type { Actor } from '@/domains/staff/permissions'
import { callEndpoint, signedInStaff } from '../support/staff'
import { reloadEnv } from '../support/test-hooks'
import { importFile, importXml, offersXml, sendFile, signIn, type Good } from './kit'

/**
 * ADR 210: 1С's properties onto the catalogue filter's properties. The mapping is kept in the back
 * office («Свойства 1С и фильтры»); a mapped property's values of a good become the product's filter
 * values (reference values through their 1С Ид, plain ones by text), a re-import keeps the mapping,
 * and the ownership of 'properties' applies. An unmapped property fills nothing (the control).
 */
const DEMO = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'warehouse', Auth> = {} as never
let OWNER: Actor
const filter: Record<'taste' | 'feature', number> = {} as never
const opt: Record<'lemon' | 'mint' | 'sugarFree', number> = {} as never

const PROPERTIES = [
  {
    id: 'fp-taste',
    name: 'Вкус',
    values: [
      { id: 't-lemon', value: 'Лимон' },
      { id: 't-mango', value: 'Манго' },
      { id: 't-mint', value: 'мята' },
    ],
  },
  {
    id: 'fp-country',
    name: 'Страна производства',
    values: [
      { id: 'c-ru', value: 'Россия' },
      { id: 'c-de', value: 'Германия' },
    ],
  },
  { id: 'fp-note', name: 'Особенность', type: 'Строка', values: [] },
]
const G1: Good = {
  id: 'fp-good-1',
  name: 'Фильтрин лимон капсулы',
  article: 'FP-1',
  properties: [
    { id: 'fp-taste', value: 't-lemon' },
    { id: 'fp-country', value: 'c-ru' },
    { id: 'fp-note', value: 'без сахара' },
  ],
}
const G2: Good = {
  id: 'fp-good-2',
  name: 'Фильтрин манго капсулы',
  article: 'FP-2',
  properties: [
    { id: 'fp-taste', value: 't-mango' },
    { id: 'fp-taste', value: 't-mint' },
    { id: 'fp-country', value: 'c-de' },
  ],
}
const G3: Good = {
  id: 'fp-good-3',
  name: 'Фильтрин без вкуса капсулы',
  article: 'FP-3',
  properties: [{ id: 'fp-country', value: 'c-ru' }],
}

beforeAll(async () => {
  vi.stubEnv('VAR_DIR', mkdtempSync(path.join(tmpdir(), 'exchange-filters-')))
  reloadEnv()
  for (const role of ['owner', 'content', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
  const [row] = await db()
    .insert(staff)
    .values({ email: 'owner.filters@example.ru', name: 'Ольга Фильтрова', role: 'owner' })
    .returning()
  OWNER = { kind: 'staff', id: row!.id, name: row!.name, role: 'owner' }
  const [taste] = await db()
    .insert(filterProperties)
    .values({ code: 'taste', name: 'Вкус', sort: 10 })
    .returning()
  const [feature] = await db()
    .insert(filterProperties)
    .values({ code: 'feature', name: 'Особенности', sort: 20 })
    .returning()
  Object.assign(filter, { taste: taste!.id, feature: feature!.id })
  const options = await db()
    .insert(filterPropertyOptions)
    .values([
      { propertyId: taste!.id, code: 'lemon', name: 'Лимон', sort: 10 },
      { propertyId: taste!.id, code: 'mint', name: 'Мята', sort: 20 },
      { propertyId: feature!.id, code: 'sugar-free', name: 'Без сахара', sort: 10 },
    ])
    .returning()
  Object.assign(opt, { lemon: options[0]!.id, mint: options[1]!.id, sugarFree: options[2]!.id })
})

afterAll(async () => {
  await db().delete(settings).where(eq(settings.key, 'exchange.fieldOwnership'))
  vi.unstubAllEnvs()
  reloadEnv()
})

async function setOwnership(change: Partial<FieldOwnership>): Promise<void> {
  await updateSettings(db(), OWNER, { 'exchange.fieldOwnership': { ...DEFAULT_FIELD_OWNERSHIP, ...change } })
}

/** One run of 1С: import.xml with the classifier's properties, then offers.xml with a price and stock. */
async function run(goods: Good[], properties = PROPERTIES): Promise<Record<string, number>> {
  const cookie = await signIn(DEMO.email, DEMO.password)
  await sendFile(
    cookie,
    'import.xml',
    importXml({ onlyChanges: true, encoding: 'windows-1251', properties, goods }),
  )
  const answers = await importFile(cookie, 'import.xml')
  expect(answers.at(-1)?.[0]).toBe('success')
  await sendFile(
    cookie,
    'offers.xml',
    offersXml({
      onlyChanges: true,
      offers: goods.map((g) => ({
        id: g.id,
        prices: [{ type: 'pt-retail-0001', value: '650' }],
        quantity: '5',
      })),
    }),
  )
  expect((await importFile(cookie, 'offers.xml')).at(-1)?.[0]).toBe('success')
  // The counts of this run's import.xml, as the exchange log shows them.
  const done = await db()
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.objectType, 'exchange'), eq(auditLog.action, 'import-done')))
    .orderBy(desc(auditLog.id))
  const step = done
    .map((d) => d.after as { filename?: string; counts?: Record<string, number> })
    .find((a) => a.filename === 'import.xml')
  return step?.counts ?? {}
}

async function productId(externalId: string): Promise<number> {
  const [row] = await db()
    .select({ id: exchangeProducts.productId })
    .from(exchangeProducts)
    .where(eq(exchangeProducts.externalId, externalId))
  return row!.id
}

/** A product's filter values as 'property code:option name'. */
async function valuesOf(externalId: string): Promise<string[]> {
  const rows = await db()
    .select({ property: filterProperties.code, option: filterPropertyOptions.name })
    .from(productFilterValues)
    .innerJoin(filterPropertyOptions, eq(filterPropertyOptions.id, productFilterValues.optionId))
    .innerJoin(filterProperties, eq(filterProperties.id, filterPropertyOptions.propertyId))
    .where(eq(productFilterValues.productId, await productId(externalId)))
  return rows.map((r) => `${r.property}:${r.option}`).sort()
}

async function api<T>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await callEndpoint(endpoint, auth, body === undefined ? {} : { body })
  return { status: response.status, body: (await response.json()) as T }
}

const groupCounts = async (id: string) =>
  Object.fromEntries(
    (await loadCatalogList({ kind: 'catalog' }, {}))!.groups
      .find((g) => g.id === id)
      ?.options.map((o) => [o.id, o.count]) ?? [],
  )

describe('1С properties → the catalogue filter’s properties', () => {
  it('lists 1С’s properties with their types; unmapped, they fill no filter values (the control)', async () => {
    await run([G1, G2, G3])
    const listed = await api<ExchangePropertiesView>(readExchangeProperties, as.content)
    expect(listed.status).toBe(200)
    expect(
      listed.body.properties.map((p) => [p.externalId, p.name, p.valueType, p.values, p.filterPropertyId]),
    ).toEqual([
      ['fp-taste', 'Вкус', 'Справочник', 3, null],
      ['fp-note', 'Особенность', 'Строка', 0, null],
      ['fp-country', 'Страна производства', 'Справочник', 2, null],
    ])
    expect(listed.body.filterProperties.map((p) => p.code)).toEqual(['taste', 'feature'])
    for (const good of [G1, G2, G3]) expect(await valuesOf(good.id)).toEqual([])
  })

  it('an editor maps two properties (audited; refusals in Russian); the next import fills the values and the storefront’s filter counts follow', async () => {
    expect(
      (
        await api(mapExchangePropertyEndpoint, as.warehouse, {
          externalId: 'fp-taste',
          filterPropertyId: filter.taste,
        })
      ).status,
    ).toBe(403)
    const unknown = await api<{ error: string }>(mapExchangePropertyEndpoint, as.content, {
      externalId: 'fp-nothing',
      filterPropertyId: filter.taste,
    })
    expect([unknown.status, unknown.body.error]).toEqual([404, PROPERTY_MESSAGES.noProperty])
    const noFilter = await api<{ error: string }>(mapExchangePropertyEndpoint, as.content, {
      externalId: 'fp-taste',
      filterPropertyId: 999_999,
    })
    expect([noFilter.status, noFilter.body.error]).toEqual([400, PROPERTY_MESSAGES.noFilterProperty])

    const mapped = await api<ExchangePropertiesView>(mapExchangePropertyEndpoint, as.content, {
      externalId: 'fp-taste',
      filterPropertyId: filter.taste,
    })
    expect(mapped.status).toBe(200)
    expect(mapped.body.properties.find((p) => p.externalId === 'fp-taste')).toMatchObject({
      filterPropertyId: filter.taste,
      filterPropertyName: 'Вкус',
    })
    await api(mapExchangePropertyEndpoint, as.content, {
      externalId: 'fp-note',
      filterPropertyId: filter.feature,
    })
    // The same choice again writes nothing.
    await api(mapExchangePropertyEndpoint, as.content, {
      externalId: 'fp-taste',
      filterPropertyId: filter.taste,
    })
    const audit = await db()
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'exchange-property'), eq(auditLog.objectId, 'fp-taste')))
    expect(audit).toEqual([{ before: { filterPropertyId: null }, after: { filterPropertyId: filter.taste } }])
    // Mapping alone changes no product: the values come with the next import.
    expect(await valuesOf(G1.id)).toEqual([])

    // 1С renamed its property meanwhile: the name follows, the mapping stays.
    const renamed = PROPERTIES.map((p) => (p.id === 'fp-taste' ? { ...p, name: 'Вкус и аромат' } : p))
    const counts = await run([G1, G2, G3], renamed)
    expect(counts).toMatchObject({ filterValues: 2, filterOptionsCreated: 1 })
    const after = await api<ExchangePropertiesView>(readExchangeProperties, as.content)
    expect(after.body.properties.find((p) => p.externalId === 'fp-taste')).toMatchObject({
      name: 'Вкус и аромат',
      filterPropertyId: filter.taste,
    })
    // A reference value by its Ид (Лимон), one matched by name whatever its case (мята → Мята), one
    // new to the property (Манго, added last); the plain value by its text; the country nowhere.
    expect(await valuesOf(G1.id)).toEqual(['feature:Без сахара', 'taste:Лимон'])
    expect(await valuesOf(G2.id)).toEqual(['taste:Манго', 'taste:Мята'])
    expect(await valuesOf(G3.id)).toEqual([])
    const options = await db()
      .select({ code: filterPropertyOptions.code, name: filterPropertyOptions.name })
      .from(filterPropertyOptions)
      .where(eq(filterPropertyOptions.propertyId, filter.taste))
      .orderBy(asc(filterPropertyOptions.sort))
    expect(options).toEqual([
      { code: 'lemon', name: 'Лимон' },
      { code: 'mint', name: 'Мята' },
      { code: 'mango', name: 'Манго' },
    ])
    expect(await groupCounts('p_taste')).toEqual({ lemon: 1, mint: 1, mango: 1 })
    expect(await groupCounts('p_feature')).toEqual({ 'sugar-free': 1 })
    const filtered = await loadCatalogList({ kind: 'catalog' }, { p_taste: 'mango' })
    expect(filtered!.cards.map((c) => c.id)).toEqual([await productId(G2.id)])
  })

  it('a reference value keeps its option after the editor renames it; the same file again writes nothing', async () => {
    await db()
      .update(filterPropertyOptions)
      .set({ name: 'Манго и маракуйя' })
      .where(and(eq(filterPropertyOptions.propertyId, filter.taste), eq(filterPropertyOptions.code, 'mango')))
    const counts = await run([G1, G2, G3])
    expect(counts.filterValues ?? 0).toBe(0)
    expect(counts.filterOptionsCreated ?? 0).toBe(0)
    expect(await valuesOf(G2.id)).toEqual(['taste:Манго и маракуйя', 'taste:Мята'])
  })

  it('follows the ownership of properties: the site’s values stay where it has some, 1С’s replace them when 1С owns them', async () => {
    const g1 = await productId(G1.id)
    // The editor gives G1 mint instead of lemon on the site.
    await db()
      .delete(productFilterValues)
      .where(and(eq(productFilterValues.productId, g1), eq(productFilterValues.optionId, opt.lemon)))
    await db().insert(productFilterValues).values({ productId: g1, optionId: opt.mint })
    await setOwnership({ properties: false })
    const withLemon = (g: Good): Good => ({
      ...g,
      properties: [
        ...(g.properties ?? []).filter((p) => p.id !== 'fp-taste'),
        { id: 'fp-taste', value: 't-lemon' },
      ],
    })
    // G2 sends no taste now: a good without a value keeps what it has.
    await run([withLemon(G1), { ...G2, properties: [] }, withLemon(G3)])
    expect(await valuesOf(G1.id)).toEqual(['feature:Без сахара', 'taste:Мята'])
    expect(await valuesOf(G2.id)).toEqual(['taste:Манго и маракуйя', 'taste:Мята'])
    // G3 had no taste on the site: 1С fills it even where the site owns properties.
    expect(await valuesOf(G3.id)).toEqual(['taste:Лимон'])
    // The control: with properties 1С's again, the same file replaces the editor's value.
    await setOwnership({ properties: true })
    await run([withLemon(G1), { ...G2, properties: [] }, withLemon(G3)])
    expect(await valuesOf(G1.id)).toEqual(['feature:Без сахара', 'taste:Лимон'])
  })

  it('a property taken out of the filter fills nothing more', async () => {
    await api(mapExchangePropertyEndpoint, as.content, { externalId: 'fp-taste', filterPropertyId: null })
    const g3 = await productId(G3.id)
    await db().delete(productFilterValues).where(eq(productFilterValues.productId, g3))
    await run([{ ...G3, properties: [{ id: 'fp-taste', value: 't-mango' }] }])
    expect(await valuesOf(G3.id)).toEqual([])
  })
})
