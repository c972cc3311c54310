import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { exchangeOffers, exchangeProducts, offers, productPictures, productProperties, products, settings } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { DEFAULT_FIELD_OWNERSHIP, type FieldOwnership } from '@/domains/exchange/field-ownership'
import { updateSettings } from '@/domains/settings/settings.server'
import type { Actor } from '@/domains/staff/permissions'
import { reloadEnv } from '../support/test-hooks'
import { importFile, importXml, offersXml, sendFile, signIn, zip, type Good, type Offer } from './kit'

/**
 * Issue 21, ADR 197: which product fields 1С may overwrite (the setting exchange.fieldOwnership), and
 * pictures from import_files/ attached through the media domain, idempotent on re-import.
 */
const DEMO = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
const PROPERTIES = [{ id: 'own-prop-country', name: 'Страна производства', values: [{ id: 'own-ru', value: 'Россия' }, { id: 'own-de', value: 'Германия' }] }]

let OWNER: Actor
let varDir: string

beforeAll(async () => {
  varDir = mkdtempSync(path.join(tmpdir(), 'exchange-ownership-'))
  vi.stubEnv('VAR_DIR', varDir)
  reloadEnv()
  const [row] = await db().insert(staff).values({ email: 'owner.ownership@example.ru', name: 'Ольга Владелец', role: 'owner' }).returning()
  OWNER = { kind: 'staff', id: row!.id, name: row!.name, role: 'owner' }
})

afterAll(async () => {
  await db().delete(settings).where(eq(settings.key, 'exchange.fieldOwnership'))
  vi.unstubAllEnvs()
  reloadEnv()
})

async function setOwnership(change: Partial<FieldOwnership>): Promise<void> {
  await updateSettings(db(), OWNER, { 'exchange.fieldOwnership': { ...DEFAULT_FIELD_OWNERSHIP, ...change } })
}

/** One run of 1С: import.xml (zipped with its pictures when given) imported to the end. */
async function run(goods: Good[], files: Record<string, Uint8Array> = {}): Promise<void> {
  const cookie = await signIn(DEMO.email, DEMO.password)
  const xml = importXml({ onlyChanges: true, encoding: 'utf-8', properties: PROPERTIES, goods })
  if (Object.keys(files).length) await sendFile(cookie, 'import.zip', zip({ 'import.xml': xml, ...files }))
  else await sendFile(cookie, 'import.xml', xml)
  const answers = await importFile(cookie, 'import.xml')
  expect(answers.at(-1)?.[0]).toBe('success')
}

async function productOf(externalId: string) {
  const [row] = await db().select({ p: products }).from(exchangeProducts).innerJoin(products, eq(products.id, exchangeProducts.productId)).where(eq(exchangeProducts.externalId, externalId))
  return row!.p
}

async function propertiesOf(productId: number): Promise<Record<string, string>> {
  const rows = await db().select().from(productProperties).where(eq(productProperties.productId, productId))
  return Object.fromEntries(rows.map((r) => [r.name, r.value]))
}

/** An editor's save on the site. */
async function edit(productId: number, values: Partial<typeof products.$inferInsert>): Promise<void> {
  await db().update(products).set(values).where(eq(products.id, productId))
}

const GOOD: Good = {
  id: 'own-good-0001',
  name: 'Владелин капсулы',
  description: 'Описание из 1С.',
  requisites: [{ name: 'Состав', value: 'Состав из 1С.' }, { name: 'Способ применения', value: 'По 1 капсуле из 1С.' }],
  properties: [{ id: 'own-prop-country', value: 'own-ru' }],
}

