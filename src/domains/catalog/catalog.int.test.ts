import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { GET as showMore } from '@/app/(shop)/catalog/show-more/route'
import sitemap from '@/app/sitemap'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { brands, partnerOutlets, partnerProducts, partners, products } from '@/db/schema'
import { seedPartners } from '@/db/seed/partners'
import type { CatalogResult } from './catalog-wire'
import { loadCatalogList, loadProductCards, loadProductPage, productJsonLd } from './catalog.server'

const get = (path: string) => showMore(new Request(`http://localhost/catalog/show-more/${path}`))

describe('loadProductCards', () => {
  it('returns cards in the order asked and skips unknown ids', async () => {
    const rows = await db().select({ id: products.id }).from(products).limit(3)
    const ids = rows.map((r) => r.id).reverse()
    const cards = await loadProductCards([ids[0]!, 999_999, ids[1]!, ids[2]!])
    expect(cards.map((c) => c.id)).toEqual(ids)
    expect(cards[0]!.url).toMatch(/^\/catalog\/[\w-]+\/[\w-]+\/$/)
    expect(cards[0]!.offers.length).toBeGreaterThan(0)
  })
})

describe('catalogue list and facets', () => {
  it('brand counts with form=tablets and in stock match a direct SQL count', async () => {
    const list = await loadCatalogList({ kind: 'catalog' }, { form: 'tablets', in_stock: 'Y' })
    const truth = await queryRows<{ code: string; n: number }>(
      db(),
      sql`select b.code, count(*)::int as n from products p join brands b on b.id = p.brand_id
          where p.active and p.form = 'tablets'
            and exists (select 1 from offers o where o.product_id = p.id and o.active and (o.stock is null or o.stock > 0))
          group by b.code`,
    )
    const brandGroup = list!.groups.find((g) => g.id === 'brand')!
    const shown = Object.fromEntries(brandGroup.options.map((o) => [o.id, o.count]))
    expect(shown).toEqual(Object.fromEntries(truth.map((t) => [t.code, Number(t.n)])))
    expect(list!.total).toBe(truth.reduce((s, t) => s + Number(t.n), 0))
  })

  it('a chosen brand narrows the form counts but not the brand counts', async () => {
    const [brand] = await db().select({ id: brands.id, code: brands.code }).from(brands).where(eq(brands.code, 'evalar'))
    const all = await loadCatalogList({ kind: 'catalog' }, {})
    const one = await loadCatalogList({ kind: 'catalog' }, { brand: brand!.code })
    const count = (l: typeof all, group: string, id: string) => l!.groups.find((g) => g.id === group)!.options.find((o) => o.id === id)?.count
    expect(count(one, 'brand', 'solgar')).toBe(count(all, 'brand', 'solgar'))
    const evalarTablets = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.brandId, brand!.id), eq(products.form, 'tablets'), eq(products.active, true)))
    expect(count(one, 'form', 'tablets') ?? 0).toBe(Number(evalarTablets[0]!.n))
  })

  it('unknown section or brand is missing; unknown filter values are ignored', async () => {
    expect(await loadCatalogList({ kind: 'catalog', section: 'no-such' }, {})).toBeNull()
    expect(await loadCatalogList({ kind: 'brand', code: 'no-such' }, {})).toBeNull()
    const plain = await loadCatalogList({ kind: 'catalog' }, {})
    const odd = await loadCatalogList({ kind: 'catalog' }, { brand: 'zzz', form: 'gel', price_from: 'x', PAGEN_1: '999999' })
    expect(odd!.total).toBe(plain!.total)
    expect(odd!.page).toBe(odd!.pageCount)
  })
})

