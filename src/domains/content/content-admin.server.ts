import 'server-only'
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '@/db/client'
import {
  articleProducts,
  articles,
  articleTagLinks,
  articleTags,
  legalPages,
  news,
  products,
} from '@/db/schema'
import { changed, invalid, parsed, publishAction } from '@/domains/edits/edits'
import { audited, ensureCodeFree, lockRow, type CodeRule } from '@/domains/edits/edits.server'
import { transliterate } from '@/domains/encyclopedia/encyclopedia'
import { libraryPictures, requireLibraryPicture } from '@/domains/media/media-library.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import {
  accordionView,
  articleInput,
  articlePatch,
  CONTENT_MESSAGES as M,
  expertView,
  LINKED_LEGAL_SLUGS,
  legalInput,
  legalPatch,
  newsInput,
  newsPatch,
  type ArticleView,
  type ContentListItem,
  type ContentListQuery,
  type LegalView,
  type NewsView,
} from './content-admin.schema'

/**
 * Articles, news and legal pages as staff run them (issue 20, ADR 200). Each write takes the row's
 * lock, writes its audit line (only what really changed) and announces the 'content' tag in its own
 * transaction (ADR 160), so every instance's data cache and full-page cache drop it on commit. Nothing
 * is deleted: an item is hidden (published: false), and a hidden item answers 404 to buyers.
 */
export const CONTENT_TAGS = ['content'] as const

/** A date as the views give it (UTC ISO with milliseconds), so an unchanged date compares equal. */
function withIsoDate<T extends { publishedAt?: string | undefined }>(patch: T): T {
  return patch.publishedAt === undefined
    ? patch
    : { ...patch, publishedAt: new Date(patch.publishedAt).toISOString() }
}

/** Dates go to the audit log as ISO strings. */
export function forAudit<T extends Record<string, unknown>>(values: T): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  )
}

export async function ensureProducts(tx: Tx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]))
  if (found.length !== new Set(productIds).size)
    throw invalid([{ field: 'productIds', message: M.productNotFound }])
}

function searchWhere(
  query: ContentListQuery,
  cols: {
    name: SQL.Aliased | Parameters<typeof ilike>[0]
    code: Parameters<typeof ilike>[0]
    active: Parameters<typeof eq>[0]
  },
) {
  const term = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  return and(
    term ? or(ilike(cols.name as Parameters<typeof ilike>[0], term), ilike(cols.code, term)) : undefined,
    query.state ? eq(cols.active, query.state === 'published') : undefined,
  )
}

/* ---------- articles ---------- */

export const articleAddress = (code: string) => `/health/item/${code}/`

export async function listArticles(
  q: Db | Tx,
  query: ContentListQuery,
): Promise<{ items: ContentListItem[] }> {
  const rows = await q
    .select({
      id: articles.id,
      name: articles.name,
      code: articles.code,
      group: articles.category,
      published: articles.active,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(searchWhere(query, { name: articles.name, code: articles.code, active: articles.active }))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(500)
  return {
    items: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString(), url: articleAddress(r.code) })),
  }
}

export async function articleById(q: Db | Tx, id: number): Promise<ArticleView> {
  const [row] = await q.select().from(articles).where(eq(articles.id, id))
  if (!row) throw new Refusal('not-found', M.articleNotFound)
  const pictureId = row.expert?.PICTURE_ID ?? null
  const [tags, prods, pictures] = await Promise.all([
    q
      .select({ id: articleTagLinks.tagId })
      .from(articleTagLinks)
      .where(eq(articleTagLinks.articleId, id))
      .orderBy(asc(articleTagLinks.tagId)),
    q
      .select({ id: articleProducts.productId })
      .from(articleProducts)
      .where(eq(articleProducts.articleId, id))
      .orderBy(asc(articleProducts.productId)),
    libraryPictures(q, pictureId === null ? [] : [pictureId]),
  ])
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    category: row.category,
    previewText: row.previewText,
    picture: row.picture,
    text: row.text,
    buttonUrl: row.buttonUrl,
    buttonText: row.buttonText,
    expert: expertView(row.expert),
    expertPicture: pictureId === null ? null : (pictures.get(pictureId) ?? null),
    accordion: accordionView(row.accordion),
    tagIds: tags.map((t) => t.id),
    productIds: prods.map((p) => p.id),
    recommended: row.recommended,
    professional: row.professional,
    published: row.active,
    publishedAt: row.publishedAt.toISOString(),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    url: articleAddress(row.code),
  }
}