describe('field ownership (exchange.fieldOwnership)', () => {
  it('fills every field of a new product, site-owned ones too', async () => {
    await run([GOOD])
    const p = await productOf(GOOD.id)
    expect(p).toMatchObject({ name: 'Владелин капсулы', description: 'Описание из 1С.', composition: 'Состав из 1С.', howToUse: 'По 1 капсуле из 1С.', instruction: '' })
    expect(await propertiesOf(p.id)).toEqual({ 'Страна производства': 'Россия' })
  })

  it('by default 1С overwrites the name and description, never the editor’s composition or use', async () => {
    const p = await productOf(GOOD.id)
    await edit(p.id, { name: 'Название редактора', description: 'Описание редактора.', composition: 'Состав редактора.', howToUse: '' })
    await run([{ ...GOOD, name: 'Владелин Форте капсулы', description: 'Новое описание из 1С.', requisites: [{ name: 'Состав', value: 'Новый состав из 1С.' }, { name: 'Способ применения', value: 'По 2 капсулы из 1С.' }] }])
    expect(await productOf(GOOD.id)).toMatchObject({
      // 1С's fields.
      name: 'Владелин Форте капсулы',
      description: 'Новое описание из 1С.',
      // The site's: kept where the editor wrote something, filled where it was empty.
      composition: 'Состав редактора.',
      howToUse: 'По 2 капсулы из 1С.',
    })
  })

  it('an empty field from 1С never wipes the editor’s text, even where 1С owns the field', async () => {
    const p = await productOf(GOOD.id)
    await setOwnership({ composition: true })
    await edit(p.id, { description: 'Описание редактора.', composition: 'Состав редактора.' })
    await run([{ ...GOOD, name: 'Владелин Форте капсулы', description: '', requisites: [{ name: 'Состав', value: '' }] }])
    expect(await productOf(GOOD.id)).toMatchObject({ description: 'Описание редактора.', composition: 'Состав редактора.' })
  })

  it('follows the setting: a field turned to the site is kept, a field turned to 1С is overwritten', async () => {
    const p = await productOf(GOOD.id)
    await setOwnership({ name: false, description: false, composition: true, properties: false })
    await edit(p.id, { name: 'Название редактора', description: 'Описание редактора.', composition: 'Состав редактора.' })
    await db().update(productProperties).set({ value: 'Швейцария' }).where(eq(productProperties.productId, p.id))
    await run([{ ...GOOD, name: 'Владелин Ультра', description: 'Описание 1С.', requisites: [{ name: 'Состав', value: 'Состав 1С.' }], properties: [{ id: 'own-prop-country', value: 'own-de' }] }])
    expect(await productOf(GOOD.id)).toMatchObject({ name: 'Название редактора', description: 'Описание редактора.', composition: 'Состав 1С.' })
    expect(await propertiesOf(p.id)).toEqual({ 'Страна производства': 'Швейцария' })
    // Negative control: with the name and properties 1С's again, the same file overwrites them.
    await setOwnership({ name: true, properties: true })
    await run([{ ...GOOD, name: 'Владелин Ультра', properties: [{ id: 'own-prop-country', value: 'own-de' }] }])
    expect((await productOf(GOOD.id)).name).toBe('Владелин Ультра')
    expect(await propertiesOf(p.id)).toEqual({ 'Страна производства': 'Германия' })
  })

  it('the offers’ barcode: 1С’s by default, kept from 1С when the site owns it', async () => {
    const sendOffers = async (list: Offer[]) => {
      const cookie = await signIn(DEMO.email, DEMO.password)
      await sendFile(cookie, 'offers.xml', offersXml({ onlyChanges: true, offers: list }))
      expect((await importFile(cookie, 'offers.xml')).at(-1)?.[0]).toBe('success')
    }
    const offerOf = async () => {
      const [row] = await db().select({ o: offers }).from(exchangeOffers).innerJoin(offers, eq(offers.id, exchangeOffers.offerId)).where(eq(exchangeOffers.externalId, GOOD.id))
      return row!.o
    }
    await sendOffers([{ id: GOOD.id, prices: [{ type: 'pt-retail-0001', value: '500' }], quantity: '3', barcode: '4600000000017' }])
    expect((await offerOf()).barcode).toBe('4600000000017')
    await db().update(offers).set({ barcode: '4600000000024' }).where(eq(offers.id, (await offerOf()).id))
    await setOwnership({ barcode: false })
    await sendOffers([{ id: GOOD.id, barcode: '4600000000031' }])
    expect((await offerOf()).barcode).toBe('4600000000024')
    await setOwnership({ barcode: true })
    await sendOffers([{ id: GOOD.id, barcode: '4600000000031' }])
    expect((await offerOf()).barcode).toBe('4600000000031')
  })

  it('refuses a malformed value of the setting with a Russian message', async () => {
    await expect(updateSettings(db(), OWNER, { 'exchange.fieldOwnership': { ...DEFAULT_FIELD_OWNERSHIP, name: 'да' } })).rejects.toThrow('Отметьте или снимите флажок.')
    await expect(updateSettings(db(), OWNER, { 'exchange.fieldOwnership': { ...DEFAULT_FIELD_OWNERSHIP, price: true } })).rejects.toThrow('Неизвестное поле.')
  })
})

