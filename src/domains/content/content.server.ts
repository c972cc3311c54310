import 'server-only'
import { db } from '@/db/client'
import type { ArticleExpert } from '@/db/schema/content'
import { libraryPictures } from '@/domains/media/media-library.server'
import { cached } from '@/lib/cache'
import { now } from '@/lib/clock'
import { draftMark, type DraftMark, type ExpertData } from './content'
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
  /** Only in an editor's preview (ADR 208): why buyers do not see it. */
  mark?: DraftMark
}

export const articleUrl = (code: string) => `/health/item/${code}/`

export function homeArticles(): Promise<ArticleItem[]> {
  return cached('content:home-articles', { tags: TAGS }, async () =>
    (await q.selectArticleCards(db(), { at: now() }, { recommendedOnly: true, limit: 10 })).map((a) => ({
      ID: a.id,
      NAME: a.name,
      IMG: a.picture,
      CODE: a.code,
      BUTTON: { URL_BUTTON: articleUrl(a.code), TEXT_BUTTON: 'Читать статью' },
    })),
  )
}

type NewsRow = Awaited<ReturnType<typeof q.selectNewsCards>>[number]
const toNewsCard = ({ published, ...n }: NewsRow, at: Date, drafts: boolean): NewsCard => {
  const mark = drafts ? draftMark({ published, publishedAt: n.publishedAt }, at) : undefined
  return { ...n, publishedAt: n.publishedAt.toISOString(), ...(mark ? { mark } : {}) }
}

export function latestNews(limit = 6): Promise<NewsCard[]> {
  return cached(`content:news:${limit}`, { tags: TAGS }, async () => {
    const at = now()
    return (await q.selectNewsCards(db(), { at }, limit)).map((n) => toNewsCard(n, at, false))
  })
}

/** drafts: an editor's preview (ADR 201, 208), drafts and scheduled news marked. */
export function allNews(drafts = false): Promise<NewsCard[]> {
  return cachedUnlessDrafts(drafts, 'content:news:all', TAGS, async () => {
    const at = now()
    return (await q.selectNewsCards(db(), { at, drafts })).map((n) => toNewsCard(n, at, drafts))
  })
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
    const at = now()
    const item = await q.selectNewsItem(db(), code, { at, drafts })
    return item
      ? {
          ...item,
          publishedAt: item.publishedAt.toISOString(),
          mark: draftMark({ published: item.active, publishedAt: item.publishedAt }, at) ?? null,
        }
      : null
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
  /** Only in an editor's preview (ADR 208): why buyers do not see it. */
  mark?: DraftMark
}

type ArticleRow = Awaited<ReturnType<typeof q.selectArticleCards>>[number]
const toCard = ({ published, ...a }: ArticleRow, at: Date, drafts: boolean): ArticleCard => {
  const mark = drafts ? draftMark({ published, publishedAt: a.publishedAt }, at) : undefined
  return { ...a, publishedAt: a.publishedAt.toISOString(), ...(mark ? { mark } : {}) }
}

/** drafts: an editor's preview (ADR 201, 208), drafts and scheduled articles marked. */
export function allArticles(drafts = false): Promise<ArticleCard[]> {
  return cachedUnlessDrafts(drafts, 'content:articles', TAGS, async () => {
    const at = now()
    return (await q.selectArticleCards(db(), { at, drafts })).map((a) => toCard(a, at, drafts))
  })
}

export function tagCloud() {
  return cached('content:tag-cloud', { tags: TAGS }, async () =>
    (await q.selectTagCloud(db(), now())).map(({ UF_CODE, UF_NAME }) => ({ UF_CODE, UF_NAME })),
  )
}

export function articlesByTag(code: string, drafts = false) {
  return cachedUnlessDrafts(drafts, `content:tag:${code}`, TAGS, async () => {
    const tag = await q.selectTagByCode(db(), code)
    if (!tag) return null
    const ids = new Set(await q.selectArticleIdsByTag(db(), tag.id))
    return { name: tag.name, articles: (await allArticles(drafts)).filter((a) => ids.has(a.id)) }
  })
}

/** A library photo (ADR 207, second addendum) is shown by its card size with every size in the srcset. */
async function expertData(expert: ArticleExpert | null): Promise<ExpertData | null> {
  if (!expert) return null
  const { PICTURE_ID: pictureId, ...rest } = expert
  const picture = pictureId ? (await libraryPictures(db(), [pictureId])).get(pictureId) : undefined
  return picture ? { ...rest, IMG: picture.urls.card, IMG_SRCSET: picture.srcset } : { ...rest, IMG_SRCSET: '' }
}

/** The article page: text, button, expert, accordion, tags, products and recommendations. */
export function articlePage(code: string, drafts = false) {
  return cachedUnlessDrafts(drafts, `content:article:${code}`, WITH_CATALOG, async () => {
    const at = now()
    const a = await q.selectArticle(db(), code, { at, drafts })
    if (!a) return null
    const [tags, productIds, recommended, expert] = await Promise.all([
      q.selectArticleTags(db(), a.id),
      q.selectArticleProductIds(db(), a.id),
      q.selectArticleCards(db(), { at }, { recommendedOnly: true }),
      expertData(a.expert),
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
      mark: draftMark({ published: a.active, publishedAt: a.publishedAt }, at) ?? null,
      seoTitle: a.seoTitle,
      seoDescription: a.seoDescription,
      TEXT: a.text,
      BUTTON: a.buttonUrl ? { URL_BUTTON: a.buttonUrl, TEXT_BUTTON: a.buttonText || 'Подробнее' } : null,
      DATA_EXPERT: expert,
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
    (await q.selectArticlesOfProduct(db(), productId, now())).map((a) => ({ link: articleUrl(a.code), image: a.picture, title: a.name })),
  )
}
