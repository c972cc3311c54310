import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { offers, products, reviewPhotos, reviews, type ReviewStatus } from '@/db/schema'
import type { ReviewSort } from './reviews'

export async function findProduct(db: Db | Tx, productId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, code: products.code })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)))
  return row ?? null
}

export async function findOffer(db: Db | Tx, offerId: number) {
  const [row] = await db
    .select({ id: offers.id, productId: offers.productId })
    .from(offers)
    .where(eq(offers.id, offerId))
  return row ?? null
}

export interface NewReview {
  productId: number
  offerId: number | null
  userId: number | null
  source: 'widget' | 'native'
  authorName: string
  email: string
  rating: number
  text: string
}

export async function insertReview(
  tx: Db | Tx,
  review: NewReview,
  photos: readonly { file: string; width: number; height: number }[],
): Promise<number> {
  const [row] = await tx.insert(reviews).values(review).returning({ id: reviews.id })
  if (!row) throw new Error('review insert returned nothing')
  if (photos.length) {
    await tx.insert(reviewPhotos).values(photos.map((p, i) => ({ reviewId: row.id, ...p, sort: i })))
  }
  return row.id
}

export interface ReviewRow {
  id: number
  authorName: string
  rating: number
  text: string
  createdAt: Date
  photos: { file: string; width: number; height: number }[]
}

async function withPhotos<T extends { id: number }>(db: Db | Tx, rows: T[]): Promise<(T & { photos: ReviewRow['photos'] })[]> {
  if (rows.length === 0) return []
  const photos = await db
    .select({ reviewId: reviewPhotos.reviewId, file: reviewPhotos.file, width: reviewPhotos.width, height: reviewPhotos.height })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, rows.map((r) => r.id)))
    .orderBy(asc(reviewPhotos.sort))
  return rows.map((r) => ({
    ...r,
    photos: photos.filter((p) => p.reviewId === r.id).map(({ file, width, height }) => ({ file, width, height })),
  }))
}

export async function approvedReviews(
  db: Db | Tx,
  productId: number,
  sort: ReviewSort,
  offset: number,
  limit: number,
): Promise<ReviewRow[]> {
  const order = sort === 'old' ? [asc(reviews.createdAt), asc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)]
  const rows = await db
    .select({ id: reviews.id, authorName: reviews.authorName, rating: reviews.rating, text: reviews.text, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .orderBy(...order)
    .offset(offset)
    .limit(limit)
  return withPhotos(db, rows)
}

/** Approved marks of one product: count per mark. */
export async function approvedMarks(db: Db | Tx, productId: number): Promise<{ rating: number; n: number }[]> {
  return db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .groupBy(reviews.rating)
}

export async function productRating(db: Db | Tx, productId: number) {
  const [row] = await db
    .select({ rating: products.rating, ratesCount: products.ratesCount })
    .from(products)
    .where(eq(products.id, productId))
  return row ?? null
}

export async function reviewsByStatus(db: Db | Tx, status: ReviewStatus, limit: number) {
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      authorName: reviews.authorName,
      email: reviews.email,
      userId: reviews.userId,
      source: reviews.source,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.status, status))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(limit)
  return withPhotos(db, rows)
}

/**
 * Moves a review from `from` to `to` only if it is still in `from` (two managers clicking at once
 * change it once). Answers the review's product and mark, or null when nothing changed.
 */
export async function changeStatus(
  tx: Tx,
  id: number,
  from: ReviewStatus,
  to: ReviewStatus,
  managerId: number | null,
  at: Date,
): Promise<{ productId: number; rating: number } | null> {
  const [row] = await tx
    .update(reviews)
    .set({ status: to, moderatedAt: at, moderatedBy: managerId })
    .where(and(eq(reviews.id, id), eq(reviews.status, from)))
    .returning({ productId: reviews.productId, rating: reviews.rating })
  return row ?? null
}

export async function reviewStatus(db: Db | Tx, id: number): Promise<ReviewStatus | null> {
  const [row] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id))
  return row?.status ?? null
}

/**
 * products.rating and ratesCount are the average and number of the product's approved reviews (ADR 114),
 * kept beside the product for cards, sorting and JSON-LD. Recomputed whole, never adjusted by one mark:
 * the product row is locked first, so two moderations of one product take turns and the second one's
 * statement sees the first one's committed review.
 */
export async function recomputeRating(tx: Tx, productId: number): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
  await tx.execute(sql`
    update products set
      rating = coalesce((select avg(rating)::real from reviews where product_id = ${productId} and status = 'approved'), 0),
      rates_count = (select count(*)::int from reviews where product_id = ${productId} and status = 'approved')
    where id = ${productId}`)
}
