import 'server-only'
import { announceChanges } from '@/db/change-feed'
import { db, type Tx } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import type { ProductForm } from '@/db/schema/catalog'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { child, childrenOf, readCommerceMl, textOf, type CmlItem, type XmlNode } from './commerceml'
import { EXCHANGE_MESSAGES as M, kopecksOf, packageOf, quantityOf, slugOf, vatPercentOf } from './exchange'
import type { ExchangeSession } from './exchange-auth.server'
import {
  brandByCode,
  hideProductsWithoutSale,
  setProperty,
  settleProductsOnSale,
  brandByName,
  groupById,
  hideUnseenOffers,
  hideUnseenProducts,
  insertBrand,
  insertOffer,
  insertProduct,
  insertSection,
  linkOffer,
  linkProduct,
  linkedOffer,
  linkedOffers,
  linkedProduct,
  lockedImport,
  markOffersSeen,
  priceTypes,
  productCodeTaken,
  propertyValues,
  putPriceType,
  putPropertyValues,
  renameSection,
  saveImport,
  sectionByCode,
  sectionCodeTaken,
  skuTaken,
  updateOfferRow,
  updateProductRow,
  upsertGroupRow,
} from './exchange.db'

/**
 * Applies import.xml, offers.xml, prices.xml and rests.xml (ADR 190): groups → sections, goods →
 * products, offers and characteristics → offers with price and stock. Work goes in batches, each one
 * transaction with the file's position, so a repeated or resumed request continues where the last
 * committed batch ended and never writes an item twice; a request stops after its time budget.
 */

const BATCH = 100
const CATALOG_TAGS = ['catalog'] as const
/** Where goods of a group not (yet) known go, and the brand of goods whose maker 1С does not name. */
const FALLBACK_SECTION = { code: 'iz-1s', name: 'Товары из 1С' }
const FALLBACK_BRAND = { code: 'bez-brenda', name: 'Без бренда' }

export type ImportOutcome = { status: 'progress'; position: number; counts: Record<string, number> } | { status: 'done'; counts: Record<string, number> }

interface Context {
  importId: number
  onlyChanges: boolean
  /** Price type Ид → name, from the database and this file. */
  priceTypes: Map<string, string>
  counts: Record<string, number>
  touchedProducts: Set<number>
  /** Lookups repeated for every good, kept for the request. */
  groups: Map<string, Awaited<ReturnType<typeof groupById>>>
  brands: Map<string, number>
  /** The batch's offers already linked, read in one query before it is applied (absent: new). */
  offers: Map<string, Awaited<ReturnType<typeof linkedOffer>>>
  /** Linked offers the batch listed, marked seen in one statement at its end. */
  seenOffers: string[]
  /** Offers of one good come one after another: the last good looked up. */
  lastProduct?: { externalId: string; row: Awaited<ReturnType<typeof linkedProduct>> }
}

