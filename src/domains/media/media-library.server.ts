import 'server-only'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { articles, brands, featuredSlides, landingPages, mediaPictures, showcaseSlides } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { parsed } from '@/domains/edits/edits'
import { mealPlanPictureUses } from '@/domains/landings/meal-plan-pictures'
import type { Actor } from '@/domains/staff/permissions'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { PICTURE_FILE_NAME, PICTURE_SIZE_NAMES } from './media'
import {
  inUseMessage,
  LIBRARY_MESSAGES as M,
  libraryPictureView,
  type LibraryPictureView,
  type PictureUse,
  type StoredSizes,
} from './media-library'
import { libraryListQuery, libraryUploadQuery } from './media-library.schema'
import { encodePicture } from './picture-encode.server'
import { IMMUTABLE, pictureStorage, storageOf, uploadsRoot } from './picture-storage.server'

/**
 * The media library (issue 20, ADR 207): pictures for the home page's slides, checked and re-encoded
 * by the product pictures' code (ADR 184) into the same sizes, under `media/<content hash>.webp` on
 * the same storage. The same file uploaded twice is the one picture it already is. A picture nothing
 * shows any more may be deleted with its files (ADR 207 addendum); the audit keeps its description.
 */
const FOLDER = 'media'
const PAGE_SIZE = 60

/** `%` and `_` typed by an editor are letters to look for, not patterns. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listLibrary(
  q: Db | Tx,
  query: unknown = {},
): Promise<{ items: (LibraryPictureView & { inUse: boolean })[]; total: number; page: number; pageSize: number }> {
  const { q: text, page } = parsed(libraryListQuery, query)
  const where: SQL | undefined = text ? ilike(mediaPictures.alt, likeText(text)) : undefined
  const [rows, [counted]] = await Promise.all([
    q
      .select()
      .from(mediaPictures)
      .where(where)
      .orderBy(desc(mediaPictures.createdAt), desc(mediaPictures.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    q.select({ n: count() }).from(mediaPictures).where(where),
  ])
  const used = await usedAmong(
    q,
    rows.map((r) => r.id),
  )
  return {
    items: rows.map((r) => ({ ...libraryPictureView(r), inUse: used.has(r.id) })),
    total: counted?.n ?? 0,
    page,
    pageSize: PAGE_SIZE,
  }
}

/**
 * The article expert's photo and the meal plan's pictures are named inside JSON (the spec's
 * DATA_EXPERT, the landing's data), where no foreign key guards them: they are read here, so a
 * picture they show counts as used like a banner's (ADR 207, second addendum).
 */
const articleExpertPicture = sql<number>`(${articles.expert}->>'PICTURE_ID')::int`

async function jsonUses(q: Db | Tx, ids: readonly number[]): Promise<(PictureUse & { id: number })[]> {
  const [plans, experts] = await Promise.all([
    q.select({ data: landingPages.data }).from(landingPages).where(eq(landingPages.kind, 'meal-plan')),
    q
      .select({ id: articleExpertPicture, name: articles.name })
      .from(articles)
      .where(inArray(articleExpertPicture, [...ids])),
  ])
  const wanted = new Set(ids)
  return [
    ...plans.flatMap((p) => mealPlanPictureUses(p.data)).filter((u) => wanted.has(u.id)),
    ...experts.map((r) => ({ id: Number(r.id), kind: 'article-expert' as const, name: r.name })),
  ]
}

async function usedAmong(q: Db | Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const lists = await Promise.all([
    q.select({ id: featuredSlides.pictureId }).from(featuredSlides).where(inArray(featuredSlides.pictureId, ids)),
    q.select({ id: brands.pictureId }).from(brands).where(inArray(brands.pictureId, ids)),
    q.select({ id: showcaseSlides.pictureId }).from(showcaseSlides).where(inArray(showcaseSlides.pictureId, ids)),
    jsonUses(q, ids),
  ])
  return new Set(lists.flat().flatMap((r) => (r.id === null ? [] : [r.id])))
}

/**
 * Every banner, brand, expert slide, meal-plan item and article expert that names the picture
 * (hidden ones too: they may be shown again).
 */
export async function picturesUses(q: Db | Tx, id: number): Promise<PictureUse[]> {
  const [slides, brandRows, expertSlides, inJson] = await Promise.all([
    q.select({ name: featuredSlides.title }).from(featuredSlides).where(eq(featuredSlides.pictureId, id)),
    q.select({ name: brands.name }).from(brands).where(eq(brands.pictureId, id)),
    q.select({ name: showcaseSlides.title }).from(showcaseSlides).where(eq(showcaseSlides.pictureId, id)),
    jsonUses(q, [id]),
  ])
  return [
    ...slides.map((r) => ({ kind: 'featured-slide' as const, name: r.name })),
    ...brandRows.map((r) => ({ kind: 'brand' as const, name: r.name })),
    ...expertSlides.map((r) => ({ kind: 'expert-slide' as const, name: r.name })),
    ...inJson.map(({ kind, name }) => ({ kind, name })),
  ]
}