/** A small real picture drawn by the test: a PNG or a JPEG of one colour. */
async function picture(format: 'png' | 'jpeg', colour: { r: number; g: number; b: number }): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer()
}

async function picturesOf(productId: number) {
  return db().select().from(productPictures).where(eq(productPictures.productId, productId)).orderBy(productPictures.position, productPictures.id)
}

describe('pictures from import_files/', () => {
  const PIC: Good = { id: 'own-pic-0002', name: 'Картинкин таблетки', pictures: ['import_files/ab/red.png', 'import_files/cd/blue.jpg'] }
  let red: Buffer
  let blue: Buffer
  let green: Buffer

  beforeAll(async () => {
    await db().delete(settings).where(eq(settings.key, 'exchange.fieldOwnership'))
    red = await picture('png', { r: 220, g: 30, b: 30 })
    blue = await picture('jpeg', { r: 30, g: 30, b: 220 })
    green = await picture('png', { r: 30, g: 200, b: 30 })
  })

  it('attaches the pictures 1С names, re-encoded to WebP under content-hashed names, 1С’s first as the main one', async () => {
    await run([PIC], { 'import_files/ab/red.png': red, 'import_files/cd/blue.jpg': blue })
    const p = await productOf(PIC.id)
    const rows = await picturesOf(p.id)
    expect(rows).toHaveLength(2)
    expect(rows.map((r) => r.alt)).toEqual(['Картинкин таблетки', 'Картинкин таблетки'])
    for (const row of rows) {
      for (const size of ['thumb', 'card', 'gallery']) expect(row.sizes[size]?.key).toMatch(/^products\/[0-9a-f]{32}\.webp$/)
    }
    const stored = readdirSync(path.join(varDir, 'uploads', 'products'))
    expect(stored.every((name) => /^[0-9a-f]{32}\.webp$/.test(name))).toBe(true)
    for (const row of rows) for (const file of Object.values(row.sizes)) expect(stored).toContain(file.key.replace('products/', ''))
    // Sizes never enlarge: the 64 × 48 picture stays so.
    expect(rows[0]!.sizes.gallery).toMatchObject({ width: 64, height: 48 })
  })

  it('a re-import of the same bytes adds no picture', async () => {
    const p = await productOf(PIC.id)
    const before = await picturesOf(p.id)
    await run([PIC], { 'import_files/ab/red.png': red, 'import_files/cd/blue.jpg': blue })
    expect((await picturesOf(p.id)).map((r) => r.id)).toEqual(before.map((r) => r.id))
  })

  it('by default (pictures are the site’s) 1С adds nothing to a product that has pictures', async () => {
    const p = await productOf(PIC.id)
    await run([{ ...PIC, pictures: ['import_files/ef/green.png'] }], { 'import_files/ef/green.png': green })
    expect(await picturesOf(p.id)).toHaveLength(2)
  })

  it('where 1С owns pictures, its set becomes the product’s: new bytes added, a picture it no longer names removed', async () => {
    await setOwnership({ pictures: true })
    const p = await productOf(PIC.id)
    const [redRow, blueRow] = await picturesOf(p.id)
    await run([{ ...PIC, pictures: ['import_files/cd/blue.jpg', 'import_files/ef/green.png'] }], { 'import_files/cd/blue.jpg': blue, 'import_files/ef/green.png': green })
    const rows = await picturesOf(p.id)
    expect(rows).toHaveLength(2)
    expect(rows.map((r) => r.id)).not.toContain(redRow!.id)
    // Blue kept (same bytes, same row) and made the main one, as 1С lists it first.
    expect(rows[0]!.id).toBe(blueRow!.id)
  })

  it('a missing or broken picture file, or a path leaving the run’s folder, is skipped, the good still imported', async () => {
    await run([{ id: 'own-pic-0003', name: 'Битокартин', pictures: ['import_files/zz/missing.png', 'import_files/zz/broken.png', '../../../etc/hostname', '/etc/hostname'] }], { 'import_files/zz/broken.png': Buffer.from('not a picture') })
    const p = await productOf('own-pic-0003')
    expect(await picturesOf(p.id)).toHaveLength(0)
  })
})
