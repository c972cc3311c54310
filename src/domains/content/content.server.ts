import 'server-only'
import { db } from '@/db/client'
import { productUrl } from '@/domains/catalog/catalog'
import { loadProductCards } from '@/domains/catalog/catalog.server'
import { cached } from '@/lib/cache'
import { kopecksToRubles } from '@/lib/money'
import * as q from './content.db'

/** Content changes rarely; catalogue-dependent parts also drop with the 'catalog' tag. */
const TAGS = ['content'] as const
const WITH_CATALOG = ['content', 'catalog'] as const

/* ---------- home page (the same for everyone: cached) ---------- */

export interface ExpertSlide {
  OFFER_ID: number
  /** Not in the spec's list; the buy button needs it. */
  PRODUCT_ID: number
  title: string
  subtitle: string
  img: string
  link: string
  /** Roubles, from the offer. */
  price: number
  oldprice: number | null
  pack: string
  SET: boolean
  DISCOUNT_PICTURE: string
}

export interface ExpertTab {
  anchor: string
  slides: ExpertSlide[]
  decorations: { img: string; position: string }[]
}

/** The spec's MainpageBanger: tab title → {slides, decorations}; we add the tab's anchor. */
export type MainpageBanger = Record<string, ExpertTab>

export interface ProductTab {
  anchor: string
  title: string
  productIds: number[]
}

export interface ArticleItem {
  ID: number
  NAME: string
  IMG: string
  CODE: string
  BUTTON: { URL_BUTTON: string; TEXT_BUTTON: string }
}

export interface FeaturedSlide {
  IMAGE: string
  SUBTITLE: string
  TITLE: string
  DESCRIPTION: string
  LINK: string
  /** Roubles. */
  PRICE: number
  OLD_PRICE: number | null
  /** Units left; null when stock is not tracked. */
  quantity: number | null
  SECTION_NAME: string
  NAME: string
  offer: { id: number; price: number }
}

export interface NewsCard {
  code: string
  name: string
  previewText: string
  picture: string
  publishedAt: string
}

const HIGH_DISCOUNT_MIN_PERCENT = 15
const TAB_PRODUCTS = 8

export function setsFromExperts(): Promise<MainpageBanger> {
  return cached('content:sets-from-experts', { tags: WITH_CATALOG }, async () => {
    const tabs = await q.selectShowcaseTabs(db(), 'sets-from-experts')
    const slides = await q.selectSlides(
      db(),
      tabs.map((t) => t.id),
    )
    const banger: MainpageBanger = {}
    for (const tab of tabs) {
      banger[tab.title] = {
        anchor: tab.anchor,
        decorations: tab.decorations,
        slides: slides
          .filter((s) => s.tabId === tab.id)
          .map((s) => ({
            OFFER_ID: s.offerId,
            PRODUCT_ID: s.productId,
            title: s.title,
            subtitle: s.subtitle,
            img: s.img || s.offerPicture,
            link: s.link || productUrl(s.sectionCode, s.productCode),
            price: kopecksToRubles(s.price),
            oldprice: s.oldPrice !== null && s.oldPrice > s.price ? kopecksToRubles(s.oldPrice) : null,
            pack: s.pack,
            SET: s.isSet,
            DISCOUNT_PICTURE: s.discountPicture,
          })),
      }
    }
    return banger
  })
}

export function mainpageProductTabs(): Promise<ProductTab[]> {
  return cached('content:mainpage-products', { tags: WITH_CATALOG }, async () => {
    const tabs = await q.selectShowcaseTabs(db(), 'mainpage-products')
    return Promise.all(
      tabs.map(async (tab) => {
        const productIds =
          tab.rule === 'hit' || tab.rule === 'new'
            ? await q.selectBadgeProducts(db(), tab.rule, TAB_PRODUCTS)
            : tab.rule === 'high-discounts'
              ? await q.selectHighDiscountProducts(db(), HIGH_DISCOUNT_MIN_PERCENT, TAB_PRODUCTS)
              : await q.selectManualTabProducts(db(), tab.id, TAB_PRODUCTS)
        return { anchor: tab.anchor, title: tab.title, productIds }
      }),
    )
  })
}

export function featuredSlides(): Promise<FeaturedSlide[]> {
  return cached('content:featured', { tags: WITH_CATALOG }, async () =>
    (await q.selectFeaturedSlides(db())).map((s) => ({
      IMAGE: s.image || s.offerPicture,
      SUBTITLE: s.subtitle,
      TITLE: s.title,
      DESCRIPTION: s.description,
      LINK: s.link || productUrl(s.sectionCode, s.productCode),
      PRICE: kopecksToRubles(s.price),
      OLD_PRICE: s.oldPrice !== null && s.oldPrice > s.price ? kopecksToRubles(s.oldPrice) : null,
      quantity: s.stock,
      SECTION_NAME: s.sectionName,
      NAME: s.productName,
      offer: { id: s.offerId, price: kopecksToRubles(s.price) },
    })),
  )
}

export const articleUrl = (code: string) => `/health/item/${code}/`
export const newsUrl = (code: string) => `/news/${code}/`
export function homeArticles(): Promise<ArticleItem[]> {
  return cached('content:home-articles', { tags: TAGS }, async () =>
    (await q.selectArticleCards(db(), { recommendedOnly: true, limit: 10 })).map((a) => ({
      ID: a.id,
      NAME: a.name,
      IMG: a.picture,
      CODE: a.code,
      BUTTON: { URL_BUTTON: articleUrl(a.code), TEXT_BUTTON: 'Читать статью' },
    })),
  )
}

