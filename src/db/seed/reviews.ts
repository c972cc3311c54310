import { readFileSync } from 'node:fs'
import path from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../client'
import { env } from '../../lib/env'
import { products, reviews, users } from '../schema'

const file = z.object({
  /** Shop managers who moderate reviews; credentials in docs/decisions/062-review-moderation.md. */
  managers: z.array(z.object({ email: z.string().email(), name: z.string(), passwordHash: z.string().startsWith('scrypt$') })),
  reviews: z.array(
    z.object({
      code: z.string(),
      product: z.string(),
      author: z.string(),
      email: z.string().optional(),
      rating: z.number().int().min(1).max(5),
      text: z.string().min(1),
      date: z.string(),
      status: z.enum(['approved', 'pending']),
    }),
  ),
})

/**
 * Idempotent by e-mail and review code. A product's rating and count are then computed from its
 * approved reviews (ADR 114): the catalogue seed carries no ratings of its own.
 */
export async function seedReviews(db: Db): Promise<void> {
  const data = file.parse(JSON.parse(readFileSync(path.join(process.cwd(), 'src/db/seed/data/reviews.json'), 'utf8')))
  if (env().mode === 'demo') {
    await db
      .insert(users)
      .values(data.managers.map((m) => ({ email: m.email, name: m.name, passwordHash: m.passwordHash, role: 'manager' as const })))
      .onConflictDoNothing({ target: users.email })
  } else {
    // The demo moderator's password is published (ADR 062): a production shop never has it, and a
    // database that began as a demo loses it at the next start (ADR 152).
    const published = data.managers.map((m) => m.passwordHash)
    await db.update(users).set({ passwordHash: null }).where(inArray(users.passwordHash, published))
  }
  const codes = [...new Set(data.reviews.map((r) => r.product))]
  const rows = await db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.code, codes))
  const idOf = new Map(rows.map((r) => [r.code, r.id]))
  const values = data.reviews
    .filter((r) => idOf.has(r.product))
    .map((r) => ({
      code: r.code,
      productId: idOf.get(r.product)!,
      source: 'seed' as const,
      authorName: r.author,
      email: r.email ?? '',
      rating: r.rating,
      text: r.text,
      status: r.status,
      createdAt: new Date(r.date),
      moderatedAt: r.status === 'approved' ? new Date(r.date) : null,
    }))
  if (values.length) await db.insert(reviews).values(values).onConflictDoNothing({ target: reviews.code })
  // The same figures moderation keeps up to date (reviews.db.ts, recomputeRating), for every product at once.
  await db.execute(sql`
    update products p
    set rating = coalesce(r.average, 0), rates_count = coalesce(r.n, 0)
    from products p2
    left join (
      select product_id, avg(rating)::real as average, count(*)::int as n
      from reviews where status = 'approved' group by product_id
    ) r on r.product_id = p2.id
    where p.id = p2.id and (p.rating is distinct from coalesce(r.average, 0) or p.rates_count is distinct from coalesce(r.n, 0))`)
}
