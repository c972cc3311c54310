import 'server-only'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { announceChanges } from '@/db/change-feed'
import { db, type Tx } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import { deletePicture, updatePicture, uploadPicture } from '@/domains/media/product-pictures.server'
import type { ProductForm } from '@/db/schema/catalog'
import { readSetting } from '@/domains/settings/settings.server'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { child, childrenOf, readCommerceMl, textOf, type CmlItem, type XmlNode } from './commerceml'
import { EXCHANGE_MESSAGES as M, kopecksOf, packageOf, quantityOf, slugOf, vatPercentOf } from './exchange'
import type { ExchangeSession } from './exchange-auth.server'
import {
  allBrands,
  allGroups,
  insertOffers,
  insertProducts,
  linkedOfferRows,
  linkedProducts,
  pictureHashes,
  putProperties,
  takenValues,
  updateOffers,
  updateProducts,
  upsertOfferLinks,
  upsertProductLinks,
  type GroupRow,
  type LinkedProductRow,
  type NewOffer,
  type NewProduct,
  type OfferChange,
  type ProductChange,
  type ProductLinkRow,
} from './exchange-catalog.db'
import { fileIn } from './exchange-files.server'
import { applyFilterValues, exchangePropertyOf, filterMapping, mappedValuesOf, putExchangeProperties, type FilterMapping } from './exchange-filters.server'
import { stockFromWarehouses, type ExchangeSettings } from './exchange-settings'
import { exchangeSettings } from './exchange-settings.server'
import { nextValue, type FieldOwnership } from './field-ownership'
import {
  brandByCode,
  hideProductsWithoutSale,
  hideUnseenOffers,
  hideUnseenProducts,
  insertBrand,
  insertSection,
  lockedImport,
  priceTypes,
  propertyValues,
  putPriceType,
  putPropertyValues,
  renameSection,
  saveImport,
  sectionByCode,
  sectionCodeTaken,
  settleProductsOnSale,
  upsertGroupRow,
} from './exchange.db'

/**
 * Applies import.xml, offers.xml, prices.xml and rests.xml (ADR 190, 197): groups → sections, goods →
 * products, offers and characteristics → offers with price and stock. Work goes in batches, each one
 * transaction with the file's position, so a repeated or resumed request continues where the last
 * committed batch ended and never writes an item twice; a request stops after its time budget. A
 * batch is read with one query and written with one statement per table (ADR 197); the fields 1С may
 * overwrite are the setting `exchange.fieldOwnership`. Pictures from import_files/ are attached after
 * their batch commits, through the media domain.
 */

/** Items per transaction: a batch of 500 goods or offers is a dozen statements. */
const BATCH = 500
const CATALOG_TAGS = ['catalog'] as const
/** Where goods of a group not (yet) known go, and the brand of goods whose maker 1С does not name. */
const FALLBACK_SECTION = { code: 'iz-1s', name: 'Товары из 1С' }
const FALLBACK_BRAND = { code: 'bez-brenda', name: 'Без бренда' }

export type ImportOutcome = { status: 'progress'; position: number; counts: Record<string, number> } | { status: 'done'; counts: Record<string, number> }

interface Context {
  session: ExchangeSession
  importId: number
  onlyChanges: boolean
  ownership: FieldOwnership
  /** Price type Ид → name, from the database and this file. */
  priceTypes: Map<string, string>
  counts: Record<string, number>
  /** Read once per request: a handful of rows each. */
  groups: Map<string, GroupRow>
  brands: Map<string, number>
  /** 1С properties the back office mapped onto the filter's properties (ADR 210). */
  filters: FilterMapping
  fallbackSection?: number
  /** Pictures of the batch's goods, attached once the batch has committed. */
  pictures: PictureJob[]
}

interface PictureJob {
  productId: number
  name: string
  paths: string[]
  /** The product's pictures before this import, by count. */
  had: number
}

const count = (ctx: Context, key: string, n = 1) => {
  if (n) ctx.counts[key] = (ctx.counts[key] ?? 0) + n
}