export function latestNews(limit = 6): Promise<NewsCard[]> {
  return cached(`content:news:${limit}`, { tags: TAGS }, async () =>
    (await q.selectNewsCards(db(), limit)).map((n) => ({ ...n, publishedAt: n.publishedAt.toISOString() })),
  )
}

export function allNews(): Promise<NewsCard[]> {
  return cached('content:news:all', { tags: TAGS }, async () =>
    (await q.selectNewsCards(db())).map((n) => ({ ...n, publishedAt: n.publishedAt.toISOString() })),
  )
}

export function newsItem(code: string) {
  return cached(`content:news-item:${code}`, { tags: TAGS }, async () => {
    const item = await q.selectNewsItem(db(), code)
    return item ? { ...item, publishedAt: item.publishedAt.toISOString() } : null
  })
}

export function lightLineBanner() {
  return cached('content:light-line', { tags: TAGS }, () => q.selectLightLine(db()))
}

export function distributorsList() {
  return cached('content:distributors', { tags: TAGS }, () => q.selectDistributors(db()))
}

/** POST /ajax/vkontakte/: our stored copies of the community's posts. */
export function socialFeed(): Promise<{ link: string; img: string; text: string }[]> {
  return cached('content:social', { tags: TAGS }, () => q.selectSocialPosts(db(), 12))
}

/* ---------- articles ---------- */

export interface ArticleCard {
  id: number
  code: string
  name: string
  category: string
  previewText: string
  picture: string
  professional: boolean
  publishedAt: string
}

const toCard = (a: Omit<ArticleCard, 'publishedAt'> & { publishedAt: Date }): ArticleCard => ({
  ...a,
  publishedAt: a.publishedAt.toISOString(),
})

export function allArticles(): Promise<ArticleCard[]> {
  return cached('content:articles', { tags: TAGS }, async () => (await q.selectArticleCards(db())).map(toCard))
}

export function tagCloud() {
  return cached('content:tag-cloud', { tags: TAGS }, async () =>
    (await q.selectTagCloud(db())).map(({ UF_CODE, UF_NAME }) => ({ UF_CODE, UF_NAME })),
  )
}

export function articlesByTag(code: string) {
  return cached(`content:tag:${code}`, { tags: TAGS }, async () => {
    const tag = await q.selectTagByCode(db(), code)
    if (!tag) return null
    const ids = new Set(await q.selectArticleIdsByTag(db(), tag.id))
    return { name: tag.name, articles: (await allArticles()).filter((a) => ids.has(a.id)) }
  })
}

/** The article page: text, button, expert, accordion, tags, products and recommendations. */
export function articlePage(code: string) {
  return cached(`content:article:${code}`, { tags: WITH_CATALOG }, async () => {
    const a = await q.selectArticle(db(), code)
    if (!a) return null
    const [tags, productIds, recommended] = await Promise.all([
      q.selectArticleTags(db(), a.id),
      q.selectArticleProductIds(db(), a.id),
      q.selectArticleCards(db(), { recommendedOnly: true }),
    ])
    return {
      ID: a.id,
      CODE: a.code,
      NAME: a.name,
      category: a.category,
      previewText: a.previewText,
      picture: a.picture,
      professional: a.professional,
      publishedAt: a.publishedAt.toISOString(),
      TEXT: a.text,
      BUTTON: a.buttonUrl ? { URL_BUTTON: a.buttonUrl, TEXT_BUTTON: a.buttonText || 'Подробнее' } : null,
      DATA_EXPERT: a.expert,
      accordion: a.accordion,
      tags,
      productIds,
      articles: recommended
        .filter((r) => r.id !== a.id)
        .map((r) => ({ CODE: r.code, NAME: r.name, PREVIEW_PICTURE: r.picture })),
    }
  })
}

/** For the product page's articles tab (#articles): articles that talk about the product. */
export function articlesForProduct(productId: number): Promise<{ link: string; image: string; title: string }[]> {
  return cached(`content:product-articles:${productId}`, { tags: TAGS }, async () =>
    (await q.selectArticlesOfProduct(db(), productId)).map((a) => ({ link: articleUrl(a.code), image: a.picture, title: a.name })),
  )
}

/* ---------- the home page in one call ---------- */

/** Everything the home page shows, all of it cached and the same for every visitor. */
export async function homePageData() {
  const [productTabs, banger, featured, articles, newsCards, lightLine, partners] = await Promise.all([
    mainpageProductTabs(),
    setsFromExperts(),
    featuredSlides(),
    homeArticles(),
    latestNews(6),
    lightLineBanner(),
    distributorsList(),
  ])
  const cards = await loadProductCards(productTabs.flatMap((t) => t.productIds))
  const byId = new Map(cards.map((c) => [c.id, c]))
  return {
    productTabs: productTabs.map((t) => ({ ...t, products: t.productIds.flatMap((id) => byId.get(id) ?? []) })),
    banger,
    featured,
    articles,
    news: newsCards,
    lightLine,
    distributors: partners,
  }
}