describe('GET {list}?ajax=Y (show more)', () => {
  it('answers ITEMS, OFFERS_STATES and SHOW_MORE_BUTTON for the next page', async () => {
    const res = await get('?path=/catalog/&PAGEN_1=2&sort=price_asc&ajax=Y')
    expect(res.status).toBe(200)
    const body = (await res.json()) as CatalogResult
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['ITEMS', 'OFFERS_STATES', 'SHOW_MORE_BUTTON']))
    expect(body.ITEMS).toHaveLength(12)
    expect(body.SHOW_MORE_BUTTON).toEqual({ NEXT_PAGE: 3, PAGINATOR_NAME: 'PAGEN_1', FILTER: 'sort=price_asc' })
    const prices = body.ITEMS.map((i) => i.OFFERS[i.OFFERS_ORDER[0]!]!.PRICES.RESULT_PRICE.DISCOUNT_PRICE)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const first = body.ITEMS[0]!
    expect(body.OFFERS_STATES[first.MAIN_PRODUCT_ID]!.current_active).toBe(first.OFFERS_ORDER[0])
  })

  it('pages do not overlap and the last page has no button', async () => {
    const p1 = (await (await get('?path=/catalog/immunitet/&PAGEN_1=1')).json()) as CatalogResult
    const p2 = (await (await get('?path=/catalog/immunitet/&PAGEN_1=2')).json()) as CatalogResult
    const ids1 = new Set(p1.ITEMS.map((i) => i.MAIN_PRODUCT_ID))
    expect(p2.ITEMS.some((i) => ids1.has(i.MAIN_PRODUCT_ID))).toBe(false)
    const last = (await (await get('?path=/catalog/immunitet/&PAGEN_1=999')).json()) as CatalogResult
    expect(last.SHOW_MORE_BUTTON).toBeNull()
  })

  it('unknown list → 404 JSON; junk parameters → 200', async () => {
    expect((await get('?path=/catalog/no-such/')).status).toBe(404)
    expect((await get('?path=/etc/passwd')).status).toBe(404)
    expect((await get('?path=/brands/evalar/&PAGEN_1=abc&price_to=9999999999999&brand[]=x')).status).toBe(200)
  })
})

describe('product page data', () => {
  it('finds a product at its canonical address, moves other sections, misses unknown codes', async () => {
    const [card] = await loadProductCards([(await db().select({ id: products.id }).from(products).limit(1))[0]!.id])
    const found = await loadProductPage(card!.sectionCode, card!.code)
    expect(found.kind).toBe('found')
    expect(await loadProductPage('other-section', card!.code)).toEqual({ kind: 'moved', url: card!.url })
    expect((await loadProductPage(card!.sectionCode, 'no-such')).kind).toBe('missing')
    expect((await loadProductPage(card!.sectionCode, '../../x')).kind).toBe('missing')
    if (found.kind !== 'found') return
    const ld = productJsonLd(found.page, 'https://shop.example')
    expect(ld['@type']).toBe('Product')
    const offers = ld.offers as { priceCurrency: string; price: string }[]
    expect(offers.every((o) => o.priceCurrency === 'RUB')).toBe(true)
    expect(offers[0]!.price).toBe((card!.offers[0]!.price / 100).toFixed(2))
  })
})

describe('partners seed and sitemap', () => {
  it('seeds partners, outlets and links once (idempotent)', async () => {
    const count = async () => ({
      partners: (await db().select().from(partners)).length,
      outlets: (await db().select().from(partnerOutlets)).length,
      links: (await db().select().from(partnerProducts)).length,
    })
    const before = await count()
    expect(before.partners).toBeGreaterThan(2)
    expect(before.outlets).toBeGreaterThan(0)
    expect(before.links).toBeGreaterThan(0)
    await seedPartners(db(), { uploadsDir: null })
    expect(await count()).toEqual(before)
    const online = await db().select({ id: partners.id }).from(partners).where(inArray(partners.code, ['eapteka']))
    expect(online).toHaveLength(1)
  })

  it('lists every active product at its canonical address', async () => {
    const entries = await sitemap()
    const active = await db().select({ id: products.id }).from(products).where(eq(products.active, true))
    expect(entries.filter((e) => /\/catalog\/[^/]+\/[^/]+\/$/.test(e.url))).toHaveLength(active.length)
  })
})