const TRUE = /^(true|1|да)$/i

function deletedMark(node: XmlNode): boolean {
  return TRUE.test(textOf(node, 'ПометкаУдаления')) || /^удал[её]н$/i.test(textOf(node, 'Статус')) || /^удал[её]н$/i.test(node.attrs.Статус ?? '')
}

function guessForm(name: string): ProductForm {
  if (/таблет/i.test(name)) return 'tablets'
  if (/порош|гранул/i.test(name)) return 'powder'
  if (/сироп|капли|жидк|раствор|\bмл\b/i.test(name)) return 'liquid'
  return 'capsules'
}

async function freeCode(tx: Tx, base: string, taken: (tx: Tx, code: string) => Promise<boolean>): Promise<string> {
  for (let i = 1; ; i++) {
    const code = i === 1 ? base : `${base}-${i}`
    if (!(await taken(tx, code))) return code
  }
}

/**
 * Free values of a unique column for a batch: each base, else base-2 … base-9, none taken in the
 * table or earlier in the batch; a base with all ten taken falls back to `fallback` (one query each).
 */
async function freeValues(tx: Tx, column: 'products.code' | 'offers.sku', bases: readonly string[], fallback: (base: string, inBatch: Set<string>) => Promise<string>): Promise<string[]> {
  const candidates = bases.flatMap((b) => [b, ...Array.from({ length: 8 }, (_, i) => `${b}-${i + 2}`)])
  const taken = await takenValues(tx, column, [...new Set(candidates)])
  const out: string[] = []
  for (const base of bases) {
    let value = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)].find((c) => !taken.has(c))
    value ??= await fallback(base, taken)
    taken.add(value)
    out.push(value)
  }
  return out
}

async function fallbackSection(tx: Tx, ctx: Context): Promise<number> {
  ctx.fallbackSection ??= (await sectionByCode(tx, FALLBACK_SECTION.code))?.id ?? (await insertSection(tx, FALLBACK_SECTION))
  return ctx.fallbackSection
}

async function applyGroup(tx: Tx, ctx: Context, item: Extract<CmlItem, { kind: 'group' }>): Promise<void> {
  if (!item.id) return
  const known = ctx.groups.get(item.id)
  if (known) {
    if (!known.mapped && known.name !== item.name && item.name) await renameSection(tx, known.sectionId, item.name)
    await upsertGroupRow(tx, { ...known, name: item.name || known.name, parentExternalId: item.parentId })
    ctx.groups.set(item.id, { ...known, name: item.name || known.name })
    count(ctx, 'groups')
    return
  }
  const code = await freeCode(tx, slugOf(item.name, `group-${item.id.slice(0, 8)}`), sectionCodeTaken)
  const sectionId = await insertSection(tx, { code, name: item.name || item.id })
  await upsertGroupRow(tx, { externalId: item.id, name: item.name, parentExternalId: item.parentId, sectionId, mapped: false })
  ctx.groups.set(item.id, { externalId: item.id, name: item.name, sectionId, mapped: false })
  count(ctx, 'groups')
  count(ctx, 'sectionsCreated')
}

function propertyRows(node: XmlNode): { key: string; value: string }[] {
  const id = textOf(node, 'Ид')
  if (!id) return []
  const rows = [{ key: `${id}/`, value: textOf(node, 'Наименование') }]
  for (const variant of [...childrenOf(child(node, 'ВариантыЗначений'), 'Справочник'), ...childrenOf(child(node, 'ВариантыЗначений'), 'ВариантЗначения')]) {
    const valueId = textOf(variant, 'ИдЗначения') || textOf(variant, 'Ид')
    if (valueId) rows.push({ key: `${id}/${valueId}`, value: textOf(variant, 'Значение') })
  }
  return rows
}

const MAKER = /^(производитель|бренд|торговая марка)$/i
/** Requisites or properties 1С may carry the site's long texts in. */
const TEXT_FIELDS = [
  { key: 'composition', name: /^состав$/i },
  { key: 'howToUse', name: /^(способ применения|применение|способ употребления|рекомендации по применению)$/i },
  { key: 'instruction', name: /^инструкция( по применению)?$/i },
] as const