/** Tags for the editor's checkboxes. */
export async function listArticleTags(q: Db | Tx): Promise<{ id: number; name: string }[]> {
  return q
    .select({ id: articleTags.id, name: articleTags.name })
    .from(articleTags)
    .orderBy(asc(articleTags.sort), asc(articleTags.name))
}

const ARTICLE_CODE: CodeRule = { table: articles, column: articles.code, message: M.codeTaken }
const NEWS_CODE: CodeRule = { table: news, column: news.code, message: M.codeTaken }
const LEGAL_SLUG: CodeRule = {
  table: legalPages,
  column: legalPages.slug,
  field: 'slug',
  message: M.codeTaken,
}

/** Ids of tags by name: an existing tag of the same name (any case), else a new one with a Latin code. */
async function tagsByName(tx: Tx, names: readonly string[]): Promise<number[]> {
  const out: number[] = []
  for (const name of new Set(names)) {
    const [existing] = await tx
      .select({ id: articleTags.id })
      .from(articleTags)
      .where(sql`lower(${articleTags.name}) = lower(${name})`)
    if (existing) {
      out.push(existing.id)
      continue
    }
    const base = transliterate(name) || 'tag'
    let code = base
    for (
      let n = 2;
      (await tx.select({ id: articleTags.id }).from(articleTags).where(eq(articleTags.code, code))).length >
      0;
      n++
    )
      code = `${base}-${n}`
    const [row] = await tx.insert(articleTags).values({ code, name }).returning({ id: articleTags.id })
    out.push(row!.id)
  }
  return out
}

async function setArticleLinks(
  tx: Tx,
  articleId: number,
  tagIds: readonly number[] | undefined,
  productIds: readonly number[] | undefined,
) {
  if (tagIds) {
    if (tagIds.length) {
      const found = await tx
        .select({ id: articleTags.id })
        .from(articleTags)
        .where(inArray(articleTags.id, [...tagIds]))
      if (found.length !== new Set(tagIds).size) throw invalid([{ field: 'tagIds', message: M.tagNotFound }])
    }
    await tx.delete(articleTagLinks).where(eq(articleTagLinks.articleId, articleId))
    if (tagIds.length)
      await tx.insert(articleTagLinks).values([...new Set(tagIds)].map((tagId) => ({ articleId, tagId })))
  }
  if (productIds) {
    await ensureProducts(tx, productIds)
    await tx.delete(articleProducts).where(eq(articleProducts.articleId, articleId))
    if (productIds.length)
      await tx
        .insert(articleProducts)
        .values([...new Set(productIds)].map((productId) => ({ articleId, productId })))
  }
}

type ExpertInput = z.output<typeof articlePatch>['expert']

/**
 * A chosen library photo is the expert's photo: the typed address beside it is not kept (the page
 * shows what the editor sees). Key share on the picture: a library delete at the same moment waits
 * for this commit and then sees the use, or has removed it and this save is refused (ADR 207 addendum).
 */
async function expertWithPicture<E extends ExpertInput>(tx: Tx, expert: E): Promise<E> {
  if (!expert || expert.PICTURE_ID === null) return expert
  await requireLibraryPicture(tx, expert.PICTURE_ID, 'expert.PICTURE_ID', M.expertPicture)
  return { ...expert, IMG: '' }
}

export async function createArticle(q: Db, actor: Actor, input: unknown): Promise<ArticleView> {
  const { tagIds: chosen, newTags, productIds, published, publishedAt, expert, ...rest } = parsed(
    articleInput,
    input,
  )
  const id = await q.transaction(async (tx) => {
    const a = { ...rest, expert: await expertWithPicture(tx, expert), publishedAt: new Date(publishedAt) }
    await ensureCodeFree(tx, ARTICLE_CODE, a.code)
    const tagIds = [...new Set([...chosen, ...(await tagsByName(tx, newTags))])]
    const [row] = await tx
      .insert(articles)
      .values({ ...a, active: published })
      .returning({ id: articles.id })
    await setArticleLinks(tx, row!.id, tagIds, productIds)
    await audited(
      tx,
      actor,
      {
        objectType: 'article',
        objectId: row!.id,
        action: 'create',
        after: forAudit({ ...a, tagIds, productIds, published }),
      },
      CONTENT_TAGS,
    )
    return row!.id
  })
  return articleById(q, id)
}

