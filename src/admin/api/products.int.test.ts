import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, brands, offers, orderLines, orders, products, sections } from '@/db/schema'
import { loadProductPage, productMetadata } from '@/domains/catalog/catalog.server'
import type { OfferView, ProductList, ProductView } from '@/domains/catalog/catalog-admin.schema'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { waitFor } from '../../../tests/support/change-feed'
import {
  addOfferEndpoint,
  createProductEndpoint,
  deleteOfferEndpoint,
  listProductsEndpoint,
  readProductEndpoint,
  reorderOffersEndpoint,
  setOfferStockEndpoint,
  updateOfferEndpoint,
  updateProductEndpoint,
} from './products'

/** The product editor's API (issue 20, ADR 178), as the back office's pages and integrations call it. */

type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'warehouse' | 'manager', Auth> = {} as never
let sectionA: { id: number; code: string }
let sectionB: { id: number; code: string }
let brand: { id: number; code: string }

beforeAll(async () => {
  for (const role of ['owner', 'content', 'warehouse', 'manager'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
  const sectionRows = await db().select({ id: sections.id, code: sections.code }).from(sections).orderBy(sections.id).limit(2)
  sectionA = sectionRows[0]!
  sectionB = sectionRows[1]!
  const [b] = await db().select({ id: brands.id, code: brands.code }).from(brands).orderBy(brands.id).limit(1)
  brand = b!
})

async function call<T = Record<string, unknown>>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown; query?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await callEndpoint(endpoint, auth, { params: options.id === undefined ? undefined : { id: String(options.id) }, body: options.body, query: options.query })
  return { status: response.status, body: (await response.json()) as T }
}

const newProduct = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Омега-3 ${code}`,
  subTitle: 'Рыбий жир высокой очистки',
  code,
  sectionIds: [sectionA.id, sectionB.id],
  brandId: brand.id,
  form: 'capsules',
  badges: ['new'],
  description: '<p>Для сердца и сосудов.</p>',
  ...extra,
})

const newOffer = (sku: string, extra: Record<string, unknown> = {}) => ({ packageSize: 60, packageUnit: 'капсул', sku, price: 99_000, stock: 5, ...extra })

async function productWithOffers(code: string, offerCount = 2): Promise<ProductView> {
  const created = await call<ProductView>(createProductEndpoint, as.content, { body: newProduct(code) })
  expect(created.status).toBe(200)
  for (let i = 0; i < offerCount; i++) expect((await call(addOfferEndpoint, as.content, { id: created.body.id, body: newOffer(`${code}-${i}`, { packageSize: 30 * (i + 1), price: 50_000 + i * 40_000 }) })).status).toBe(200)
  const published = await call<ProductView>(updateProductEndpoint, as.content, { id: created.body.id, body: { published: true } })
  expect(published.status).toBe(200)
  return published.body
}

describe('products and offers through /api/admin/', () => {
  it('a content editor creates a hidden product, adds two offers, publishes it, and the storefront shows it', async () => {
    const created = await call<ProductView>(createProductEndpoint, as.content, { body: newProduct('omega-editor') })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ code: 'omega-editor', published: false, sectionIds: [sectionA.id, sectionB.id], badges: ['new'], offers: [] })
    expect(await loadProductPage(sectionA.code, 'omega-editor')).toEqual({ kind: 'missing' })

    const id = created.body.id
    const first = await call<OfferView>(addOfferEndpoint, as.content, { id, body: newOffer('OMEGA-60', { flavour: 'лимон', oldPrice: 120_000, barcode: '4601234567890', vatPercent: 22 }) })
    const second = await call<OfferView>(addOfferEndpoint, as.content, { id, body: newOffer('OMEGA-120', { packageSize: 120, price: 179_000 }) })
    expect([first.status, second.status]).toEqual([200, 200])
    expect(first.body).toMatchObject({ sku: 'OMEGA-60', flavour: 'лимон', price: 99_000, oldPrice: 120_000, vatPercent: 22, stock: 5, active: true, ordered: false })

    const published = await call<ProductView>(updateProductEndpoint, as.content, { id, body: { published: true, seoTitle: 'Омега-3 купить' } })
    expect(published.status).toBe(200)
    const page = await loadProductPage(sectionA.code, 'omega-editor')
    if (page.kind !== 'found') throw new Error(`product page: ${page.kind}`)
    expect(page.page.card.offers.map((o) => [o.id, o.price])).toEqual([
      [first.body.id, 99_000],
      [second.body.id, 179_000],
    ])
    expect(page.page.card.isNew).toBe(true)
    expect(productMetadata(page.page).title).toBe('Омега-3 купить')

    const audit = await db().select({ objectType: auditLog.objectType, action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, String(id)))
    expect(audit).toEqual(expect.arrayContaining([{ objectType: 'product', action: 'create' }, { objectType: 'product', action: 'update' }]))
    const offerAudit = await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.objectType, 'offer'), eq(auditLog.objectId, String(first.body.id))))
    expect(offerAudit).toEqual([{ action: 'create' }])
  })

  it('refuses bad input with a Russian message per field, and a product without an offer is not published', async () => {
    const bad = await call<{ errors: { field: string; message: string }[] }>(createProductEndpoint, as.content, {
      body: newProduct('bad code!', { sectionIds: [], name: '' }),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'code', message: 'Код для адреса — от 2 до 100 латинских букв, цифр, «-» или «_».' },
        { field: 'sectionIds', message: 'Выберите хотя бы один раздел.' },
        { field: 'name', message: 'Название — от 2 до 200 символов.' },
      ]),
    )
    const unknownSection = await call(createProductEndpoint, as.content, { body: newProduct('unknown-section', { sectionIds: [9_999_999] }) })
    expect([unknownSection.status, unknownSection.body.error]).toEqual([400, 'Такого раздела нет.'])

    const created = await call<ProductView>(createProductEndpoint, as.content, { body: newProduct('no-offers-yet') })
    const publish = await call(updateProductEndpoint, as.content, { id: created.body.id, body: { published: true } })
    expect([publish.status, publish.body.error]).toEqual([400, 'Чтобы опубликовать товар, добавьте хотя бы одно активное предложение.'])
    const taken = await call(createProductEndpoint, as.content, { body: newProduct('no-offers-yet') })
    expect([taken.status, taken.body.error]).toEqual([400, 'Товар с таким кодом уже есть.'])

    const sale = await call(addOfferEndpoint, as.content, { id: created.body.id, body: newOffer('SALE-1', { oldPrice: 99_000 }) })
    expect([sale.status, sale.body.error]).toEqual([400, 'Старая цена должна быть больше цены; пусто — без скидки.'])
    expect((await call(addOfferEndpoint, as.content, { id: created.body.id, body: newOffer('DUP-1') })).status).toBe(200)
    const dup = await call(addOfferEndpoint, as.content, { id: created.body.id, body: newOffer('DUP-1') })
    expect([dup.status, dup.body.error]).toEqual([400, 'Предложение с таким артикулом уже есть.'])
    const vat = await call(addOfferEndpoint, as.content, { id: created.body.id, body: newOffer('VAT-1', { vatPercent: 18 }) })
    expect([vat.status, vat.body.error]).toEqual([400, 'Ставка НДС: 0, 5, 7, 10, 20 или 22 %.'])
    expect((await call(readProductEndpoint, as.content, { id: 9_999_999 })).status).toBe(404)
  })

  it('stores rich text cleaned: no script, no handler, no javascript: link', async () => {
    const created = await call<ProductView>(createProductEndpoint, as.content, {
      body: newProduct('rich-text', {
        description: '<h2>Польза</h2><p onclick="steal()">Для <strong>сердца</strong><script>alert(1)</script></p><a href="javascript:alert(2)">ссылка</a><img src="x" onerror="alert(3)">',
      }),
    })
    expect(created.status).toBe(200)
    const [row] = await db().select({ description: products.description }).from(products).where(eq(products.id, created.body.id))
    expect(row?.description).toBe('<h2>Польза</h2><p>Для <strong>сердца</strong></p><a>ссылка</a><img src="x" />')
  })

  it('a changed code keeps the old address working: it answers moved to the new one, until a product takes that code', async () => {
    const product = await productWithOffers('old-slug')
    const renamed = await call<ProductView>(updateProductEndpoint, as.content, { id: product.id, body: { code: 'new-slug' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.oldCodes).toEqual(['old-slug'])
    expect(await loadProductPage(sectionA.code, 'old-slug')).toEqual({ kind: 'moved', url: `/catalog/${sectionA.code}/new-slug/` })
    expect((await loadProductPage(sectionA.code, 'new-slug')).kind).toBe('found')

    // Back to the first code: it is the product's own again, and the second one redirects.
    const back = await call<ProductView>(updateProductEndpoint, as.content, { id: product.id, body: { code: 'old-slug' } })
    expect(back.body.oldCodes).toEqual(['new-slug'])
    expect((await loadProductPage(sectionA.code, 'old-slug')).kind).toBe('found')

    // Another product taking the freed code wins over the redirect.
    const other = await productWithOffers('new-slug')
    expect((await call<ProductView>(readProductEndpoint, as.content, { id: product.id })).body.oldCodes).toEqual([])
    const page = await loadProductPage(sectionA.code, 'new-slug')
    expect(page.kind === 'found' && page.page.card.id).toBe(other.id)
  })

  it('a price change reaches the cached product page within a second; a write that announces nothing does not (negative control)', async () => {
    const product = await productWithOffers('cached-price')
    const offer = product.offers[0]!
    const priceOnPage = async () => {
      const page = await loadProductPage(sectionA.code, 'cached-price')
      return page.kind === 'found' ? page.page.card.offers.find((o) => o.id === offer.id)?.price : undefined
    }
    expect(await priceOnPage()).toBe(offer.price)

    // Negative control: the same column written past the editor leaves the cached page as it was.
    await db().update(offers).set({ price: offer.price + 1 }).where(eq(offers.id, offer.id))
    expect(await priceOnPage()).toBe(offer.price)

    const changed = await call<OfferView>(updateOfferEndpoint, as.content, { id: offer.id, body: { price: 77_700 } })
    expect(changed.body.price).toBe(77_700)
    await waitFor(async () => (await priceOnPage()) === 77_700, 1_000)
  })

  it('reorders offers, switches one off, and never deletes one that was ordered', async () => {
    const product = await productWithOffers('offer-order', 3)
    const ids = product.offers.map((o) => o.id)
    const wrong = await call(reorderOffersEndpoint, as.content, { id: product.id, body: { offerIds: ids.slice(0, 2) } })
    expect(wrong.status).toBe(400)
    const reordered = await call<ProductView>(reorderOffersEndpoint, as.content, { id: product.id, body: { offerIds: [ids[2], ids[0], ids[1]] } })
    expect(reordered.body.offers.map((o) => o.id)).toEqual([ids[2], ids[0], ids[1]])
    const page = await loadProductPage(sectionA.code, 'offer-order')
    expect(page.kind === 'found' && page.page.card.offers.map((o) => o.id)).toEqual([ids[2], ids[0], ids[1]])

    const [order] = await db().insert(orders).values({ basePrice: 50_000, goodsPrice: 50_000, total: 50_000, paymentToken: 'product-editor-test' }).returning({ id: orders.id })
    await db().insert(orderLines).values({ orderId: order!.id, offerId: ids[0], productId: product.id, name: 'Омега-3', quantity: 1, basePrice: 50_000, price: 50_000, sum: 50_000 })
    const refused = await call(deleteOfferEndpoint, as.content, { id: ids[0]! })
    expect([refused.status, refused.body.error]).toEqual([409, 'Это предложение уже заказывали: его можно только выключить.'])
    const off = await call<OfferView>(updateOfferEndpoint, as.content, { id: ids[0]!, body: { active: false } })
    expect([off.status, off.body.active, off.body.ordered]).toEqual([200, false, true])
    const deleted = await call(deleteOfferEndpoint, as.content, { id: ids[1]! })
    expect(deleted.body).toEqual({ deleted: true })

    // The last active offer of a published product stays until the product is hidden.
    const last = await call(updateOfferEndpoint, as.content, { id: ids[2]!, body: { active: false } })
    expect([last.status, last.body.error]).toEqual([409, 'Опубликованному товару нужно хотя бы одно активное предложение: сначала скройте товар.'])
  })

  it('the warehouse changes stock and nothing else; the content editor cannot change stock', async () => {
    const product = await productWithOffers('stock-only')
    const offer = product.offers[0]!
    const stock = await call<OfferView>(setOfferStockEndpoint, as.warehouse, { id: offer.id, body: { stock: 42 } })
    expect([stock.status, stock.body.stock]).toEqual([200, 42])
    for (const [endpoint, body, auth] of [
      [updateOfferEndpoint, { price: 1 }, as.warehouse],
      [updateProductEndpoint, { name: 'Склад' }, as.warehouse],
      [setOfferStockEndpoint, { stock: 1 }, as.content],
      [updateOfferEndpoint, { price: 1 }, as.manager],
    ] as const) {
      const refused = await call(endpoint, auth, { id: endpoint === updateProductEndpoint ? product.id : offer.id, body })
      expect([refused.status, refused.body.error]).toEqual([403, ADMIN_MESSAGES.forbidden])
    }
    const [row] = await db().select({ price: offers.price, stock: offers.stock }).from(offers).where(eq(offers.id, offer.id))
    expect(row).toEqual({ price: offer.price, stock: 42 })
    const [line] = await db().select({ action: auditLog.action, before: auditLog.before, after: auditLog.after }).from(auditLog).where(and(eq(auditLog.objectType, 'offer'), eq(auditLog.action, 'stock'), eq(auditLog.objectId, String(offer.id))))
    expect(line).toEqual({ action: 'stock', before: { stock: 5 }, after: { stock: 42 } })
  })

  it('lists products by search, section, brand and state, paged', async () => {
    await productWithOffers('list-published')
    await call(createProductEndpoint, as.content, { body: newProduct('list-hidden') })
    const list = async (query: string) => (await call<ProductList>(listProductsEndpoint, as.warehouse, { query })).body
    expect((await list('q=list-')).items.map((p) => [p.code, p.published])).toEqual([
      ['list-hidden', false],
      ['list-published', true],
    ])
    expect((await list('q=list-&state=hidden')).items.map((p) => p.code)).toEqual(['list-hidden'])
    expect((await list(`q=list-&section=${sectionB.code}&brand=${brand.code}&state=published`)).items.map((p) => p.code)).toEqual(['list-published'])
    const row = (await list('q=LIST-PUBLISHED-1')).items[0]
    expect(row).toMatchObject({ code: 'list-published', offers: 2, minPrice: 50_000, stock: 10, url: `/catalog/${sectionA.code}/list-published/` })
    const all = await list('')
    expect([all.page, all.pageSize, all.items.length <= all.pageSize, all.total >= all.items.length]).toEqual([1, 50, true, true])
  })
})
