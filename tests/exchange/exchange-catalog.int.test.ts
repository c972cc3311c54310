import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { desc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { exchangeGroups, exchangeImports, exchangeOffers, exchangeProducts, offers, productProperties, products, sections } from '@/db/schema'
import { searchProducts } from '@/domains/search/search.server'
import { reloadEnv } from '../support/test-hooks'
import { importFile, importXml, offersXml, sendFile, signIn, zip, type Good, type Offer } from './kit'

/**
 * Issue 21: a catalogue from 1С through the protocol (ADR 190): groups → sections, goods → products,
 * characteristics → offers with price, old price and stock from three warehouses, then partial
 * updates, deletion marks, a full import that no longer lists something, and steps within a budget.
 */
const DEMO = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }

const GROUPS = [
  { id: 'grp-vit-0001', name: 'Витамины 1С', children: [{ id: 'grp-vitd-0002', name: 'Витамин Д из 1С' }] },
  { id: 'grp-omega-0003', name: 'Омега кислоты 1С' },
]
const PROPERTIES = [{ id: 'prop-country', name: 'Страна производства', values: [{ id: 'val-ru', value: 'Россия' }, { id: 'val-de', value: 'Германия' }] }]
const GOODS: Good[] = [
  { id: 'good-ginkgo-0001', name: 'Гинкгорид Форте капсулы', group: 'grp-vit-0001', article: 'GNK-01', barcode: '4601234567890', description: 'Экстракт гинкго.', maker: 'Эвалар', vat: '20', properties: [{ id: 'prop-country', value: 'val-ru' }] },
  { id: 'good-vitd-0002', name: 'Солнцевит Д3 таблетки', group: 'grp-vitd-0002', article: 'SLN-D3', vat: '10', maker: 'Солгар Тест' },
  { id: 'good-omega-0003', name: 'Омегарин капсулы', group: 'grp-omega-0003', article: 'OMG-3', properties: [{ id: 'prop-country', value: 'val-de' }] },
  { id: 'good-none-0004', name: 'Безгруппин порошок', article: 'NOGRP' },
]
const RETAIL = 'pt-retail-0001'
const OLD = 'pt-old-0002'
const OFFERS: Offer[] = [
  // A good without characteristics: its offer has the good's own Ид; stock in three warehouses.
  { id: 'good-ginkgo-0001', prices: [{ type: RETAIL, value: '1290.00' }, { type: OLD, value: '1590.50' }], quantity: '17', stores: [{ id: 'w-main', qty: '10' }, { id: 'w-shop', qty: '5' }, { id: 'w-reserve', qty: '2' }] },
  // A good with two characteristics (size and flavour).
  { id: 'good-vitd-0002#char-30-lemon', name: 'Солнцевит Д3 (30 таблеток, лимон)', prices: [{ type: RETAIL, value: '499' }], characteristics: [{ name: 'Фасовка', value: '30 таблеток' }, { name: 'Вкус', value: 'Лимон' }], stores: [{ id: 'w-main', qty: '3' }, { id: 'w-shop', qty: '0' }, { id: 'w-reserve', qty: '4.6' }] },
  { id: 'good-vitd-0002#char-60-orange', name: 'Солнцевит Д3 (60 таблеток, апельсин)', prices: [{ type: RETAIL, value: '849,90' }, { type: OLD, value: '800' }], characteristics: [{ name: 'Фасовка', value: '60 таблеток' }, { name: 'Вкус', value: 'Апельсин' }], stores: [{ id: 'w-main', qty: '-2' }] },
  { id: 'good-omega-0003', prices: [{ type: RETAIL, value: '990' }], rests: [{ id: 'w-main', qty: '7' }, { id: 'w-shop', qty: '1' }] },
  // No price: not on sale.
  { id: 'good-none-0004', quantity: '3' },
  // A good nobody imported: counted, skipped.
  { id: 'good-unknown-9999', prices: [{ type: RETAIL, value: '10' }], quantity: '1' },
]

let cookie: string

beforeAll(async () => {
  vi.stubEnv('VAR_DIR', mkdtempSync(path.join(tmpdir(), 'exchange-catalog-')))
  vi.stubEnv('EXCHANGE_OLD_PRICE_TYPE', 'Старая цена')
  reloadEnv()
  cookie = await signIn(DEMO.email, DEMO.password)
})

