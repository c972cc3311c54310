import 'server-only'
import { db } from '@/db/client'
import { cached } from '@/lib/cache'
import * as q from './content.db'

/** Content changes rarely; catalogue-dependent parts also drop with the 'catalog' tag. */
const TAGS = ['content'] as const
const WITH_CATALOG = ['content', 'catalog'] as const

/* ---------- news, and the article cards of the home page ---------- */

export interface ArticleItem {
  ID: number
  NAME: string
  IMG: string
  CODE: string
  BUTTON: { URL_BUTTON: string; TEXT_BUTTON: string }
}

export interface NewsCard {
  code: string
  name: string
  previewText: string
  picture: string
  publishedAt: string
}

export const articleUrl = (code: string) => `/health/item/${code}/`

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

/**
 * Read through the data cache, or, in an editor's preview (ADR 201), straight from the database with
 * unpublished rows included: a draft never enters the cache every buyer reads.
 */
function cachedUnlessDrafts<T>(drafts: boolean, key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
  return drafts ? load() : cached(key, { tags }, load)
}

export function newsItem(code: string, drafts = false) {
  return cachedUnlessDrafts(drafts, `content:news-item:${code}`, TAGS, async () => {
    const item = await q.selectNewsItem(db(), code, drafts)
    return item ? { ...item, publishedAt: item.publishedAt.toISOString() } : null
  })
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
export function articlePage(code: string, drafts = false) {
  return cachedUnlessDrafts(drafts, `content:article:${code}`, WITH_CATALOG, async () => {
    const a = await q.selectArticle(db(), code, drafts)
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
      published: a.active,
      seoTitle: a.seoTitle,
      seoDescription: a.seoDescription,
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