export async function updateArticle(q: Db, actor: Actor, id: number, input: unknown): Promise<ArticleView> {
  const patch = parsed(articlePatch, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, articles, id, M.articleNotFound)
    const current = await articleById(tx, id)
    const { newTags, ...rest } = patch
    if (rest.expert !== undefined) rest.expert = await expertWithPicture(tx, rest.expert)
    // Lists compare as sets: the form sends them in its own order.
    if (rest.tagIds) rest.tagIds = [...new Set(rest.tagIds)].sort((x, y) => x - y)
    if (rest.productIds) rest.productIds = [...new Set(rest.productIds)].sort((x, y) => x - y)
    if (newTags?.length)
      rest.tagIds = [
        ...new Set([...(rest.tagIds ?? current.tagIds), ...(await tagsByName(tx, newTags))]),
      ].sort((x, y) => x - y)
    const { before, after } = changed(
      current as Record<string, unknown>,
      withIsoDate(rest) as Record<string, unknown>,
    )
    if (Object.keys(after).length === 0) return
    const { tagIds, productIds, published, publishedAt, ...columns } = after as Omit<
      z.output<typeof articlePatch>,
      'newTags'
    >
    await ensureCodeFree(tx, ARTICLE_CODE, columns.code, id)
    const set = {
      ...columns,
      ...(publishedAt === undefined ? {} : { publishedAt: new Date(publishedAt) }),
      ...(published === undefined ? {} : { active: published }),
    }
    if (Object.keys(set).length) await tx.update(articles).set(set).where(eq(articles.id, id))
    await setArticleLinks(tx, id, tagIds, productIds)
    await audited(
      tx,
      actor,
      {
        objectType: 'article',
        objectId: id,
        action: publishAction(published),
        before: forAudit(before),
        after: forAudit(after),
      },
      CONTENT_TAGS,
    )
  })
  return articleById(q, id)
}

/* ---------- news ---------- */

export const newsAddress = (code: string) => `/news/${code}/`

export async function listNews(q: Db | Tx, query: ContentListQuery): Promise<{ items: ContentListItem[] }> {
  const rows = await q
    .select({
      id: news.id,
      name: news.name,
      code: news.code,
      published: news.active,
      publishedAt: news.publishedAt,
    })
    .from(news)
    .where(searchWhere(query, { name: news.name, code: news.code, active: news.active }))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(500)
  return {
    items: rows.map((r) => ({
      ...r,
      group: '',
      publishedAt: r.publishedAt.toISOString(),
      url: newsAddress(r.code),
    })),
  }
}

export async function newsById(q: Db | Tx, id: number): Promise<NewsView> {
  const [row] = await q.select().from(news).where(eq(news.id, id))
  if (!row) throw new Refusal('not-found', M.newsNotFound)
  const { active, publishedAt, ...rest } = row
  return { ...rest, published: active, publishedAt: publishedAt.toISOString(), url: newsAddress(row.code) }
}

export async function createNews(q: Db, actor: Actor, input: unknown): Promise<NewsView> {
  const { published, publishedAt, ...rest } = parsed(newsInput, input)
  const n = { ...rest, publishedAt: new Date(publishedAt) }
  const id = await q.transaction(async (tx) => {
    await ensureCodeFree(tx, NEWS_CODE, n.code)
    const [row] = await tx
      .insert(news)
      .values({ ...n, active: published })
      .returning({ id: news.id })
    await audited(
      tx,
      actor,
      { objectType: 'news', objectId: row!.id, action: 'create', after: forAudit({ ...n, published }) },
      CONTENT_TAGS,
    )
    return row!.id
  })
  return newsById(q, id)
}

