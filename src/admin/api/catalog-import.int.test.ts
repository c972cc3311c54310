import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { brands, offers, products, sections } from '@/db/schema'
import { loadProductPage } from '@/domains/catalog/catalog.server'
import type { ImportReport } from '@/domains/catalog-import/catalog-import'
import { COLUMNS } from '@/domains/catalog-import/catalog-import'
import { toCsv } from '@/lib/csv'
import { databaseFingerprint } from '../../../tests/support/db-snapshot'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { exportCsvEndpoint, exportXlsxEndpoint, importCatalogEndpoint } from './catalog-import'

/** Catalogue import and export (issue 20, ADR 186) through the API the back office page calls. */
type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'warehouse', Auth> = {} as never
let section: string
let section2: string
let brand: string

beforeAll(async () => {
  for (const role of ['owner', 'content', 'warehouse'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
  const s = await db().select({ code: sections.code }).from(sections).orderBy(sections.id).limit(2)
  ;[section, section2] = [s[0]!.code, s[1]!.code]
  brand = (await db().select({ code: brands.code }).from(brands).orderBy(brands.id).limit(1))[0]!.code
})

async function upload(auth: Auth, bytes: Uint8Array | string, dryRun: boolean, type = 'text/csv'): Promise<{ status: number; body: ImportReport & { error?: string; report?: ImportReport } }> {
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  const request = new Request(`http://localhost:3000/api/admin/catalog/import/?dryRun=${dryRun ? 1 : 0}`, {
    method: 'POST',
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: auth.cookie, 'content-type': type },
    body: new Blob([body as BlobPart]),
  })
  const response = await importCatalogEndpoint.serve(request)
  return { status: response.status, body: (await response.json()) as ImportReport & { error?: string; report?: ImportReport } }
}

/** The catalogue's own tables and the audit log: what an import may write. */
async function catalogFingerprint() {
  const all = await databaseFingerprint()
  return Object.fromEntries(['products', 'offers', 'product_sections', 'product_slugs', 'audit_log'].map((t) => [t, all[t]]))
}

const H = Object.fromEntries(COLUMNS.map((c) => [c.key, c.header])) as Record<(typeof COLUMNS)[number]['key'], string>

describe('POST /api/admin/catalog/import and the export', () => {
  it('round trip: the CSV and the XLSX export imported unchanged change nothing', async () => {
    const csvAnswer = await callEndpoint(exportCsvEndpoint, as.content)
    expect(csvAnswer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const csv = new Uint8Array(await csvAnswer.arrayBuffer())
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const offerCount = (await db().select({ id: offers.id }).from(offers)).length

    const before = await catalogFingerprint()
    const dry = await upload(as.owner, csv, true)
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({ dryRun: true, format: 'csv', delimiter: ';', rows: offerCount, same: offerCount, refused: 0, products: { create: 0, update: 0 }, offers: { create: 0, update: 0 }, fileErrors: [], lines: [] })
    const real = await upload(as.owner, csv, false)
    expect([real.status, real.body.dryRun, real.body.same]).toEqual([200, false, offerCount])
    expect(await catalogFingerprint()).toEqual(before)

    const xlsxAnswer = await callEndpoint(exportXlsxEndpoint, as.content)
    expect(xlsxAnswer.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const xlsx = await upload(as.owner, new Uint8Array(await xlsxAnswer.arrayBuffer()), false, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(xlsx.body).toMatchObject({ format: 'xlsx', rows: offerCount, same: offerCount, refused: 0 })
    expect(await catalogFingerprint()).toEqual(before)
  })

  it('a dry run counts what will be created, changed and refused, with line numbers and Russian reasons', async () => {
    const [existing] = await db()
      .select({ code: products.code, sku: offers.sku, price: offers.price, oldPrice: offers.oldPrice })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .orderBy(offers.id)
      .limit(1)
    const newPrice = (existing!.oldPrice ?? existing!.price + 100_000) - 100
    const csv = toCsv(
      [H.code, H.name, H.sections, H.brand, H.form, H.published, H.sku, H.packageSize, H.packageUnit, H.price, H.stock],
      [
        ['dry-new', 'Магний B6', `${section}, ${section2}`, brand, 'таблетки', 'да', 'DRY-NEW-60', 60, 'таблеток', '590', 10],
        ['dry-new', 'Магний B6', `${section}, ${section2}`, brand, 'таблетки', 'да', 'DRY-NEW-120', 120, 'таблеток', '990,50', ''],
        ['dry-bad', 'Цинк', section, brand, 'капсулы', 'нет', 'DRY-BAD', 30, 'капсул', 'дорого', 5],
        ['dry-nosec', 'Селен', 'no-such-section', brand, 'капсулы', 'нет', 'DRY-NOSEC', 30, 'капсул', '100', 5],
        ['dry-new', 'Магний B6', `${section}, ${section2}`, brand, 'таблетки', 'да', 'DRY-NEW-60', 60, 'таблеток', '590', 10],
      ],
    )
    // The existing offer's price, through a second file with only the key columns and the price.
    const before = await catalogFingerprint()
    const dry = await upload(as.content, csv, true)
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({ rows: 5, products: { create: 1, update: 0 }, offers: { create: 2, update: 0 }, refused: 3 })
    expect(dry.body.lines.map((l) => [l.line, l.action, l.reason ?? l.newProduct ?? ''])).toEqual([
      [2, 'create', true],
      [3, 'create', ''],
      [4, 'refused', '«Цена, ₽»: Цена — сумма от 0 до 10 000 000 ₽.'],
      [5, 'refused', '«Разделы»: Раздела «no-such-section» нет.'],
      [6, 'refused', 'Артикул DRY-NEW-60 уже встречается в строке 2.'],
    ])

    const fixed = toCsv(
      [H.code, H.name, H.sections, H.brand, H.form, H.published, H.sku, H.packageSize, H.packageUnit, H.price, H.stock],
      [
        ['dry-new', 'Магний B6', `${section}, ${section2}`, brand, 'таблетки', 'да', 'DRY-NEW-60', 60, 'таблеток', '590', 10],
        ['dry-new', 'Магний B6', `${section}, ${section2}`, brand, 'таблетки', 'да', 'DRY-NEW-120', 120, 'таблеток', '990,50', ''],
      ],
    )
    const priceOnly = `${H.code},${H.sku},"${H.price}"\n${existing!.code},${existing!.sku},${newPrice / 100}\n`
    const dry2 = await upload(as.content, fixed, true)
    expect(dry2.body).toMatchObject({ rows: 2, products: { create: 1, update: 0 }, offers: { create: 2, update: 0 }, refused: 0 })
    expect(dry2.body.lines).toEqual([
      { line: 2, code: 'dry-new', sku: 'DRY-NEW-60', action: 'create', newProduct: true },
      { line: 3, code: 'dry-new', sku: 'DRY-NEW-120', action: 'create' },
    ])
    const dry3 = await upload(as.content, priceOnly, true)
    expect(dry3.body).toMatchObject({ delimiter: ',', rows: 1, offers: { create: 0, update: 1 } })
    expect(dry3.body.lines).toEqual([{ line: 2, code: existing!.code, sku: existing!.sku, action: 'update', changes: ['Цена, ₽'] }])
    expect(await catalogFingerprint()).toEqual(before)

    // The import: the new product with its offers, published, on the storefront.
    const done = await upload(as.content, fixed, false)
    expect([done.status, done.body.products.create, done.body.offers.create]).toEqual([200, 1, 2])
    const page = await loadProductPage(section, 'dry-new')
    expect(page.kind === 'found' && page.page.card.offers.map((o) => [o.price, o.inStock])).toEqual([
      [59_000, true],
      [99_050, true],
    ])
  })

  it('one refused line in a real run changes nothing at all', async () => {
    const csv = toCsv(
      [H.code, H.name, H.sections, H.brand, H.form, H.sku, H.packageSize, H.packageUnit, H.price],
      [
        ['tx-good', 'Витамин C', section, brand, 'порошок', 'TX-GOOD', 100, 'г', '300'],
        ['tx-bad', 'Витамин E', section, brand, 'порошок', 'TX-BAD', 100, 'г', '-5'],
      ],
    )
    const before = await catalogFingerprint()
    const answer = await upload(as.owner, csv, false)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('В файле есть строки с ошибками — ничего не изменено. Исправьте их и загрузите файл снова.')
    expect(answer.body.report?.lines).toEqual([
      { line: 2, code: 'tx-good', sku: 'TX-GOOD', action: 'create', newProduct: true },
      { line: 3, code: 'tx-bad', sku: 'TX-BAD', action: 'refused', reason: '«Цена, ₽»: Цена — сумма от 0 до 10 000 000 ₽.' },
    ])
    expect(await catalogFingerprint()).toEqual(before)
  })

  it('the stock of an existing offer is the warehouse’s: a content editor’s file that changes it is refused', async () => {
    const [o] = await db().select({ code: products.code, sku: offers.sku, stock: offers.stock }).from(offers).innerJoin(products, eq(products.id, offers.productId)).orderBy(offers.id).limit(1)
    const csv = `${H.code};${H.sku};${H.stock}\r\n${o!.code};${o!.sku};${(o!.stock ?? 0) + 7}\r\n`
    const content = await upload(as.content, csv, true)
    expect(content.body.lines[0]).toMatchObject({ action: 'refused', reason: 'Остаток меняет склад или владелец: оставьте в этой строке прежний остаток.' })
    const owner = await upload(as.owner, csv, true)
    expect(owner.body.lines[0]).toMatchObject({ action: 'update', changes: ['Остаток'] })
    const warehouse = await upload(as.warehouse, csv, true)
    expect(warehouse.status).toBe(403)
  })

  it('refuses an unknown or missing column for the whole file', async () => {
    const answer = await upload(as.owner, `${H.code};Цвет\r\nx;красный\r\n`, true)
    expect(answer.body.fileErrors).toEqual(['Неизвестный столбец «Цвет».', 'Нет обязательного столбца «Артикул».'])
  })

  it('imports a CSV of 1 000 products (2 000 offers) through the dry run, then exports them back the same', async () => {
    const rows = []
    for (let i = 0; i < 1_000; i++)
      for (const size of [30, 90]) rows.push([`bulk-${i}`, `Комплекс ${i}`, section, brand, 'капсулы', 'да', `BULK-${i}-${size}`, size, 'капсул', String(100 + i + size), String(i % 50)])
    const csv = toCsv([H.code, H.name, H.sections, H.brand, H.form, H.published, H.sku, H.packageSize, H.packageUnit, H.price, H.stock], rows)
    const dry = await upload(as.owner, csv, true)
    expect(dry.body).toMatchObject({ rows: 2_000, products: { create: 1_000, update: 0 }, offers: { create: 2_000, update: 0 }, refused: 0 })
    const started = performance.now()
    const done = await upload(as.owner, csv, false)
    console.info(`1 000 products / 2 000 offers imported in ${Math.round(performance.now() - started)} ms`)
    expect([done.status, done.body.offers.create]).toEqual([200, 2_000])
    const again = await upload(as.owner, csv, true)
    expect(again.body).toMatchObject({ same: 2_000, refused: 0, offers: { create: 0, update: 0 } })
  }, 120_000)
})
