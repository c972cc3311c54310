import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { orderLines, productPictures } from '@/db/schema'
import type { PictureSize } from './media'

type Q = Db | Tx
export type PictureRecord = typeof productPictures.$inferSelect

export function selectPictures(q: Q, productId: number): Promise<PictureRecord[]> {
  return q.select().from(productPictures).where(eq(productPictures.productId, productId)).orderBy(asc(productPictures.position), asc(productPictures.id))
}

export async function selectPicture(q: Q, productId: number, id: number): Promise<PictureRecord | undefined> {
  const [row] = await q
    .select()
    .from(productPictures)
    .where(and(eq(productPictures.id, id), eq(productPictures.productId, productId)))
  return row
}

/** Positions 0…n-1 in the given order. */
export async function writePositions(q: Q, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) await q.update(productPictures).set({ position }).where(eq(productPictures.id, id))
}

/**
 * Whether a stored file is still needed after its picture is gone: another picture has the same
 * bytes (the same key), or an order line shows its address (order history keeps its picture).
 */
export async function fileStillUsed(q: Q, key: string, url: string, exceptPictureId: number): Promise<boolean> {
  const [picture] = await q
    .select({ id: productPictures.id })
    .from(productPictures)
    .where(and(ne(productPictures.id, exceptPictureId), sql`exists (select 1 from jsonb_each(${productPictures.sizes}) s where s.value->>'key' = ${key})`))
    .limit(1)
  if (picture) return true
  const [line] = await q.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.picture, url)).limit(1)
  return Boolean(line)
}

/**
 * The uploaded picture an offer shows (ADR 205): its own first, else the product's main one. The
 * subquery's order puts a picture of this offer before the rest, then follows the editor's order.
 * Spelled out with the table names: Drizzle leaves columns unqualified in a one-table select, and an
 * unqualified product_id inside the subquery would be the picture's own.
 */
const offerPictureRow = (column: string) =>
  sql.raw(`(select ${column} from product_pictures pp where pp.product_id = "offers"."product_id"
    order by coalesce(pp.offer_id = "offers"."id", false) desc, pp.position, pp.id limit 1)`)

/**
 * For the storefront's queries over offers: the offer's uploaded picture in the given size, or the
 * offer's own (the seed's pack shot) when the product has none.
 */
export function offerPictureSql(size: Extract<PictureSize, 'thumb' | 'card'>) {
  return sql<string>`coalesce(${offerPictureRow(`pp.sizes->'${size}'->>'url'`)}, "offers"."picture")`
}

/**
 * The same picture's three sizes as an `srcset` ("url 192w, url 480w, url 1200w", each its stored
 * width); '' for a pack shot, which is one picture.
 */
export function offerSrcsetSql() {
  return sql<string>`coalesce(${offerPictureRow(`(select string_agg((s.value->>'url') || ' ' || (s.value->>'width') || 'w', ', ' order by (s.value->>'width')::int) from jsonb_each(pp.sizes) s)`)}, '')`
}

/** A stored picture's sizes as an `srcset`, narrowest first. */
export function srcsetOf(sizes: PictureRecord['sizes']): string {
  return Object.values(sizes)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ')
}

/**
 * The product page's slides from uploaded pictures; empty when the product has none. Each carries its
 * srcset, and the card-size address and offer it is of, so the gallery turns to an offer's own picture.
 */
export async function selectGallerySlides(
  q: Q,
  productId: number,
): Promise<{ id: number; url: string; alt: string; thumb: string; srcset: string; card: string; offerId: number | null }[]> {
  const rows = await selectPictures(q, productId)
  return rows.flatMap((r) => {
    const url = r.sizes.gallery?.url
    return url ? [{ id: r.id, url, alt: r.alt, thumb: r.sizes.thumb?.url ?? url, srcset: srcsetOf(r.sizes), card: r.sizes.card?.url ?? url, offerId: r.offerId }] : []
  })
}
