import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as vkontakte } from '@/app/ajax/vkontakte/route'
import { db } from '@/db/client'
import {
  articles,
  encElements as encElementsTable,
  encSections,
  featuredSlides,
  news,
  offers,
  products,
  showcaseSlides,
  showcaseTabs,
} from '@/db/schema'
import { loadContentSeed, seedContent } from '@/db/seed/content'
import { clearCache } from '@/lib/cache'
import { formPost, newVisitor } from '../../../tests/support/http'
import {
  articlePage,
  mainpageProductTabs,
  setsFromExperts,
} from './content.server'

describe('POST /ajax/vkontakte/', () => {
  it('GET=Y answers our stored posts with link and img, newest first', async () => {
    const res = await vkontakte(formPost('/ajax/vkontakte/', { GET: 'Y' }, newVisitor()))
    expect(res.status).toBe(200)
    const posts = (await res.json()) as { link: string; img: string }[]
    expect(posts.length).toBeGreaterThanOrEqual(6)
    expect(posts[0]!.img).toMatch(/^\/upload\/content\/social\//)
    expect(posts[0]!.link).toMatch(/^https:\/\/vk\.com\//)
  })

  it('anything else than GET=Y is a 400', async () => {
    const res = await vkontakte(formPost('/ajax/vkontakte/', { GET: 'N' }, newVisitor()))
    expect(res.status).toBe(400)
  })
})

describe('content seed and showcases', () => {
  it('seeds at least 20 articles, 10 news and 60 encyclopedia elements in several sections', async () => {
    expect(await db().$count(articles)).toBeGreaterThanOrEqual(20)
    expect(await db().$count(news)).toBeGreaterThanOrEqual(10)
    expect(await db().$count(encElementsTable)).toBeGreaterThanOrEqual(60)
    expect(await db().$count(encSections)).toBeGreaterThanOrEqual(5)
  })

  it('is idempotent: a second run adds nothing', async () => {
    const counts = async () => [
      await db().$count(articles),
      await db().$count(news),
      await db().$count(encElementsTable),
      await db().$count(showcaseSlides),
      await db().$count(featuredSlides),
    ]
    const before = await counts()
    await seedContent(db(), { uploadsDir: null })
    expect(await counts()).toEqual(before)
  })

  it('every product and offer the content data names exists in the catalogue seed', async () => {
    const data = loadContentSeed()
    const productCodes = new Set((await db().select({ code: products.code }).from(products)).map((r) => r.code))
    const skus = new Set((await db().select({ sku: offers.sku }).from(offers)).map((r) => r.sku))
    const missingProducts = [
      ...data.enc.links.map((l) => l.product),
      ...data.articles.articles.flatMap((a) => a.products),
      ...data.home.mainpageProducts.flatMap((t) => t.products ?? []),
    ].filter((c) => !productCodes.has(c))
    const missingOffers = [...data.home.setsFromExperts.flatMap((t) => t.slides.map((s) => s.offer)), ...data.home.featured.map((f) => f.offer)].filter(
      (s) => !skus.has(s),
    )
    expect(missingProducts).toEqual([])
    expect(missingOffers).toEqual([])
  })

  it('sets-from-experts has the six anchored tabs, slides priced from their offers', async () => {
    const banger = await setsFromExperts()
    expect(Object.values(banger).map((t) => t.anchor)).toEqual(['health', 'immunity', 'beauty', 'youth', 'weight-control', 'anti-stress'])
    const slide = banger['Иммунитет']!.slides[0]!
    const [offer] = await db().select().from(offers).where(eq(offers.id, slide.OFFER_ID))
    expect(slide.price).toBe(offer!.price / 100)
    expect(slide).toHaveProperty('SET')
    expect(slide).toHaveProperty('DISCOUNT_PICTURE')
  })

  it('a manager’s change to the showcase rows shows on the home data (no code change)', async () => {
    const [tab] = await db().select().from(showcaseTabs).where(eq(showcaseTabs.anchor, 'beauty'))
    await db().update(showcaseTabs).set({ title: 'Сияние', active: true }).where(eq(showcaseTabs.id, tab!.id))
    clearCache()
    expect(Object.keys(await setsFromExperts())).toContain('Сияние')
  })

  it('the high-discounts tab lists products by their best discount, at least 15 %', async () => {
    const tabs = await mainpageProductTabs()
    const high = tabs.find((t) => t.anchor === 'high-discounts')!
    expect(high.productIds.length).toBeGreaterThan(0)
    for (const id of high.productIds) {
      const rows = await db().select().from(offers).where(eq(offers.productId, id))
      const best = Math.max(...rows.map((o) => (o.oldPrice && o.oldPrice > o.price ? Math.round(((o.oldPrice - o.price) * 100) / o.oldPrice) : 0)))
      expect(best).toBeGreaterThanOrEqual(15)
    }
  })
})

describe('articles', () => {
  it('an article page carries text, button, expert, tags and recommendations without itself', async () => {
    const page = await articlePage('vitamin-d-zimoy')
    expect(page!.TEXT).toContain('<p>')
    expect(page!.BUTTON?.URL_BUTTON).toBe('/catalog/vitaminy-i-mineraly/')
    expect(page!.DATA_EXPERT?.TITLE).toBe('Анна Иванова')
    expect(page!.tags.map((t) => t.UF_CODE)).toContain('vitaminy')
    expect(page!.articles.map((a) => a.CODE)).not.toContain('vitamin-d-zimoy')
    expect(page!.articles.length).toBeGreaterThan(4)
  })
})
