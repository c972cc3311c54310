import { parse } from 'csv-parse/sync'
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { auditLog, filterProperties, filterPropertyOptions, productFilterValues, products } from '@/db/schema'
import { loadCatalogList } from '@/domains/catalog/catalog.server'
import type { ImportReport } from '@/domains/catalog-import/catalog-import'
import { toCsv } from '@/lib/csv'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { exportCsvEndpoint, exportXlsxEndpoint, importCatalogEndpoint } from './catalog-import'

/**
 * The catalogue filter's properties in the catalogue file (ADR 210): a column «Фильтр: <name>» per
 * property, values by name; the round trip changes nothing, an edited cell changes the product's
 * values and the storefront's filter counts at once, an unknown value is refused with its line.
 */
type Auth = { cookie: string }
const as: Record<'owner' | 'content', Auth> = {} as never
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
let A: { id: number; code: string }
let B: { id: number; code: string }
const opt: Record<'lemon' | 'orangeMango' | 'mint' | 'adults' | 'kids', number> = {} as never

beforeAll(async () => {
  for (const role of ['owner', 'content'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
  // Two products on sale, each with two offers or more (so a product's rows can disagree).
  const rows = await queryRows<{ id: number; code: string }>(
    db(),
    sql`select p.id, p.code from products p where p.active
      and (select count(*) from offers o where o.product_id = p.id and o.active) >= 2 order by p.id limit 2`,
  )
  ;[A, B] = [rows[0]!, rows[1]!]
  const [taste] = await db()
    .insert(filterProperties)
    .values({ code: 'taste', name: 'Вкус', sort: 10 })
    .returning()
  const [who] = await db()
    .insert(filterProperties)
    .values({ code: 'who', name: 'Для кого', sort: 20 })
    .returning()
  const options = await db()
    .insert(filterPropertyOptions)
    .values([
      { propertyId: taste!.id, code: 'lemon', name: 'Лимон', sort: 10 },
      // A name with a comma in it: the cell's list must still find it whole.
      { propertyId: taste!.id, code: 'orange-mango', name: 'Апельсин, манго', sort: 20 },
      { propertyId: taste!.id, code: 'mint', name: 'Мята', sort: 30 },
      { propertyId: who!.id, code: 'adults', name: 'Взрослым', sort: 10 },
      { propertyId: who!.id, code: 'kids', name: 'Детям', sort: 20 },
    ])
    .returning()
  const [lemon, orangeMango, mint, adults, kids] = options.map((o) => o.id)
  Object.assign(opt, { lemon, orangeMango, mint, adults, kids })
  await db()
    .insert(productFilterValues)
    .values([
      { productId: A.id, optionId: opt.lemon },
      { productId: B.id, optionId: opt.orangeMango },
      { productId: B.id, optionId: opt.mint },
      { productId: B.id, optionId: opt.kids },
    ])
})

async function upload(auth: Auth, bytes: Uint8Array | string, dryRun: boolean, type = 'text/csv') {
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  const request = new Request(`http://localhost:3000/api/admin/catalog/import/?dryRun=${dryRun ? 1 : 0}`, {
    method: 'POST',
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      cookie: auth.cookie,
      'content-type': type,
    },
    body: new Blob([body as BlobPart]),
  })
  const response = await importCatalogEndpoint.serve(request)
  return {
    status: response.status,
    body: (await response.json()) as ImportReport & { error?: string; report?: ImportReport },
  }
}

async function exportedCsv(): Promise<{ header: string[]; rows: string[][] }> {
  const text = await (await callEndpoint(exportCsvEndpoint, as.content)).text()
  const [header, ...rows] = parse(text.replace(/^\uFEFF/, ''), {
    delimiter: ';',
    relax_column_count: true,
  }) as string[][]
  return { header: header!, rows }
}

async function valuesOf(productId: number): Promise<number[]> {
  const rows = await db()
    .select()
    .from(productFilterValues)
    .where(eq(productFilterValues.productId, productId))
    .orderBy(asc(productFilterValues.optionId))
  return rows.map((r) => r.optionId)
}

const tasteCounts = async () =>
  Object.fromEntries(
    (await loadCatalogList({ kind: 'catalog' }, {}))!.groups
      .find((g) => g.id === 'p_taste')
      ?.options.map((o) => [o.id, o.count]) ?? [],
  )

describe('filter properties in the catalogue file', () => {
  it('exports a column per property with the values by name; the unchanged file imports as no change (CSV and XLSX)', async () => {
    const { header, rows } = await exportedCsv()
    expect(header.slice(-2)).toEqual(['Фильтр: Вкус', 'Фильтр: Для кого'])
    const codeAt = header.indexOf('Код товара')
    const rowOf = (code: string) => rows.find((r) => r[codeAt] === code)!
    expect(rowOf(A.code).slice(-2)).toEqual(['Лимон', ''])
    expect(rowOf(B.code).slice(-2)).toEqual(['Апельсин, манго, Мята', 'Детям'])

    const before = await databaseFingerprint()
    const csv = await (await callEndpoint(exportCsvEndpoint, as.content)).arrayBuffer()
    const dry = await upload(as.content, new Uint8Array(csv), true)
    expect(dry.body).toMatchObject({
      refused: 0,
      fileErrors: [],
      products: { create: 0, update: 0 },
      offers: { create: 0, update: 0 },
      lines: [],
    })
    const real = await upload(as.content, new Uint8Array(csv), false)
    expect([real.status, real.body.refused, real.body.products.update]).toEqual([200, 0, 0])
    const xlsx = await (await callEndpoint(exportXlsxEndpoint, as.content)).arrayBuffer()
    const viaXlsx = await upload(as.content, new Uint8Array(xlsx), false, XLSX)
    expect([viaXlsx.status, viaXlsx.body.format, viaXlsx.body.refused, viaXlsx.body.products.update]).toEqual(
      [200, 'xlsx', 0, 0],
    )
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('an edited cell changes the product’s values, audited, and the storefront’s filter counts follow at once', async () => {
    expect(await tasteCounts()).toEqual({ lemon: 1, 'orange-mango': 1, mint: 1 })
    const { header, rows } = await exportedCsv()
    const codeAt = header.indexOf('Код товара')
    const tasteAt = header.indexOf('Фильтр: Вкус')
    const whoAt = header.indexOf('Фильтр: Для кого')
    const edited = rows.map((r) => {
      const row = [...r]
      // Other case, «;» and extra spaces: still the same names.
      if (r[codeAt] === A.code) [row[tasteAt], row[whoAt]] = ['мята;  апельсин ,манго', 'Взрослым, Детям']
      if (r[codeAt] === B.code) row[tasteAt] = ''
      return row
    })
    const file = toCsv(header, edited)
    const dry = await upload(as.content, file, true)
    expect(dry.body).toMatchObject({
      refused: 0,
      products: { create: 0, update: 2 },
      offers: { create: 0, update: 0 },
    })
    const lineOfA = dry.body.lines.find((l) => l.code === A.code)!
    expect(lineOfA).toMatchObject({ action: 'update', changes: ['Фильтр: Вкус', 'Фильтр: Для кого'] })
    expect(dry.body.lines.find((l) => l.code === B.code)).toMatchObject({
      action: 'update',
      changes: ['Фильтр: Вкус'],
    })
    expect(await valuesOf(A.id)).toEqual([opt.lemon])

    const real = await upload(as.content, file, false)
    expect(real.status).toBe(200)
    expect(await valuesOf(A.id)).toEqual(
      [opt.orangeMango, opt.mint, opt.adults, opt.kids].sort((a, b) => a - b),
    )
    expect(await valuesOf(B.id)).toEqual([opt.kids])
    // The cached list drops on the import's 'catalog' announcement.
    expect(await tasteCounts()).toEqual({ 'orange-mango': 1, mint: 1 })
    const filtered = await loadCatalogList({ kind: 'catalog' }, { p_taste: 'mint' })
    expect(filtered!.cards.map((c) => c.id)).toEqual([A.id])
    const [audit] = await db()
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.objectType, 'product'),
          eq(auditLog.objectId, String(A.id)),
          eq(auditLog.action, 'import'),
        ),
      )
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(audit).toMatchObject({
      before: { 'filter.taste': [opt.lemon], 'filter.who': [] },
      after: { 'filter.taste': [opt.orangeMango, opt.mint], 'filter.who': [opt.adults, opt.kids] },
    })
    // The same file again: nothing left to change.
    expect((await upload(as.content, file, true)).body.products.update).toBe(0)
  })

  it('refuses an unknown value with its line and column, and an unknown property column; nothing changes', async () => {
    const [sku] = await db()
      .select({ sku: sql<string>`min(sku)` })
      .from(sql`offers`)
      .where(sql`product_id = ${A.id}`)
    const before = await databaseFingerprint()
    const typo = await upload(
      as.owner,
      toCsv(['Код товара', 'Артикул', 'Фильтр: Вкус'], [[A.code, sku!.sku, 'Мята, Лимонн']]),
      false,
    )
    expect(typo.status).toBe(400)
    expect(typo.body.report!.lines).toEqual([
      {
        line: 2,
        code: A.code,
        sku: sku!.sku,
        action: 'refused',
        reason:
          '«Фильтр: Вкус»: значения «Лимонн» у свойства нет. Исправьте опечатку или сначала добавьте значение в «Свойствах фильтра».',
      },
    ])
    const unknown = await upload(
      as.owner,
      toCsv(['Код товара', 'Артикул', 'Фильтр: Цвет'], [[A.code, sku!.sku, 'Красный']]),
      true,
    )
    expect(unknown.body.fileErrors).toEqual([
      'Столбец «Фильтр: Цвет»: такого свойства фильтра нет. Проверьте название в «Свойствах фильтра» или укажите код свойства.',
    ])
    const twice = await upload(
      as.owner,
      toCsv(['Код товара', 'Артикул', 'Фильтр: Вкус', 'Фильтр: taste'], [[A.code, sku!.sku, '', '']]),
      true,
    )
    expect(twice.body.fileErrors).toEqual(['Столбец «Фильтр: taste» встречается дважды.'])
    expect(await databaseFingerprint()).toEqual(before)
  })

  it('takes a property by its code, refuses rows of one product that disagree, and fills a new product', async () => {
    const offersOfA = await queryRows<{ sku: string }>(
      db(),
      sql`select sku from offers where product_id = ${A.id} order by id limit 2`,
    )
    const disagree = await upload(
      as.owner,
      toCsv(
        ['Код товара', 'Артикул', 'Фильтр: taste'],
        [
          [A.code, offersOfA[0]!.sku, 'Мята'],
          [A.code, offersOfA[1]!.sku, 'Лимон'],
        ],
      ),
      true,
    )
    expect(disagree.body.lines.map((l) => [l.line, l.action, l.reason])).toEqual([
      [2, 'refused', 'Товар не принят: см. строку 3.'],
      [
        3,
        'refused',
        '«Фильтр: taste» не совпадает со строкой 2 того же товара: поля товара должны быть одинаковыми во всех его строках.',
      ],
    ])

    const [existing] = await queryRows<{ section: string; brand: string }>(
      db(),
      sql`select s.code as section, b.code as brand from products p join sections s on s.id = p.section_id join brands b on b.id = p.brand_id where p.id = ${A.id}`,
    )
    const fresh = await upload(
      as.content,
      toCsv(
        [
          'Код товара',
          'Название',
          'Разделы',
          'Бренд',
          'Форма выпуска',
          'Опубликован',
          'Артикул',
          'Количество в упаковке',
          'Единица',
          'Цена, ₽',
          'Фильтр: taste',
          'Фильтр: Для кого',
        ],
        [
          [
            'filter-new',
            'Лимонный бальзам',
            existing!.section,
            existing!.brand,
            'жидкость',
            'да',
            'FILTER-NEW-1',
            100,
            'мл',
            '450',
            'lemon',
            '',
          ],
        ],
      ),
      false,
    )
    expect(fresh.body).toMatchObject({ refused: 0, products: { create: 1, update: 0 } })
    const [created] = await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.code, 'filter-new'))
    expect(await valuesOf(created!.id)).toEqual([opt.lemon])
    expect((await tasteCounts()).lemon).toBe(1)
  })
})
