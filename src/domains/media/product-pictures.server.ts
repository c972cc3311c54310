import 'server-only'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { offers, productPictures, products } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { logger } from '@/lib/logger'
import { Refusal } from '@/lib/refusal'
import { MAX_PICTURES_PER_PRODUCT, PICTURE_MESSAGES as M, PICTURE_SIZE_NAMES } from './media'
import { encodePicture } from './picture-encode.server'
import { pictureStorage, storageOf, type PictureStorage } from './picture-storage.server'
import { pictureOrderInput, picturePatch, pictureUploadQuery, type PictureList, type PictureView } from './media.schema'
import { fileStillUsed, selectPicture, selectPictures, writePositions, type PictureRecord } from './product-pictures.db'

/**
 * Product pictures as the content editor runs them (issue 20, ADR 184). The files are encoded and
 * stored before the transaction (a refusal stores nothing); the row, its audit line and the
 * 'catalog' tag (ADR 160) go in one transaction under the product row's lock, so cards, the product
 * page and the cart of every instance drop the old picture on commit. A deleted picture's files go
 * after the commit, unless another picture or an order line still shows them.
 */
const CATALOG_TAGS = ['catalog'] as const

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw new Refusal('invalid', result.error.issues[0]?.message ?? M.order)
}

function toView(row: PictureRecord, position: number): PictureView {
  const url = (size: string) => row.sizes[size]?.url ?? ''
  const gallery = row.sizes.gallery
  return {
    id: row.id,
    position,
    main: position === 0,
    alt: row.alt,
    offerId: row.offerId,
    urls: { thumb: url('thumb'), card: url('card'), gallery: url('gallery') },
    width: gallery?.width ?? 0,
    height: gallery?.height ?? 0,
  }
}

async function lockProduct(tx: Tx, productId: number): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
  if (!row) throw new Refusal('not-found', M.productNotFound)
}

export async function listPictures(q: Db | Tx, productId: number): Promise<PictureList> {
  const [product] = await q.select({ id: products.id }).from(products).where(eq(products.id, productId))
  if (!product) throw new Refusal('not-found', M.productNotFound)
  const rows = await selectPictures(q, productId)
  return { productId, pictures: rows.map(toView) }
}

/** Removes stored files no picture and no order line names any more; a failure is only logged. */
async function removeUnused(q: Db, storage: PictureStorage | null, files: { key: string; url: string }[], exceptPictureId: number): Promise<void> {
  if (!storage) return
  for (const file of files) {
    try {
      if (!(await fileStillUsed(q, file.key, file.url, exceptPictureId))) await storage.remove(file.key)
    } catch (error) {
      logger.warn({ err: error, key: file.key }, 'a product picture file could not be removed')
    }
  }
}

export async function uploadPicture(q: Db, actor: Actor, productId: number, bytes: Uint8Array, query: unknown): Promise<PictureList> {
  const { alt = '' } = parsed(pictureUploadQuery, query)
  // Cheap refusals before the encoding's work; both are checked again under the lock.
  const before = await listPictures(q, productId)
  if (before.pictures.length >= MAX_PICTURES_PER_PRODUCT) throw new Refusal('conflict', M.count)
  const encoded = await encodePicture(bytes)
  const storage = pictureStorage()
  const sizes: PictureRecord['sizes'] = {}
  for (const size of encoded.sizes) {
    const key = `products/${size.fileName}`
    await storage.put(key, size.data, 'image/webp')
    sizes[size.name] = { key, url: storage.url(key), width: size.width, height: size.height }
  }
  try {
    await q.transaction(async (tx) => {
      await lockProduct(tx, productId)
      const current = await selectPictures(tx, productId)
      if (current.length >= MAX_PICTURES_PER_PRODUCT) throw new Refusal('conflict', M.count)
      if (current.some((p) => p.hash === encoded.hash)) throw new Refusal('conflict', M.duplicate)
      const [row] = await tx
        .insert(productPictures)
        .values({ productId, position: current.length, alt, hash: encoded.hash, storage: storage.kind, sizes })
        .returning({ id: productPictures.id })
      await recordChange(tx, actor, {
        objectType: 'product-picture',
        objectId: row!.id,
        action: 'create',
        after: { productId, position: current.length, alt, hash: encoded.hash, storage: storage.kind, files: PICTURE_SIZE_NAMES.map((n) => sizes[n]?.key) },
      })
      await announceChanges(tx, CATALOG_TAGS)
    })
  } catch (error) {
    await removeUnused(q, storage, Object.values(sizes), -1)
    throw error
  }
  return listPictures(q, productId)
}

