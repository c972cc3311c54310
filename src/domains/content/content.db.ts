import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { articleProducts, articles, articleTagLinks, articleTags, news } from '@/db/schema'

type Conn = Db | Tx

/* ---------- articles ---------- */

const articleCard = {
  id: articles.id,
  code: articles.code,
  name: articles.name,
  category: articles.category,
  previewText: articles.previewText,
  picture: articles.picture,
  professional: articles.professional,
  publishedAt: articles.publishedAt,
}

export async function selectArticleCards(db: Conn, opts: { recommendedOnly?: boolean; limit?: number } = {}) {
  const q = db
    .select(articleCard)
    .from(articles)
    .where(and(eq(articles.active, true), opts.recommendedOnly ? eq(articles.recommended, true) : undefined))
    .orderBy(desc(articles.publishedAt), asc(articles.sort), asc(articles.id))
  return opts.limit ? q.limit(opts.limit) : q
}

/** drafts: an editor's preview (ADR 201) also sees unpublished articles. */
export async function selectArticle(db: Conn, code: string, drafts = false) {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.code, code), drafts ? undefined : eq(articles.active, true)))
  return row ?? null
}

export async function selectArticleTags(db: Conn, articleId: number) {
  return db
    .select({ UF_CODE: articleTags.code, UF_NAME: articleTags.name })
    .from(articleTags)
    .innerJoin(articleTagLinks, eq(articleTagLinks.tagId, articleTags.id))
    .where(eq(articleTagLinks.articleId, articleId))
    .orderBy(asc(articleTags.sort), asc(articleTags.name))
}

/** Every tag that has an active article, for the tag cloud. */
export async function selectTagCloud(db: Conn) {
  return db
    .selectDistinct({ UF_CODE: articleTags.code, UF_NAME: articleTags.name, sort: articleTags.sort })
    .from(articleTags)
    .innerJoin(articleTagLinks, eq(articleTagLinks.tagId, articleTags.id))
    .innerJoin(articles, and(eq(articles.id, articleTagLinks.articleId), eq(articles.active, true)))
    .orderBy(asc(articleTags.sort), asc(articleTags.name))
}

export async function selectTagByCode(db: Conn, code: string) {
  const [row] = await db.select({ id: articleTags.id, name: articleTags.name }).from(articleTags).where(eq(articleTags.code, code))
  return row ?? null
}

export async function selectArticleIdsByTag(db: Conn, tagId: number): Promise<number[]> {
  const rows = await db.select({ id: articleTagLinks.articleId }).from(articleTagLinks).where(eq(articleTagLinks.tagId, tagId))
  return rows.map((r) => r.id)
}

export async function selectArticleProductIds(db: Conn, articleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: articleProducts.productId })
    .from(articleProducts)
    .where(eq(articleProducts.articleId, articleId))
    .orderBy(asc(articleProducts.productId))
  return rows.map((r) => r.id)
}

export async function selectArticlesOfProduct(db: Conn, productId: number) {
  return db
    .select(articleCard)
    .from(articles)
    .innerJoin(articleProducts, eq(articleProducts.articleId, articles.id))
    .where(and(eq(articleProducts.productId, productId), eq(articles.active, true)))
    .orderBy(desc(articles.publishedAt))
}

/* ---------- news ---------- */

export async function selectNewsCards(db: Conn, limit?: number) {
  const q = db
    .select({ id: news.id, code: news.code, name: news.name, previewText: news.previewText, picture: news.picture, publishedAt: news.publishedAt })
    .from(news)
    .where(eq(news.active, true))
    .orderBy(desc(news.publishedAt), desc(news.id))
  return limit ? q.limit(limit) : q
}

export async function selectNewsItem(db: Conn, code: string, drafts = false) {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.code, code), drafts ? undefined : eq(news.active, true)))
  return row ?? null
}
