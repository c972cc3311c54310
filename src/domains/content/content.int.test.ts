import { describe, expect, it } from 'vitest'
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
} from '@/db/schema'
import { loadContentSeed, seedContent } from '@/db/seed/content'
import { articlePage } from './content.server'

describe('content seed', () => {
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