/**
 * Deletes a picture nothing names, then its files. The row is locked first: a form choosing the
 * picture at the same moment takes a key-share lock on it (`requireLibraryPicture`), so either the
 * delete sees that use and refuses, or the form finds the picture gone. Files go after the commit: a
 * failed commit must not leave a row whose files are gone; a failed removal only leaves files nobody
 * names (logged).
 */
export async function deleteLibraryPicture(q: Db, actor: Actor, id: number): Promise<{ id: number }> {
  const row = await q.transaction(async (tx) => {
    const [current] = await tx.select().from(mediaPictures).where(eq(mediaPictures.id, id)).for('update')
    if (!current) throw new Refusal('not-found', M.notFound)
    const uses = await picturesUses(tx, id)
    if (uses.length > 0) throw new Refusal('conflict', inUseMessage(uses))
    await tx.delete(mediaPictures).where(eq(mediaPictures.id, id))
    await recordChange(tx, actor, {
      objectType: 'media-picture',
      objectId: id,
      action: 'delete',
      before: {
        alt: current.alt,
        hash: current.hash,
        storage: current.storage,
        files: PICTURE_SIZE_NAMES.map((n) => current.sizes[n]?.key),
      },
    })
    return current
  })
  const storage = storageOf(row.storage)
  const keys = [...new Set(Object.values(row.sizes).map((s) => s.key))]
  if (!storage) {
    logger.warn({ id, keys }, 'a deleted media-library picture is on S3, which is no longer set up: files left')
    return { id }
  }
  for (const key of keys) {
    try {
      await storage.remove(key)
    } catch (error) {
      logger.warn({ id, key, error }, 'a deleted media-library picture left a file behind')
    }
  }
  return { id }
}

export async function libraryPictures(
  q: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, LibraryPictureView>> {
  if (ids.length === 0) return new Map()
  const rows = await q
    .select()
    .from(mediaPictures)
    .where(inArray(mediaPictures.id, [...ids]))
  return new Map(rows.map((r) => [r.id, libraryPictureView(r)]))
}

/** The picture's row, or the Russian refusal naming `field` of the form that chose it. */
export async function requireLibraryPicture(
  q: Db | Tx,
  id: number,
  field: string,
  message: string,
): Promise<void> {
  // Key share: a delete of this picture waits for this form's transaction, and then sees the use.
  const [row] = await q.select({ id: mediaPictures.id }).from(mediaPictures).where(eq(mediaPictures.id, id)).for('key share')
  if (!row) throw new Refusal('invalid', message, { error: message, errors: [{ field, message }] })
}

/**
 * Encodes and stores before the transaction (a refusal stores nothing); the row and its audit line
 * go together. Nothing on the storefront shows a picture until a slide chooses it, so no tag here.
 */
export async function uploadLibraryPicture(
  q: Db,
  actor: Actor,
  bytes: Uint8Array,
  query: unknown,
): Promise<LibraryPictureView> {
  const { alt = '' } = parsed(libraryUploadQuery, query)
  const encoded = await encodePicture(bytes)
  const [known] = await q.select().from(mediaPictures).where(eq(mediaPictures.hash, encoded.hash))
  if (known) return libraryPictureView(known)
  const storage = pictureStorage()
  const sizes: StoredSizes = {}
  for (const size of encoded.sizes) {
    const key = `${FOLDER}/${size.fileName}`
    await storage.put(key, size.data, 'image/webp')
    sizes[size.name] = { key, url: storage.url(key), width: size.width, height: size.height }
  }
  const row = await q.transaction(async (tx) => {
    // Two uploads of one file at once: the second finds the first's row instead of failing.
    const [inserted] = await tx
      .insert(mediaPictures)
      .values({ alt, hash: encoded.hash, storage: storage.kind, sizes })
      .onConflictDoNothing({ target: mediaPictures.hash })
      .returning()
    if (!inserted) return null
    await recordChange(tx, actor, {
      objectType: 'media-picture',
      objectId: inserted.id,
      action: 'create',
      after: {
        alt,
        hash: encoded.hash,
        storage: storage.kind,
        files: PICTURE_SIZE_NAMES.map((n) => sizes[n]?.key),
      },
    })
    return inserted
  })
  if (row) return libraryPictureView(row)
  const [other] = await q.select().from(mediaPictures).where(eq(mediaPictures.hash, encoded.hash))
  if (!other) {
    logger.warn({ hash: encoded.hash }, 'a media-library upload lost its race and found no row')
    throw new Refusal('not-found', M.notFound)
  }
  return libraryPictureView(other)
}

/** A stored size from the local disk: the name is checked against the content-hash pattern first. */
export async function readLibraryFile(name: string): Promise<Response> {
  if (!PICTURE_FILE_NAME.test(name)) return new Response('Not found', { status: 404 })
  try {
    const body = await readFile(path.join(uploadsRoot(), FOLDER, name))
    return new Response(body, {
      headers: {
        'content-type': 'image/webp',
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
      },
    })
  } catch {
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  }
}
