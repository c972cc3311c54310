import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as vkontakte } from '@/app/ajax/vkontakte/route'
import { GET as showcaseTab } from '@/app/showcase/[block]/[tab]/route'
import { GET as homeArticlesRoute } from '@/app/showcase/articles/route'
import { GET as homeNewsRoute } from '@/app/showcase/news/route'
import { homeArticles, latestNews } from '@/domains/content/content.server'
import { db } from '@/db/client'
import { offers, showcaseTabs } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { formPost, newVisitor } from '../../../tests/support/http'
import { HOME_NEWS_COUNT, type ExpertTabContent, type ProductTabContent } from './showcases'
import { homePageData, mainpageProductTabs, setsFromExperts } from './showcases.server'

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
describe('showcases', () => {
  it('sets-from-experts has the six anchored tabs, slides priced from their offers', async () => {
    const banger = await setsFromExperts()
    expect(Object.values(banger).map((t) => t.anchor)).toEqual([
      'health',
      'immunity',
      'beauty',
      'youth',
      'weight-control',
      'anti-stress',
    ])
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
      const best = Math.max(
        ...rows.map((o) =>
          o.oldPrice && o.oldPrice > o.price ? Math.round(((o.oldPrice - o.price) * 100) / o.oldPrice) : 0,
        ),
      )
      expect(best).toBeGreaterThanOrEqual(15)
    }
  })
})

describe('home-page tabs loaded when chosen (ADR 191)', () => {
  const askTab = (block: string, tab: string) =>
    showcaseTab(new Request(`http://shop.test/showcase/${block}/${tab}/`), {
      params: Promise.resolve({ block, tab }),
    })

  it('the home data carries the cards of the first popular-products tab only, and every tab title', async () => {
    const home = await homePageData()
    const tabs = await mainpageProductTabs()
    expect(home.productTabs.map((t) => t.anchor)).toEqual(tabs.map((t) => t.anchor))
    expect(home.firstProductTab!.products.map((p) => p.id)).toEqual(tabs[0]!.productIds)
    expect(home.expertTabs.map((t) => t.anchor)).toEqual([
      'health',
      'immunity',
      'beauty',
      'youth',
      'weight-control',
      'anti-stress',
    ])
    expect(home.expertTabs[1]).toEqual({ title: 'Иммунитет', anchor: 'immunity' })
    expect(home.productTabs[1]).toEqual({ anchor: tabs[1]!.anchor, title: tabs[1]!.title })
  })

  it('another popular-products tab answers with its cards, cacheable by anyone', async () => {
    const tabs = await mainpageProductTabs()
    const high = tabs.find((t) => t.anchor === 'high-discounts')!
    const res = await askTab('mainpage-products', 'high-discounts')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    const content = (await res.json()) as ProductTabContent
    expect(content.title).toBe(high.title)
    expect(content.products.map((p) => p.id)).toEqual(high.productIds)
    expect(content.products[0]!.offers[0]!.price).toBeGreaterThan(0)
  })

  it('a sets-from-experts tab answers with its slides and decorations', async () => {
    const res = await askTab('sets-from-experts', 'immunity')
    const content = (await res.json()) as ExpertTabContent
    expect(content.title).toBe('Иммунитет')
    expect(content.tab.slides).toEqual((await setsFromExperts())['Иммунитет']!.slides)
  })

  it('the articles and news of the home page answer as the sliders show them', async () => {
    const articles = await homeArticlesRoute()
    expect(articles.headers.get('cache-control')).toBe('public, max-age=60')
    expect(await articles.json()).toEqual(await homeArticles())
    const news = await (await homeNewsRoute()).json()
    expect(news).toEqual(await latestNews(HOME_NEWS_COUNT))
    expect(news).toHaveLength(HOME_NEWS_COUNT)
    const home = await homePageData()
    expect(home).toMatchObject({ hasArticles: true, hasNews: true })
    expect(home).not.toHaveProperty('articles')
  })

  it('an unknown block or tab is a 404', async () => {
    expect((await askTab('mainpage-products', 'nope')).status).toBe(404)
    expect((await askTab('articles', 'health')).status).toBe(404)
  })
})
