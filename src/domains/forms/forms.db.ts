import { and, avg, count, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { articleRatings, cities, products, questions, subscriptions, type QuestionKind, type SubscriptionStatus } from '@/db/schema'

export async function productName(db: Db | Tx, id: number): Promise<string | null> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id))
  return row?.name ?? null
}

export async function insertQuestion(
  tx: Tx,
  q: {
    kind: QuestionKind
    productId: number | null
    productName: string
    theme: string
    name: string
    email: string
    phone: string
    message: string
    adsAgreement: boolean
    userId: number | null
  },
): Promise<number> {
  const [row] = await tx.insert(questions).values(q).returning({ id: questions.id })
  if (!row) throw new Error('question insert returned nothing')
  return row.id
}

export async function findSubscription(db: Db | Tx, email: string, page: string) {
  const [row] = await db
    .select({ id: subscriptions.id, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.email, email), eq(subscriptions.page, page)))
  return row ?? null
}

/** Inserts once per e-mail and page; answers null when the pair already exists. */
export async function insertSubscription(
  tx: Tx,
  row: { email: string; page: string; userId: number | null; confirmTokenHash: string; unsubscribeTokenHash: string; promo: boolean },
): Promise<number | null> {
  const [inserted] = await tx
    .insert(subscriptions)
    .values(row)
    .onConflictDoNothing({ target: [subscriptions.email, subscriptions.page] })
    .returning({ id: subscriptions.id })
  return inserted?.id ?? null
}

/** An unsubscribed address that subscribes again waits for a new confirmation. */
export async function restartSubscription(tx: Tx, id: number, confirmTokenHash: string, unsubscribeTokenHash: string): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ status: 'pending', confirmTokenHash, unsubscribeTokenHash, confirmedAt: null, unsubscribedAt: null })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'unsubscribed')))
    .returning({ id: subscriptions.id })
  return rows.length === 1
}

export async function confirmByToken(db: Db | Tx, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'confirmed', confirmedAt: at })
    .where(and(eq(subscriptions.confirmTokenHash, tokenHash), eq(subscriptions.status, 'pending')))
    .returning({ id: subscriptions.id })
  return rows.length === 1
}

export async function unsubscribeByToken(db: Db | Tx, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'unsubscribed' satisfies SubscriptionStatus, unsubscribedAt: at })
    .where(and(eq(subscriptions.unsubscribeTokenHash, tokenHash), sql`${subscriptions.status} <> 'unsubscribed'`))
    .returning({ id: subscriptions.id })
  return rows.length === 1
}

/** The region (`cities.region`) of a location code from the region cookie; null for an unknown code. */
export async function regionOfCity(db: Db | Tx, code: string): Promise<string | null> {
  const [row] = await db.select({ region: cities.region }).from(cities).where(eq(cities.code, code))
  return row?.region ?? null
}

/** One vote per visitor and article; answers the stored mark (the earlier one when voting again). */
export async function rateArticle(db: Db | Tx, articleId: string, visitor: string, rating: number): Promise<{ rating: number; fresh: boolean }> {
  const [inserted] = await db
    .insert(articleRatings)
    .values({ articleId, visitor, rating })
    .onConflictDoNothing({ target: [articleRatings.articleId, articleRatings.visitor] })
    .returning({ rating: articleRatings.rating })
  if (inserted) return { rating: inserted.rating, fresh: true }
  const [existing] = await db
    .select({ rating: articleRatings.rating })
    .from(articleRatings)
    .where(and(eq(articleRatings.articleId, articleId), eq(articleRatings.visitor, visitor)))
  return { rating: existing?.rating ?? rating, fresh: false }
}

export async function articleRatingSummary(db: Db | Tx, articleId: string): Promise<{ average: number; count: number }> {
  const [row] = await db
    .select({ average: avg(articleRatings.rating), count: count() })
    .from(articleRatings)
    .where(eq(articleRatings.articleId, articleId))
  return { average: Number(row?.average ?? 0), count: Number(row?.count ?? 0) }
}