export async function updateNews(q: Db, actor: Actor, id: number, input: unknown): Promise<NewsView> {
  const patch = parsed(newsPatch, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, news, id, M.newsNotFound)
    const current = await newsById(tx, id)
    const { before, after } = changed(
      current as Record<string, unknown>,
      withIsoDate(patch) as Record<string, unknown>,
    )
    if (Object.keys(after).length === 0) return
    const { published, publishedAt, ...columns } = after as z.output<typeof newsPatch>
    await ensureCodeFree(tx, NEWS_CODE, columns.code, id)
    await tx
      .update(news)
      .set({
        ...columns,
        ...(publishedAt === undefined ? {} : { publishedAt: new Date(publishedAt) }),
        ...(published === undefined ? {} : { active: published }),
      })
      .where(eq(news.id, id))
    await audited(
      tx,
      actor,
      {
        objectType: 'news',
        objectId: id,
        action: publishAction(published),
        before: forAudit(before),
        after: forAudit(after),
      },
      CONTENT_TAGS,
    )
  })
  return newsById(q, id)
}

/* ---------- legal pages ---------- */

export const legalAddress = (slug: string) => `/about/${slug}/`

export async function listLegalPages(
  q: Db | Tx,
  query: ContentListQuery,
): Promise<{ items: ContentListItem[] }> {
  const rows = await q
    .select({
      id: legalPages.id,
      name: legalPages.title,
      code: legalPages.slug,
      published: legalPages.active,
    })
    .from(legalPages)
    .where(searchWhere(query, { name: legalPages.title, code: legalPages.slug, active: legalPages.active }))
    .orderBy(asc(legalPages.id))
  return { items: rows.map((r) => ({ ...r, group: '', publishedAt: null, url: legalAddress(r.code) })) }
}

export async function legalById(q: Db | Tx, id: number): Promise<LegalView> {
  const [row] = await q.select().from(legalPages).where(eq(legalPages.id, id))
  if (!row) throw new Refusal('not-found', M.legalNotFound)
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    sections: row.sections,
    published: row.active,
    updatedAt: row.updatedAt.toISOString(),
    url: legalAddress(row.slug),
  }
}

export async function createLegalPage(q: Db, actor: Actor, input: unknown): Promise<LegalView> {
  const { published, ...p } = parsed(legalInput, input)
  const id = await q.transaction(async (tx) => {
    await ensureCodeFree(tx, LEGAL_SLUG, p.slug)
    const [row] = await tx
      .insert(legalPages)
      .values({ ...p, active: published })
      .returning({ id: legalPages.id })
    await audited(
      tx,
      actor,
      { objectType: 'legal_page', objectId: row!.id, action: 'create', after: { ...p, published } },
      CONTENT_TAGS,
    )
    return row!.id
  })
  return legalById(q, id)
}

export async function updateLegalPage(q: Db, actor: Actor, id: number, input: unknown): Promise<LegalView> {
  const patch = parsed(legalPatch, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, legalPages, id, M.legalNotFound)
    const current = await legalById(tx, id)
    const { before, after } = changed(current as Record<string, unknown>, patch as Record<string, unknown>)
    if (Object.keys(after).length === 0) return
    const { published, ...columns } = after as z.output<typeof legalPatch>
    if (columns.slug !== undefined && LINKED_LEGAL_SLUGS.has(current.slug))
      throw invalid([{ field: 'slug', message: M.linkedSlug }])
    await ensureCodeFree(tx, LEGAL_SLUG, columns.slug, id)
    await tx
      .update(legalPages)
      .set({ ...columns, ...(published === undefined ? {} : { active: published }), updatedAt: new Date() })
      .where(eq(legalPages.id, id))
    await audited(
      tx,
      actor,
      { objectType: 'legal_page', objectId: id, action: publishAction(published), before, after },
      CONTENT_TAGS,
    )
  })
  return legalById(q, id)
}

/** Products for the editors' pickers: every product, hidden ones too, by name. */
export async function productOptions(q: Db | Tx): Promise<{ id: number; name: string }[]> {
  return q
    .select({ id: products.id, name: products.name })
    .from(products)
    .orderBy(asc(products.name), asc(products.id))
}
