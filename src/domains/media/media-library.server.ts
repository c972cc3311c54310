import 'server-only'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { desc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { mediaPictures } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { parsed } from '@/domains/edits/edits'
import type { Actor } from '@/domains/staff/permissions'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { PICTURE_FILE_NAME, PICTURE_SIZE_NAMES } from './media'
import {
  LIBRARY_MESSAGES as M,
  libraryPictureView,
  type LibraryPictureView,
  type StoredSizes,
} from './media-library'
import { libraryUploadQuery } from './media-library.schema'
import { encodePicture } from './picture-encode.server'
import { IMMUTABLE, pictureStorage, uploadsRoot } from './picture-storage.server'

/**
 * The media library (issue 20, ADR 207): pictures for the home page's slides, checked and re-encoded
 * by the product pictures' code (ADR 184) into the same sizes, under `media/<content hash>.webp` on
 * the same storage. The same file uploaded twice is the one picture it already is. A library picture
 * is not deleted here: slides of the past and the audit name it.
 */
const FOLDER = 'media'
const LIST_LIMIT = 200

export async function listLibrary(q: Db | Tx): Promise<{ items: LibraryPictureView[] }> {
  const rows = await q
    .select()
    .from(mediaPictures)
    .orderBy(desc(mediaPictures.createdAt), desc(mediaPictures.id))
    .limit(LIST_LIMIT)
  return { items: rows.map(libraryPictureView) }
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
  const [row] = await q.select({ id: mediaPictures.id }).from(mediaPictures).where(eq(mediaPictures.id, id))
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