interface Good {
  id: string
  name: string
  description: string
  composition: string
  howToUse: string
  instruction: string
  groupId: string
  vat: number | null
  article: string
  barcode: string
  deleted: boolean
  maker: string
  properties: { name: string; value: string }[]
  pictures: string[]
}

function requisites(node: XmlNode): { name: string; value: string }[] {
  return childrenOf(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => ({ name: textOf(r, 'Наименование'), value: textOf(r, 'Значение') }))
}

function parseGood(node: XmlNode, names: Map<string, string>): Good {
  const raw = childrenOf(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства').map((v) => ({ id: textOf(v, 'Ид'), value: textOf(v, 'Значение') }))
  const resolved = raw.map((p) => ({ name: names.get(`${p.id}/`) ?? '', value: names.get(`${p.id}/${p.value}`) ?? p.value })).filter((p) => p.name && p.value)
  const reqs = requisites(node)
  const texts: Record<string, string> = {}
  for (const field of TEXT_FIELDS) texts[field.key] = (reqs.find((r) => field.name.test(r.name)) ?? resolved.find((p) => field.name.test(p.name)))?.value ?? ''
  const maker = textOf(child(node, 'Изготовитель'), 'Наименование') || reqs.find((r) => MAKER.test(r.name))?.value || resolved.find((p) => MAKER.test(p.name))?.value || ''
  return {
    id: textOf(node, 'Ид'),
    name: textOf(node, 'Наименование'),
    description: textOf(node, 'Описание'),
    composition: texts.composition ?? '',
    howToUse: texts.howToUse ?? '',
    instruction: texts.instruction ?? '',
    groupId: textOf(child(node, 'Группы'), 'Ид'),
    vat: vatPercentOf(textOf(child(child(node, 'СтавкиНалогов'), 'СтавкаНалога'), 'Ставка')),
    article: textOf(node, 'Артикул'),
    barcode: textOf(node, 'Штрихкод'),
    deleted: deletedMark(node),
    maker,
    // The texts above are the product's fields, not properties of its own.
    properties: resolved.filter((p) => !TEXT_FIELDS.some((f) => f.name.test(p.name))),
    pictures: childrenOf(node, 'Картинка').map((c) => c.text.trim()).filter(Boolean),
  }
}

async function brandFor(tx: Tx, ctx: Context, maker: string): Promise<number> {
  const key = maker.toLowerCase()
  let id = ctx.brands.get(maker ? key : `\u0000${FALLBACK_BRAND.code}`)
  if (id !== undefined) return id
  if (maker) {
    id = await insertBrand(tx, { code: await freeCode(tx, slugOf(maker, 'brand'), async (q, c) => Boolean(await brandByCode(q, c))), name: maker })
    ctx.brands.set(key, id)
  } else {
    id = (await brandByCode(tx, FALLBACK_BRAND.code))?.id ?? (await insertBrand(tx, FALLBACK_BRAND))
    ctx.brands.set(`\u0000${FALLBACK_BRAND.code}`, id)
  }
  return id
}

/** A batch of goods: read with one query per table, written with one statement per table. */
async function applyGoods(tx: Tx, ctx: Context, nodes: XmlNode[]): Promise<void> {
  count(ctx, 'goods', nodes.length)
  const propertyKeys = nodes.flatMap((n) => childrenOf(child(n, 'ЗначенияСвойств'), 'ЗначенияСвойства').flatMap((v) => [`${textOf(v, 'Ид')}/`, `${textOf(v, 'Ид')}/${textOf(v, 'Значение')}`]))
  const names = await propertyValues(tx, [...new Set(propertyKeys)])
  // The same good twice in one batch: the later one wins.
  const nodeOf = new Map(nodes.map((n) => [textOf(n, 'Ид'), n]))
  const goods = [...new Map(nodes.map((n) => parseGood(n, names)).map((g) => [g.id, g])).values()].filter((g) => {
    if (!g.id) count(ctx, 'skipped')
    return Boolean(g.id)
  })
  const existing = await linkedProducts(tx, goods.map((g) => g.id))
  const own = ctx.ownership
  const fresh = goods.filter((g) => !existing.has(g.id) && !g.deleted)
  count(ctx, 'skipped', goods.filter((g) => !existing.has(g.id) && g.deleted).length)

  const newRows: NewProduct[] = []
  const codes = await freeValues(
    tx,
    'products.code',
    fresh.map((g) => slugOf(g.name, `tovar-${g.id.slice(0, 8)}`)),
    (base, taken) => freeCode(tx, base, async (q, code) => taken.has(code) || (await takenValues(q, 'products.code', [code])).size > 0),
  )
  for (const [i, g] of fresh.entries()) {
    const group = g.groupId ? ctx.groups.get(g.groupId) : undefined
    newRows.push({
      code: codes[i]!,
      name: g.name || g.id,
      section_id: group?.sectionId ?? (await fallbackSection(tx, ctx)),
      brand_id: await brandFor(tx, ctx, g.maker),
      form: guessForm(g.name),
      description: g.description,
      composition: g.composition,
      how_to_use: g.howToUse,
      instruction: g.instruction,
    })
  }
  const idOfCode = await insertProducts(tx, newRows)
  count(ctx, 'goodsCreated', newRows.length)

  const changes: ProductChange[] = []
  for (const g of goods) {
    const current = existing.get(g.id)
    if (!current) continue
    const change: ProductChange = { id: current.id }
    const put = <K extends keyof ProductChange>(key: K, value: ProductChange[K] | undefined) => {
      if (value !== undefined) change[key] = value
    }
    put('name', nextValue(own.name, current.name, g.name))
    put('description', nextValue(own.description, current.description, g.description))
    put('composition', nextValue(own.composition, current.composition, g.composition))
    put('how_to_use', nextValue(own.howToUse, current.howToUse, g.howToUse))
    put('instruction', nextValue(own.instruction, current.instruction, g.instruction))
    const group = g.groupId ? ctx.groups.get(g.groupId) : undefined
    if (own.section && group && group.sectionId !== current.sectionId) change.section_id = group.sectionId
    if (own.brand && g.maker) {
      const brandId = await brandFor(tx, ctx, g.maker)
      if (brandId !== current.brandId) change.brand_id = brandId
    }
    if (g.deleted) change.active = false
    changes.push(change)
  }
  await updateProducts(tx, changes)
  count(ctx, 'goodsUpdated', changes.length)

  const codeOf = new Map(fresh.map((g, i) => [g, codes[i]!]))
  const productIdOf = (g: Good) => existing.get(g.id)?.id ?? idOfCode.get(codeOf.get(g) ?? '')
  const links: ProductLinkRow[] = []
  const properties = new Map<string, { product_id: number; name: string; value: string }>()
  for (const g of goods) {
    const productId = productIdOf(g)
    if (productId === undefined) continue
    const current = existing.get(g.id)
    // The good's article, barcode and VAT, kept for offers that offers.xml brings later; the barcode
    // only where 1С owns it or the site has none.
    const barcode = own.barcode || !current?.barcode ? g.barcode || current?.barcode || '' : current.barcode
    links.push({ external_id: g.id, product_id: productId, seen_in: ctx.importId, deleted: g.deleted, article: g.article, barcode, vat_percent: g.vat })
    for (const p of g.properties) properties.set(`${productId}\u0000${p.name.slice(0, 200)}`, { product_id: productId, name: p.name.slice(0, 200), value: p.value.slice(0, 1000) })
    if (g.deleted) count(ctx, 'hidden')
    if (g.pictures.length) ctx.pictures.push({ productId, name: g.name, paths: g.pictures, had: current?.pictures ?? 0 })
  }
  await upsertProductLinks(tx, links)
  // A new product takes every property; an existing one only where 1С owns them (else only new names).
  const rows = [...properties.values()]
  const freshIds = new Set(idOfCode.values())
  await putProperties(tx, rows.filter((r) => own.properties || freshIds.has(r.product_id)), true)
  if (!own.properties) await putProperties(tx, rows.filter((r) => !freshIds.has(r.product_id)), false)
  // The values of mapped properties are also the products' filter values.
  const filterGoods = goods.flatMap((g) => {
    const productId = productIdOf(g)
    return productId === undefined ? [] : [{ productId, fresh: freshIds.has(productId), values: mappedValuesOf(nodeOf.get(g.id)!, ctx.filters) }]
  })
  const filtered = await applyFilterValues(tx, ctx.session.actor, ctx.filters, own.properties, filterGoods)
  count(ctx, 'filterValues', filtered.products)
  count(ctx, 'filterOptionsCreated', filtered.optionsCreated)
  // A mark set or taken away moves the product on or off sale; settling writes only a real change.
  await settleProductsOnSale(tx, links.map((l) => l.product_id))
}

type CatalogSettings = Pick<ExchangeSettings, 'retailPriceType' | 'oldPriceType' | 'warehouses' | 'stock'>

function retailAndOldTypes(ctx: Context, settings: CatalogSettings): { retail: string | undefined; old: string | undefined } {
  const byNameOrId = (wanted: string | undefined) => {
    if (!wanted) return undefined
    for (const [id, name] of ctx.priceTypes) if (id === wanted || name.toLowerCase() === wanted.toLowerCase()) return id
    return undefined
  }
  const retail = byNameOrId(settings.retailPriceType) ?? byNameOrId('Розничная') ?? [...ctx.priceTypes.keys()][0]
  return { retail, old: byNameOrId(settings.oldPriceType) }
}

/** The offer's stock from whatever 1С wrote: per warehouse (Склад attributes, Остатки) or a total. */
function stockOf(node: XmlNode, settings: CatalogSettings): number | null {
  const perWarehouse: { id: string; qty: number }[] = []
  for (const s of childrenOf(node, 'Склад')) {
    const qty = quantityOf(s.attrs.КоличествоНаСкладе ?? '')
    if (qty !== null) perWarehouse.push({ id: s.attrs.ИдСклада ?? '', qty })
  }
  for (const rest of childrenOf(child(node, 'Остатки'), 'Остаток')) {
    for (const s of childrenOf(rest, 'Склад')) {
      const qty = quantityOf(textOf(s, 'Количество'))
      if (qty !== null) perWarehouse.push({ id: textOf(s, 'Ид'), qty })
    }
    const total = quantityOf(textOf(rest, 'Количество'))
    if (total !== null && !childrenOf(rest, 'Склад').length) perWarehouse.push({ id: '', qty: total })
  }
  if (perWarehouse.length) return stockFromWarehouses(perWarehouse, settings)
  const total = textOf(node, 'Количество')
  return total ? quantityOf(total) : null
}

function characteristicsOf(node: XmlNode): { name: string; value: string }[] {
  return childrenOf(child(node, 'ХарактеристикиТовара'), 'ХарактеристикаТовара').map((c) => ({ name: textOf(c, 'Наименование'), value: textOf(c, 'Значение') }))
}

/** A batch of offers (or characteristics listed as goods): one read per table, one write per table. */
async function applyOffers(tx: Tx, ctx: Context, nodes: XmlNode[], settings: CatalogSettings): Promise<void> {
  const items = [...new Map(nodes.map((n) => [textOf(n, 'Ид'), n])).entries()].filter(([id]) => Boolean(id))
  const products = await linkedProducts(tx, [...new Set(items.map(([id]) => id.split('#')[0]!))])
  const current = await linkedOfferRows(tx, items.map(([id]) => id))
  const { retail, old } = retailAndOldTypes(ctx, settings)
  const changes: OfferChange[] = []
  const fresh: { externalId: string; product: LinkedProductRow; base: string; row: Omit<NewOffer, 'sku'> }[] = []
  const links: { external_id: string; product_external_id: string; offer_id: number; seen_in: number }[] = []
  const touched = new Set<number>()
  for (const [id, node] of items) {
    const product = products.get(id.split('#')[0]!)
    if (!product) {
      count(ctx, 'unknownGoods')
      continue
    }
    const deleted = deletedMark(node) || product.deleted
    let price: number | null = null
    let oldPrice: number | null = null
    const prices = childrenOf(child(node, 'Цены'), 'Цена')
    for (const p of prices) {
      const type = textOf(p, 'ИдТипаЦены')
      const value = kopecksOf(textOf(p, 'ЦенаЗаЕдиницу'))
      if (type === retail) price = value
      if (old && type === old) oldPrice = value
    }
    const stock = stockOf(node, settings)
    const characteristics = characteristicsOf(node)
    const flavour = characteristics.find((c) => /вкус/i.test(c.name))?.value
    const packageText = characteristics.find((c) => /размер|фасовк|объ[её]м|количеств|упаковк|вес/i.test(c.name))?.value
    const pack = packageText ? packageOf(packageText) : characteristics.length === 1 && !flavour ? packageOf(characteristics[0]!.value) : null
    const article = textOf(node, 'Артикул') || product.article
    const barcode = (textOf(node, 'Штрихкод') || product.barcode).slice(0, 50)
    const vat = vatPercentOf(textOf(child(child(node, 'СтавкиНалогов'), 'СтавкаНалога'), 'Ставка')) ?? product.vatPercent
    const was = current.get(id)
    const priced = price ?? was?.price ?? 0
    const nextOld = prices.length ? (oldPrice !== null && oldPrice > priced ? oldPrice : null) : undefined
    const active = !deleted && priced > 0
    if (was) {
      const change: OfferChange = { id: was.id }
      if (price !== null && price !== was.price) change.price = price
      if (nextOld !== undefined && nextOld !== was.oldPrice) change.old_price = nextOld
      if (stock !== null && stock !== was.stock) change.stock = stock
      const nextBarcode = nextValue(ctx.ownership.barcode, was.barcode, barcode)
      if (nextBarcode !== undefined) change.barcode = nextBarcode
      if (vat !== null && vat !== was.vatPercent) change.vat_percent = vat
      if (flavour && flavour !== was.flavour) change.flavour = flavour
      if (pack && (pack.size !== was.packageSize || pack.unit.slice(0, 20) !== was.packageUnit)) {
        change.package_size = pack.size
        change.package_unit = pack.unit.slice(0, 20)
      }
      if (active !== was.active) change.active = active
      changes.push(change)
      links.push({ external_id: id, product_external_id: id.split('#')[0]!, offer_id: was.id, seen_in: ctx.importId })
      if (Object.keys(change).length > 1) touched.add(product.id)
      if (deleted) count(ctx, 'hidden')
      continue
    }
    if (deleted) {
      count(ctx, 'skipped')
      continue
    }
    const base = (article || `1c-${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`).slice(0, 60)
    fresh.push({
      externalId: id,
      product,
      base: id.includes('#') && article ? `${base}-${id.split('#')[1]!.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}` : base,
      row: {
        product_id: product.id,
        barcode,
        package_size: pack?.size ?? 1,
        package_unit: (pack?.unit ?? 'шт').slice(0, 20),
        flavour: flavour ?? null,
        price: price ?? 0,
        old_price: nextOld ?? null,
        vat_percent: vat,
        stock,
        active,
      },
    })
  }
  await updateOffers(tx, changes)
  count(ctx, 'offersUpdated', changes.length)
  const skus = await freeValues(
    tx,
    'offers.sku',
    fresh.map((f) => f.base),
    (base, taken) => freeCode(tx, base, async (q, sku) => taken.has(sku) || (await takenValues(q, 'offers.sku', [sku])).size > 0),
  )
  const ids = await insertOffers(tx, fresh.map((f, i) => ({ ...f.row, sku: skus[i]! })))
  count(ctx, 'offersCreated', fresh.length)
  for (const [i, f] of fresh.entries()) {
    links.push({ external_id: f.externalId, product_external_id: f.externalId.split('#')[0]!, offer_id: ids.get(skus[i]!)!, seen_in: ctx.importId })
    touched.add(f.product.id)
  }
  await upsertOfferLinks(tx, links)
  await settleProductsOnSale(tx, [...touched])
}

/**
 * Attaches the pictures 1С names (import_files/…) through the media domain: re-encoded, stored under
 * content-hashed names, idempotent (the same bytes on a product are no new picture). Where 1С owns
 * pictures its set is the product's: a picture it no longer names goes. Where the site owns them,
 * 1С's pictures only go onto a product that had none. A missing or broken file is counted, not fatal.
 */
async function attachPictures(ctx: Context): Promise<void> {
  const jobs = ctx.pictures
  ctx.pictures = []
  if (!jobs.length) return
  for (const job of jobs) {
    if (!ctx.ownership.pictures && job.had > 0) continue
    const hashes: string[] = []
    try {
      const before = await pictureHashes(db(), job.productId)
      const known = new Map(before.map((p) => [p.hash, p.id]))
      let mainId = before[0]?.id
      for (const raw of job.paths) {
        let bytes: Buffer
        try {
          bytes = await readFile(fileIn(ctx.session.id, raw))
        } catch {
          count(ctx, 'picturesMissing')
          continue
        }
        const hash = createHash('sha256').update(bytes).digest('hex')
        hashes.push(hash)
        if (known.has(hash)) {
          count(ctx, 'picturesSame')
          continue
        }
        try {
          const list = await uploadPicture(db(), ctx.session.actor, job.productId, bytes, { alt: job.name.slice(0, 250) })
          known.set(hash, list.pictures.at(-1)!.id)
          mainId = list.pictures[0]?.id
          count(ctx, 'picturesAdded')
        } catch (e) {
          if (!(e instanceof Refusal)) throw e
          count(ctx, 'picturesRefused')
        }
      }
      if (ctx.ownership.pictures && hashes.length) {
        for (const [hash, id] of known) {
          if (hashes.includes(hash)) continue
          const list = await deletePicture(db(), ctx.session.actor, job.productId, id)
          mainId = list.pictures[0]?.id
          count(ctx, 'picturesRemoved')
        }
        // 1С's first picture is the main one.
        const first = known.get(hashes[0]!)
        if (first !== undefined && mainId !== first) await updatePicture(db(), ctx.session.actor, job.productId, first, { main: true })
      }
    } catch (e) {
      logger.warn({ err: e, productId: job.productId }, '1С pictures could not be attached')
      count(ctx, 'picturesFailed')
    }
  }
}

/** Items that set the context for those after them are read again when a step skips what is done. */
function replay(ctx: Context, item: CmlItem): void {
  if (item.kind === 'header') ctx.onlyChanges = item.onlyChanges
  if (item.kind === 'price-type') ctx.priceTypes.set(item.id, item.name)
}

/** An offer, or a characteristic that import.xml lists as a good ('good#characteristic'). */
const offerNodeOf = (item: CmlItem): XmlNode | null => (item.kind === 'offer' || (item.kind === 'good' && textOf(item.node, 'Ид').includes('#')) ? item.node : null)

/** Applies a batch in document order: runs of goods and of offers each go as one batch. */
async function applyBatch(tx: Tx, ctx: Context, batch: readonly CmlItem[], settings: CatalogSettings): Promise<void> {
  let goods: XmlNode[] = []
  let offers: XmlNode[] = []
  let properties: { key: string; value: string }[] = []
  let classifier: { externalId: string; name: string; valueType: string }[] = []
  const flushRuns = async () => {
    if (properties.length) await putPropertyValues(tx, [...new Map(properties.map((p) => [p.key, p])).values()])
    if (classifier.length) await putExchangeProperties(tx, [...new Map(classifier.map((p) => [p.externalId, p])).values()])
    if (goods.length) await applyGoods(tx, ctx, goods)
    if (offers.length) {
      count(ctx, 'offers', offers.length)
      await applyOffers(tx, ctx, offers, settings)
    }
    properties = []
    classifier = []
    goods = []
    offers = []
  }
  for (const item of batch) {
    const offer = offerNodeOf(item)
    if (offer) {
      if (goods.length || properties.length) await flushRuns()
      offers.push(offer)
      continue
    }
    if (item.kind === 'good') {
      if (offers.length) await flushRuns()
      goods.push(item.node)
      continue
    }
    if (item.kind === 'property') {
      if (goods.length || offers.length) await flushRuns()
      properties.push(...propertyRows(item.node))
      const known = exchangePropertyOf(item.node)
      if (known) classifier.push(known)
      continue
    }
    await flushRuns()
    switch (item.kind) {
      case 'header':
        ctx.onlyChanges = item.onlyChanges
        break
      case 'group':
        await applyGroup(tx, ctx, item)
        break
      case 'price-type':
        ctx.priceTypes.set(item.id, item.name)
        await putPriceType(tx, item.id, item.name)
        break
      case 'warehouse':
        count(ctx, 'warehouses')
        break
      default:
        break
    }
  }
  await flushRuns()
}

/**
 * One request's worth of an import: continues from the stored position, writes batches until the
 * file ends or the time budget is spent. Throws the parser's error for a broken file.
 */
export async function importStep(session: ExchangeSession, filename: string, file: string, clock: () => number = () => Date.now()): Promise<ImportOutcome> {
  const settings = await exchangeSettings()
  const deadline = clock() + settings.stepSeconds * 1000
  const state = await db().transaction((tx) => lockedImport(tx, session.id, filename))
  if (state.done) return { status: 'done', counts: state.counts }
  const ctx: Context = {
    session,
    importId: state.id,
    onlyChanges: false,
    ownership: await readSetting(db(), 'exchange.fieldOwnership'),
    priceTypes: new Map((await priceTypes(db())).map((t) => [t.externalId, t.name])),
    counts: { ...state.counts },
    groups: await allGroups(db()),
    brands: await allBrands(db()),
    filters: await filterMapping(db()),
    pictures: [],
  }
  const items = readCommerceMl(file, { skip: state.position })
  let position = 0
  let batch: CmlItem[] = []

  const flush = async (done: boolean): Promise<boolean> => {
    const ok = await db().transaction(async (tx) => {
      const locked = await lockedImport(tx, session.id, filename)
      // Another request took this file further meanwhile: this one's batch is already written.
      if (locked.done || locked.position !== position - batch.length) return false
      await applyBatch(tx, ctx, batch, settings)
      if (done && !ctx.onlyChanges) {
        if (/^import/i.test(filename)) count(ctx, 'hidden', await hideUnseenProducts(tx, ctx.importId))
        if (/^offers/i.test(filename)) {
          count(ctx, 'hidden', await hideUnseenOffers(tx, ctx.importId))
          await hideProductsWithoutSale(tx)
        }
      }
      await saveImport(tx, state.id, { position, done, counts: ctx.counts, at: now() })
      await recordChange(tx, session.actor, { objectType: 'exchange', objectId: session.id, action: done ? 'import-done' : 'import-step', after: { filename, position, counts: ctx.counts } })
      await announceChanges(tx, CATALOG_TAGS)
      return true
    })
    batch = []
    if (ok) await attachPictures(ctx)
    else ctx.pictures = []
    return ok
  }

  for await (const item of items) {
    position++
    if (position <= state.position) {
      replay(ctx, item)
      continue
    }
    batch.push(item)
    if (batch.length >= BATCH) {
      if (!(await flush(false))) return { status: 'progress', position, counts: ctx.counts }
      if (clock() >= deadline) {
        await items.return(undefined)
        return { status: 'progress', position, counts: ctx.counts }
      }
    }
  }
  if (!(await flush(true))) return { status: 'progress', position, counts: ctx.counts }
  return { status: 'done', counts: ctx.counts }
}

export const IMPORT_STATUS = (position: number) => `${M.importing}: ${position}`
