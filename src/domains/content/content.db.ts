import { and, asc, desc, eq, gt, lte, min } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { articleProducts, articles, articleTagLinks, articleTags, news } from '@/db/schema'

type Conn = Db | Tx

/**
 * What the storefront reads: `at` is the moment of the read. Buyers see a published row whose date
 * has come (a later date is a scheduled publication, ADR 208); an editor's preview (`drafts`, ADR
 * 201) sees every row, drafts and scheduled ones included.
 */
export interface Visibility {
  at: Date
  drafts?: boolean
}

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
  published: articles.active,
}

const articleSeen = ({ at, drafts }: Visibility) =>
  drafts ? undefined : and(eq(articles.active, true), lte(articles.publishedAt, at))
const newsSeen = ({ at, drafts }: Visibility) => (drafts ? undefined : and(eq(news.active, true), lte(news.publishedAt, at)))

export async function selectArticleCards(db: Conn, seen: Visibility, opts: { recommendedOnly?: boolean; limit?: number } = {}) {
  const q = db
    .select(articleCard)
    .from(articles)
    .where(and(articleSeen(seen), opts.recommendedOnly ? eq(articles.recommended, true) : undefined))
    .orderBy(desc(articles.publishedAt), asc(articles.sort), asc(articles.id))
  return opts.limit ? q.limit(opts.limit) : q
}

export async function selectArticle(db: Conn, code: string, seen: Visibility) {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.code, code), articleSeen(seen)))
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

/** Every tag that has an article buyers see, for the tag cloud. */
export async function selectTagCloud(db: Conn, at: Date) {
  return db
    .selectDistinct({ UF_CODE: articleTags.code, UF_NAME: articleTags.name, sort: articleTags.sort })
    .from(articleTags)
    .innerJoin(articleTagLinks, eq(articleTagLinks.tagId, articleTags.id))
    .innerJoin(articles, and(eq(articles.id, articleTagLinks.articleId), articleSeen({ at })))
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

export async function selectArticlesOfProduct(db: Conn, productId: number, at: Date) {
  return db
    .select(articleCard)
    .from(articles)
    .innerJoin(articleProducts, eq(articleProducts.articleId, articles.id))
    .where(and(eq(articleProducts.productId, productId), articleSeen({ at })))
    .orderBy(desc(articles.publishedAt))
}

/* ---------- news ---------- */

export async function selectNewsCards(db: Conn, seen: Visibility, limit?: number) {
  const q = db
    .select({
      id: news.id,
      code: news.code,
      name: news.name,
      previewText: news.previewText,
      picture: news.picture,
      publishedAt: news.publishedAt,
      published: news.active,
    })
    .from(news)
    .where(newsSeen(seen))
    .orderBy(desc(news.publishedAt), desc(news.id))
  return limit ? q.limit(limit) : q
}

export async function selectNewsItem(db: Conn, code: string, seen: Visibility) {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.code, code), newsSeen(seen)))
  return row ?? null
}

/* ---------- scheduled publication (ADR 208) ---------- */

/** The earliest date after `at` of a published article or news item: when buyers' lists next change. */
export async function selectNextPublication(db: Conn, at: Date): Promise<Date | null> {
  const [[a], [n]] = await Promise.all([
    db.select({ at: min(articles.publishedAt) }).from(articles).where(and(eq(articles.active, true), gt(articles.publishedAt, at))),
    db.select({ at: min(news.publishedAt) }).from(news).where(and(eq(news.active, true), gt(news.publishedAt, at))),
  ])
  const times = [a?.at, n?.at].filter((d) => d != null).map((d) => new Date(d).getTime())
  return times.length ? new Date(Math.min(...times)) : null
}