/** The whole order at once (first is the main picture), as the editor's drag and arrows leave it. */
export async function reorderPictures(q: Db, actor: Actor, productId: number, input: unknown): Promise<PictureList> {
  const { pictureIds } = parsed(pictureOrderInput, input)
  await q.transaction(async (tx) => {
    await lockProduct(tx, productId)
    const before = (await selectPictures(tx, productId)).map((p) => p.id)
    const same = pictureIds.length === before.length && new Set(pictureIds).size === pictureIds.length && before.every((id) => pictureIds.includes(id))
    if (!same) throw new Refusal('invalid', M.order)
    if (before.every((id, i) => pictureIds[i] === id)) return
    await writePositions(tx, pictureIds)
    await recordChange(tx, actor, { objectType: 'product', objectId: productId, action: 'pictures-order', before: { pictureIds: before }, after: { pictureIds } })
    await announceChanges(tx, CATALOG_TAGS)
  })
  return listPictures(q, productId)
}

/** The alt text, and `main: true` to put the picture first. */
export async function updatePicture(q: Db, actor: Actor, productId: number, pictureId: number, input: unknown): Promise<PictureList> {
  const patch = parsed(picturePatch, input)
  await q.transaction(async (tx) => {
    await lockProduct(tx, productId)
    const current = await selectPicture(tx, productId, pictureId)
    if (!current) throw new Refusal('not-found', M.notFound)
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    if (patch.alt !== undefined && patch.alt !== current.alt) {
      await tx.update(productPictures).set({ alt: patch.alt }).where(eq(productPictures.id, pictureId))
      before.alt = current.alt
      after.alt = patch.alt
    }
    if (patch.offerId !== undefined && patch.offerId !== current.offerId) {
      if (patch.offerId !== null) {
        const [offer] = await tx.select({ id: offers.id }).from(offers).where(and(eq(offers.id, patch.offerId), eq(offers.productId, productId)))
        if (!offer) throw new Refusal('invalid', M.offer)
      }
      await tx.update(productPictures).set({ offerId: patch.offerId }).where(eq(productPictures.id, pictureId))
      before.offerId = current.offerId
      after.offerId = patch.offerId
    }
    if (patch.main) {
      const ids = (await selectPictures(tx, productId)).map((p) => p.id)
      if (ids[0] !== pictureId) {
        await writePositions(tx, [pictureId, ...ids.filter((id) => id !== pictureId)])
        before.main = false
        after.main = true
      }
    }
    if (Object.keys(after).length === 0) return
    await recordChange(tx, actor, { objectType: 'product-picture', objectId: pictureId, action: 'update', before: { productId, ...before }, after })
    await announceChanges(tx, CATALOG_TAGS)
  })
  return listPictures(q, productId)
}

export async function deletePicture(q: Db, actor: Actor, productId: number, pictureId: number): Promise<PictureList> {
  const removed = await q.transaction(async (tx) => {
    await lockProduct(tx, productId)
    const current = await selectPicture(tx, productId, pictureId)
    if (!current) throw new Refusal('not-found', M.notFound)
    await tx.delete(productPictures).where(eq(productPictures.id, pictureId))
    await writePositions(
      tx,
      (await selectPictures(tx, productId)).map((p) => p.id),
    )
    const { sizes, createdAt: _createdAt, ...kept } = current
    await recordChange(tx, actor, { objectType: 'product-picture', objectId: pictureId, action: 'delete', before: { ...kept, files: Object.values(sizes).map((s) => s.key) } })
    await announceChanges(tx, CATALOG_TAGS)
    return current
  })
  await removeUnused(q, storageOf(removed.storage), Object.values(removed.sizes), pictureId)
  return listPictures(q, productId)
}