const count = (ctx: Context, key: string, n = 1) => {
  ctx.counts[key] = (ctx.counts[key] ?? 0) + n
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

async function fallbackSection(tx: Tx): Promise<number> {
  return (await sectionByCode(tx, FALLBACK_SECTION.code))?.id ?? insertSection(tx, FALLBACK_SECTION)
}

async function applyGroup(tx: Tx, ctx: Context, item: Extract<CmlItem, { kind: 'group' }>): Promise<void> {
  if (!item.id) return
  ctx.groups.delete(item.id)
  const known = await groupById(tx, item.id)
  if (known) {
    if (!known.mapped && known.name !== item.name && item.name) await renameSection(tx, known.sectionId, item.name)
    await upsertGroupRow(tx, { ...known, name: item.name || known.name, parentExternalId: item.parentId })
    count(ctx, 'groups')
    return
  }
  const code = await freeCode(tx, slugOf(item.name, `group-${item.id.slice(0, 8)}`), sectionCodeTaken)
  const sectionId = await insertSection(tx, { code, name: item.name || item.id })
  await upsertGroupRow(tx, { externalId: item.id, name: item.name, parentExternalId: item.parentId, sectionId, mapped: false })
  count(ctx, 'groups')
  count(ctx, 'sectionsCreated')
}

async function applyProperty(tx: Tx, node: XmlNode): Promise<void> {
  const id = textOf(node, 'Ид')
  if (!id) return
  const rows = [{ key: `${id}/`, value: textOf(node, 'Наименование') }]
  for (const variant of [...childrenOf(child(node, 'ВариантыЗначений'), 'Справочник'), ...childrenOf(child(node, 'ВариантыЗначений'), 'ВариантЗначения')]) {
    const valueId = textOf(variant, 'ИдЗначения') || textOf(variant, 'Ид')
    if (valueId) rows.push({ key: `${id}/${valueId}`, value: textOf(variant, 'Значение') })
  }
  await putPropertyValues(tx, rows)
}

/** The maker: Изготовитель, or a requisite or property named «Производитель»/«Бренд». */
function makerOf(node: XmlNode, properties: { name: string; value: string }[]): string {
  const maker = textOf(child(node, 'Изготовитель'), 'Наименование')
  if (maker) return maker
  for (const r of childrenOf(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    if (/^(производитель|бренд|торговая марка)$/i.test(textOf(r, 'Наименование'))) return textOf(r, 'Значение')
  }
  return properties.find((p) => /^(производитель|бренд|торговая марка)$/i.test(p.name))?.value ?? ''
}

async function brandFor(tx: Tx, maker: string): Promise<number> {
  if (maker) {
    const known = await brandByName(tx, maker)
    if (known) return known.id
    return insertBrand(tx, { code: await freeCode(tx, slugOf(maker, 'brand'), async (q, c) => Boolean(await brandByCode(q, c))), name: maker })
  }
  return (await brandByCode(tx, FALLBACK_BRAND.code))?.id ?? insertBrand(tx, FALLBACK_BRAND)
}

async function cachedBrand(tx: Tx, ctx: Context, maker: string): Promise<number> {
  let id = ctx.brands.get(maker)
  if (id === undefined) ctx.brands.set(maker, (id = await brandFor(tx, maker)))
  return id
}

async function propertiesOf(tx: Tx, node: XmlNode): Promise<{ name: string; value: string }[]> {
  const raw = childrenOf(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства').map((v) => ({ id: textOf(v, 'Ид'), value: textOf(v, 'Значение') }))
  const names = await propertyValues(tx, raw.flatMap((p) => [`${p.id}/`, `${p.id}/${p.value}`]))
  return raw
    .map((p) => ({ name: names.get(`${p.id}/`) ?? '', value: names.get(`${p.id}/${p.value}`) ?? p.value }))
    .filter((p) => p.name && p.value)
}

async function applyGood(tx: Tx, ctx: Context, node: XmlNode): Promise<void> {
  const id = textOf(node, 'Ид')
  if (!id) return count(ctx, 'skipped')
  // 1С 8.3 modules write characteristics as goods with 'good#characteristic' in import.xml.
  if (id.includes('#')) return applyOffer(tx, ctx, node)
  ctx.lastProduct = undefined
  const deleted = deletedMark(node)
  const name = textOf(node, 'Наименование')
  const description = textOf(node, 'Описание')
  const groupId = textOf(child(node, 'Группы'), 'Ид')
  let group = groupId ? ctx.groups.get(groupId) : undefined
  if (groupId && !ctx.groups.has(groupId)) ctx.groups.set(groupId, (group = await groupById(tx, groupId)))
  const vat = vatPercentOf(textOf(child(child(node, 'СтавкиНалогов'), 'СтавкаНалога'), 'Ставка'))
  const properties = await propertiesOf(tx, node)
  const link = { article: textOf(node, 'Артикул'), barcode: textOf(node, 'Штрихкод'), vatPercent: vat, deleted, seenIn: ctx.importId }
  const existing = await linkedProduct(tx, id)
  let productId: number
  if (existing) {
    productId = existing.id
    await updateProductRow(tx, productId, {
      ...(name ? { name } : {}),
      ...(group ? { sectionId: group.sectionId } : {}),
      // The editor's text wins over an empty one from 1С (ADR 190).
      ...(description ? { description } : {}),
      ...(deleted ? { active: false } : {}),
    })
    count(ctx, 'goodsUpdated')
  } else {
    if (deleted) return count(ctx, 'skipped')
    productId = await insertProduct(tx, {
      code: await freeCode(tx, slugOf(name, `tovar-${id.slice(0, 8)}`), productCodeTaken),
      name: name || id,
      sectionId: group?.sectionId ?? (await fallbackSection(tx)),
      brandId: await cachedBrand(tx, ctx, makerOf(node, properties)),
      form: guessForm(name),
      description,
      // On sale once an offer has a price (offers.xml).
      active: false,
    })
    count(ctx, 'goodsCreated')
  }
  await linkProduct(tx, { externalId: id, productId, ...link })
  for (const p of properties) await setPropertyRow(tx, productId, p)
  if (deleted) count(ctx, 'hidden')
  // A mark set or taken away moves the product on or off sale; settling writes only a real change.
  ctx.touchedProducts.add(productId)
}

async function setPropertyRow(tx: Tx, productId: number, p: { name: string; value: string }): Promise<void> {
  await setProperty(tx, productId, p.name.slice(0, 200), p.value.slice(0, 1000))
}

function retailAndOldTypes(ctx: Context): { retail: string | undefined; old: string | undefined } {
  const byNameOrId = (wanted: string | undefined) => {
    if (!wanted) return undefined
    for (const [id, name] of ctx.priceTypes) if (id === wanted || name.toLowerCase() === wanted.toLowerCase()) return id
    return undefined
  }
  const retail = byNameOrId(env().EXCHANGE_RETAIL_PRICE_TYPE) ?? byNameOrId('Розничная') ?? [...ctx.priceTypes.keys()][0]
  return { retail, old: byNameOrId(env().EXCHANGE_OLD_PRICE_TYPE) }
}

/** The offer's stock from whatever 1С wrote: per warehouse (Склад attributes, Остатки) or a total. */
function stockOf(node: XmlNode): number | null {
  const wanted = env().EXCHANGE_WAREHOUSES?.split(',').map((s) => s.trim()).filter(Boolean)
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
  if (perWarehouse.length) return perWarehouse.filter((w) => !wanted?.length || wanted.includes(w.id)).reduce((sum, w) => sum + w.qty, 0)
  const total = textOf(node, 'Количество')
  return total ? quantityOf(total) : null
}

function characteristicsOf(node: XmlNode): { name: string; value: string }[] {
  return childrenOf(child(node, 'ХарактеристикиТовара'), 'ХарактеристикаТовара').map((c) => ({ name: textOf(c, 'Наименование'), value: textOf(c, 'Значение') }))
}

async function applyOffer(tx: Tx, ctx: Context, node: XmlNode): Promise<void> {
  const id = textOf(node, 'Ид')
  const productExternalId = id.split('#')[0]!
  if (ctx.lastProduct?.externalId !== productExternalId) ctx.lastProduct = { externalId: productExternalId, row: await linkedProduct(tx, productExternalId) }
  const product = ctx.lastProduct.row
  if (!product) return count(ctx, 'unknownGoods')
  const deleted = deletedMark(node) || product.link.deleted
  const { retail, old } = retailAndOldTypes(ctx)
  let price: number | null = null
  let oldPrice: number | null = null
  const prices = childrenOf(child(node, 'Цены'), 'Цена')
  for (const p of prices) {
    const type = textOf(p, 'ИдТипаЦены')
    const value = kopecksOf(textOf(p, 'ЦенаЗаЕдиницу'))
    if (type === retail) price = value
    if (old && type === old) oldPrice = value
  }
  const stock = stockOf(node)
  const characteristics = characteristicsOf(node)
  const flavour = characteristics.find((c) => /вкус/i.test(c.name))?.value
  const packageText = characteristics.find((c) => /размер|фасовк|объ[её]м|количеств|упаковк|вес/i.test(c.name))?.value
  const pack = packageText ? packageOf(packageText) : characteristics.length === 1 && !flavour ? packageOf(characteristics[0]!.value) : null
  const article = textOf(node, 'Артикул') || product.link.article
  const barcode = textOf(node, 'Штрихкод') || product.link.barcode
  const vat = vatPercentOf(textOf(child(child(node, 'СтавкиНалогов'), 'СтавкаНалога'), 'Ставка')) ?? product.link.vatPercent
  const current = ctx.offers.has(id) ? ctx.offers.get(id) : await linkedOffer(tx, id)
  ctx.offers.delete(id)
  const priced = price ?? current?.price ?? 0
  const nextOld = prices.length ? (oldPrice !== null && oldPrice > priced ? oldPrice : null) : undefined
  const values = {
    ...(price !== null ? { price } : {}),
    ...(nextOld !== undefined ? { oldPrice: nextOld } : {}),
    ...(stock !== null ? { stock } : {}),
    ...(barcode ? { barcode: barcode.slice(0, 50) } : {}),
    ...(vat !== null ? { vatPercent: vat } : {}),
    ...(flavour ? { flavour } : {}),
    ...(pack ? { packageSize: pack.size, packageUnit: pack.unit.slice(0, 20) } : {}),
    active: !deleted && priced > 0,
  }
  let offerId: number
  if (current) {
    offerId = current.id
    // A daily full upload repeats mostly what the shop has: only what differs is written.
    const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => current[key as keyof typeof current] !== value))
    await updateOfferRow(tx, offerId, changed)
    count(ctx, 'offersUpdated')
    if (deleted) count(ctx, 'hidden')
    ctx.seenOffers.push(id)
    if (Object.keys(changed).length) ctx.touchedProducts.add(product.id)
    return
  } else {
    if (deleted) return count(ctx, 'skipped')
    const base = (article || `1c-${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`).slice(0, 60)
    const sku = await freeCode(tx, id.includes('#') && article ? `${base}-${id.split('#')[1]!.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}` : base, (q, s) => skuTaken(q, s))
    offerId = await insertOffer(tx, { productId: product.id, sku, packageSize: 1, packageUnit: 'шт', price: 0, ...values })
    count(ctx, 'offersCreated')
  }
  if (deleted) count(ctx, 'hidden')
  await linkOffer(tx, { externalId: id, productExternalId, offerId, seenIn: ctx.importId })
  ctx.touchedProducts.add(product.id)
}

/** A product is on sale while 1С has not marked it deleted and one of its offers is. */
async function settleProducts(tx: Tx, ctx: Context): Promise<void> {
  await settleProductsOnSale(tx, [...ctx.touchedProducts])
  ctx.touchedProducts.clear()
}

async function apply(tx: Tx, ctx: Context, item: CmlItem): Promise<void> {
  switch (item.kind) {
    case 'header':
      ctx.onlyChanges = item.onlyChanges
      return
    case 'group':
      return applyGroup(tx, ctx, item)
    case 'property':
      return applyProperty(tx, item.node)
    case 'good':
      count(ctx, 'goods')
      return applyGood(tx, ctx, item.node)
    case 'price-type':
      ctx.priceTypes.set(item.id, item.name)
      return putPriceType(tx, item.id, item.name)
    case 'warehouse':
      return count(ctx, 'warehouses')
    case 'offer':
      count(ctx, 'offers')
      return applyOffer(tx, ctx, item.node)
    case 'document':
      return
  }
}

/** Items that set the context for those after them are read again when a step skips what is done. */
function replay(ctx: Context, item: CmlItem): void {
  if (item.kind === 'header') ctx.onlyChanges = item.onlyChanges
  if (item.kind === 'price-type') ctx.priceTypes.set(item.id, item.name)
}

/**
 * One request's worth of an import: continues from the stored position, writes batches until the
 * file ends or the time budget is spent. Throws the parser's error for a broken file.
 */
export async function importStep(session: ExchangeSession, filename: string, file: string, clock: () => number = () => Date.now()): Promise<ImportOutcome> {
  const deadline = clock() + env().EXCHANGE_STEP_SECONDS * 1000
  const state = await db().transaction((tx) => lockedImport(tx, session.id, filename))
  if (state.done) return { status: 'done', counts: state.counts }
  const ctx: Context = {
    importId: state.id,
    onlyChanges: false,
    priceTypes: new Map((await priceTypes(db())).map((t) => [t.externalId, t.name])),
    counts: { ...state.counts },
    touchedProducts: new Set(),
    groups: new Map(),
    brands: new Map(),
    offers: new Map(),
    seenOffers: [],
  }
  const items = readCommerceMl(file)
  let position = 0
  let batch: CmlItem[] = []

  const flush = async (done: boolean): Promise<boolean> => {
    const ok = await db().transaction(async (tx) => {
      const locked = await lockedImport(tx, session.id, filename)
      // Another request took this file further meanwhile: this one's batch is already written.
      if (locked.done || locked.position !== position - batch.length) return false
      const offerIds = batch.flatMap((item) => (item.kind === 'offer' || (item.kind === 'good' && textOf(item.node, 'Ид').includes('#')) ? [textOf(item.node, 'Ид')] : []))
      ctx.offers = await linkedOffers(tx, offerIds)
      for (const item of batch) await apply(tx, ctx, item)
      await markOffersSeen(tx, ctx.seenOffers, ctx.importId)
      ctx.seenOffers = []
      await settleProducts(tx, ctx)
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