afterAll(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

async function productOf(externalId: string) {
  const [row] = await db().select({ p: products, s: sections }).from(exchangeProducts).innerJoin(products, eq(products.id, exchangeProducts.productId)).innerJoin(sections, eq(sections.id, products.sectionId)).where(eq(exchangeProducts.externalId, externalId))
  return row
}

async function offerOf(externalId: string) {
  const [row] = await db().select({ o: offers }).from(exchangeOffers).innerJoin(offers, eq(offers.id, exchangeOffers.offerId)).where(eq(exchangeOffers.externalId, externalId))
  return row?.o
}

describe('catalogue import: import.xml then offers.xml', () => {
  it('takes a zipped windows-1251 import.xml sent in pieces and a plain UTF-8 offers.xml', async () => {
    const archive = zip({ 'import.xml': importXml({ groups: GROUPS, properties: PROPERTIES, goods: GOODS }), 'import_files/ab/ginkgo.jpg': Buffer.from('jpeg') })
    await sendFile(cookie, 'import.zip', archive, Math.ceil(archive.length / 3))
    const first = await importFile(cookie, 'import.xml')
    expect(first.at(-1)?.[0]).toBe('success')
    await sendFile(cookie, 'offers.xml', offersXml({ offers: OFFERS }))
    expect((await importFile(cookie, 'offers.xml')).at(-1)?.[0]).toBe('success')
  })

  it('makes a section of each group, nested ones too, and puts each good in its group’s section', async () => {
    const groups = await db().select({ g: exchangeGroups, s: sections }).from(exchangeGroups).innerJoin(sections, eq(sections.id, exchangeGroups.sectionId))
    expect(groups.map((r) => r.s.name).sort()).toEqual(['Витамин Д из 1С', 'Витамины 1С', 'Омега кислоты 1С'])
    expect(groups.find((r) => r.g.externalId === 'grp-vitd-0002')?.g.parentExternalId).toBe('grp-vit-0001')
    expect((await productOf('good-ginkgo-0001'))?.s.name).toBe('Витамины 1С')
    expect((await productOf('good-vitd-0002'))?.s.name).toBe('Витамин Д из 1С')
    expect((await productOf('good-none-0004'))?.s.name).toBe('Товары из 1С')
  })

  it('writes the goods’ texts, maker, properties and form', async () => {
    const ginkgo = (await productOf('good-ginkgo-0001'))!.p
    expect(ginkgo).toMatchObject({ name: 'Гинкгорид Форте капсулы', description: 'Экстракт гинкго.', form: 'capsules', active: true })
    expect((await productOf('good-vitd-0002'))!.p.form).toBe('tablets')
    const props = await db().select().from(productProperties).where(inArray(productProperties.productId, [ginkgo.id, (await productOf('good-omega-0003'))!.p.id]))
    expect(props.map((p) => p.value).sort()).toEqual(['Германия', 'Россия'])
    expect(props.every((p) => p.name === 'Страна производства')).toBe(true)
  })

  it('makes offers with the retail price, the old price, stock summed over the warehouses, size and flavour', async () => {
    expect(await offerOf('good-ginkgo-0001')).toMatchObject({ price: 129000, oldPrice: 159050, stock: 17, sku: 'GNK-01', barcode: '4601234567890', vatPercent: 20, active: true })
    expect(await offerOf('good-vitd-0002#char-30-lemon')).toMatchObject({ price: 49900, oldPrice: null, stock: 7, packageSize: 30, packageUnit: 'таблеток', flavour: 'Лимон', vatPercent: 10, active: true })
    // An "old" price below the price is no old price; a negative stock is none.
    expect(await offerOf('good-vitd-0002#char-60-orange')).toMatchObject({ price: 84990, oldPrice: null, stock: 0, packageSize: 60, flavour: 'Апельсин' })
    expect(await offerOf('good-omega-0003')).toMatchObject({ price: 99000, stock: 8 })
    expect(await offerOf('good-none-0004')).toMatchObject({ price: 0, active: false })
    expect((await productOf('good-none-0004'))!.p.active).toBe(false)
  })

  it('puts the imported goods with a price on sale and in search at once', async () => {
    const ginkgo = (await productOf('good-ginkgo-0001'))!.p
    expect((await searchProducts('Гинкгорид', 1)).ids).toContain(ginkgo.id)
    expect((await searchProducts('Безгруппин', 1)).ids).not.toContain((await productOf('good-none-0004'))!.p.id)
  })

  it('answers success again for a file already imported, without writing anything twice', async () => {
    const before = await db().select().from(offers)
    expect((await importFile(cookie, 'offers.xml')).at(-1)?.[0]).toBe('success')
    expect(await db().select().from(offers)).toEqual(before)
  })

  it('applies a partial offers.xml (СодержитТолькоИзменения) to the offers it lists only', async () => {
    const next = await signIn(DEMO.email, DEMO.password)
    await sendFile(next, 'offers.xml', offersXml({ onlyChanges: true, encoding: 'windows-1251', offers: [{ id: 'good-omega-0003', prices: [{ type: RETAIL, value: '1 050.00' }], quantity: '2' }] }))
    expect((await importFile(next, 'offers.xml')).at(-1)?.[0]).toBe('success')
    expect(await offerOf('good-omega-0003')).toMatchObject({ price: 105000, stock: 2, active: true })
    expect(await offerOf('good-ginkgo-0001')).toMatchObject({ price: 129000, stock: 17, active: true })
  })

  it('takes prices.xml and rests.xml of the newer modules', async () => {
    const next = await signIn(DEMO.email, DEMO.password)
    await sendFile(next, 'prices.xml', offersXml({ onlyChanges: true, warehouses: false, offers: [{ id: 'good-ginkgo-0001', prices: [{ type: RETAIL, value: '1199' }, { type: OLD, value: '1590.50' }] }] }))
    await sendFile(next, 'rests.xml', offersXml({ onlyChanges: true, priceTypes: false, version: '2.10', offers: [{ id: 'good-ginkgo-0001', rests: [{ id: 'w-main', qty: '1' }, { id: 'w-shop', qty: '1' }, { id: 'w-reserve', qty: '1' }] }] }))
    expect((await importFile(next, 'prices.xml')).at(-1)?.[0]).toBe('success')
    expect((await importFile(next, 'rests.xml')).at(-1)?.[0]).toBe('success')
    expect(await offerOf('good-ginkgo-0001')).toMatchObject({ price: 119900, oldPrice: 159050, stock: 3 })
  })

  it('hides a good marked for deletion, never deletes it, and keeps the editor’s description over an empty one', async () => {
    const next = await signIn(DEMO.email, DEMO.password)
    const ginkgo = GOODS[0]!
    await sendFile(next, 'import.xml', importXml({ onlyChanges: true, encoding: 'utf-8', goods: [{ ...ginkgo, description: '' }, { ...GOODS[2]!, deleted: true }] }))
    expect((await importFile(next, 'import.xml')).at(-1)?.[0]).toBe('success')
    expect((await productOf('good-ginkgo-0001'))!.p).toMatchObject({ description: 'Экстракт гинкго.', active: true })
    const omega = await productOf('good-omega-0003')
    expect(omega!.p.active).toBe(false)
    expect(await offerOf('good-omega-0003')).toBeDefined()
    expect((await searchProducts('Омегарин', 1)).ids).not.toContain(omega!.p.id)
  })

  it('a full offers.xml that no longer lists an offer hides it, and a product left with none goes off sale', async () => {
    const next = await signIn(DEMO.email, DEMO.password)
    await sendFile(next, 'offers.xml', offersXml({ offers: OFFERS.filter((o) => o.id !== 'good-vitd-0002#char-30-lemon' && o.id !== 'good-ginkgo-0001') }))
    expect((await importFile(next, 'offers.xml')).at(-1)?.[0]).toBe('success')
    expect((await offerOf('good-vitd-0002#char-30-lemon'))!.active).toBe(false)
    expect((await offerOf('good-vitd-0002#char-60-orange'))!.active).toBe(true)
    expect((await productOf('good-vitd-0002'))!.p.active).toBe(true)
    expect((await offerOf('good-ginkgo-0001'))!.active).toBe(false)
    expect((await productOf('good-ginkgo-0001'))!.p.active).toBe(false)
  })

  it('reads a 2.03 file without a namespace, with the changes flag as an element', async () => {
    const next = await signIn(DEMO.email, DEMO.password)
    await sendFile(next, 'import.xml', importXml({ version: '2.03', namespace: false, flagAsElement: true, onlyChanges: true, goods: [{ id: 'good-old-0005', name: 'Староверсин капсулы', group: 'grp-omega-0003' }] }))
    expect((await importFile(next, 'import.xml')).at(-1)?.[0]).toBe('success')
    expect((await productOf('good-old-0005'))?.s.name).toBe('Омега кислоты 1С')
    // onlyChanges: the goods it does not list stay as they were.
    expect((await productOf('good-vitd-0002'))!.p.active).toBe(true)
  })

  it('answers failure with the reason for a broken file and for a file never sent', async () => {
    const next = await signIn(DEMO.email, DEMO.password)
    await sendFile(next, 'import.xml', Buffer.from('<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация><Каталог><Товары><Товар></Каталог>'))
    const broken = (await importFile(next, 'import.xml')).at(-1)!
    expect(broken[0]).toBe('failure')
    expect(broken[1]).toMatch(/^Не удалось прочитать XML/)
    expect((await importFile(next, 'offers.xml')).at(-1)).toEqual(['failure', 'Файл не найден в папке обмена. offers.xml'])
  })
})

describe('catalogue import in steps', () => {
  it('answers progress within a tiny time budget, then success, with every good written once', async () => {
    vi.stubEnv('EXCHANGE_STEP_SECONDS', '0.001')
    reloadEnv()
    try {
      const next = await signIn(DEMO.email, DEMO.password)
      const goods: Good[] = Array.from({ length: 1_200 }, (_, i) => ({ id: `bulk-${String(i).padStart(4, '0')}`, name: `Пакетин номер ${i}`, group: 'grp-vit-0001', article: `BULK-${i}` }))
      await sendFile(next, 'import.xml', importXml({ onlyChanges: true, goods }), 20_000)
      const answers = await importFile(next, 'import.xml')
      expect(answers.length).toBeGreaterThan(2)
      expect(answers.slice(0, -1).every((a) => a[0] === 'progress' && /^Обработано элементов: \d+$/.test(a[1]!))).toBe(true)
      expect(answers.at(-1)?.[0]).toBe('success')
      const linked = await db().select().from(exchangeProducts).where(inArray(exchangeProducts.externalId, goods.map((g) => g.id)))
      expect(linked).toHaveLength(1_200)
      const named = await db().select({ id: products.id }).from(products).where(inArray(products.name, goods.map((g) => g.name)))
      expect(named).toHaveLength(1_200)
      const [state] = await db().select().from(exchangeImports).where(eq(exchangeImports.filename, 'import.xml')).orderBy(desc(exchangeImports.id)).limit(1)
      // The catalogue's header and the 1 200 goods (batches of 500).
      expect(state).toMatchObject({ done: true, position: 1_201 })
    } finally {
      vi.stubEnv('EXCHANGE_STEP_SECONDS', '')
      reloadEnv()
    }
  })

  it('resumes after a crash from the stored position, without duplicates', async () => {
    const next = await signIn(DEMO.email, DEMO.password)
    const goods: Good[] = Array.from({ length: 700 }, (_, i) => ({ id: `resume-${i}`, name: `Резюмин ${i}`, article: `RES-${i}` }))
    await sendFile(next, 'import.xml', importXml({ onlyChanges: true, goods }))
    // A previous request committed the first batch and died: its position stands in the database.
    const { exchangeSessionOf } = await import('@/domains/exchange/exchange-auth.server')
    const session = (await exchangeSessionOf(next.split('=')[1]))!
    const { importStep } = await import('@/domains/exchange/exchange-catalog.server')
    const { fileIn } = await import('@/domains/exchange/exchange-files.server')
    let ticks = 0
    // A clock that runs out right after the first batch.
    const first = await importStep(session, 'import.xml', fileIn(session.id, 'import.xml'), () => (ticks++ === 0 ? 0 : 1e12))
    expect(first.status).toBe('progress')
    expect((await importFile(next, 'import.xml')).at(-1)?.[0]).toBe('success')
    const linked = await db().select().from(exchangeProducts).where(inArray(exchangeProducts.externalId, goods.map((g) => g.id)))
    expect(linked).toHaveLength(700)
    expect(await db().select({ id: products.id }).from(products).where(inArray(products.name, goods.map((g) => g.name)))).toHaveLength(700)
  })
})
