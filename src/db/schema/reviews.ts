import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { offers, products } from './catalog'

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/**
 * Product reviews from both forms of the spec (the photo "widget" form and the native one). Nothing is
 * shown before a manager approves it; products.rating and ratesCount follow the approved ones.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    offerId: integer().references(() => offers.id, { onDelete: 'set null' }),
    /** The session's user, never the USER_ID a page sends. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    source: text().$type<'widget' | 'native' | 'seed'>().notNull(),
    authorName: text().notNull(),
    /** Only from the widget form; never shown publicly. */
    email: text().notNull().default(''),
    rating: smallint().notNull(),
    text: text().notNull(),
    status: text().$type<ReviewStatus>().notNull().default('pending'),
    /** Seed rows carry a code so that seeding twice adds nothing. */
    code: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp({ withTimezone: true }),
    moderatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_status_idx').on(t.status, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_text_length', sql`length(${t.text}) between 1 and 5000`),
    check('reviews_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)

/** Photos are re-encoded files under var/uploads/reviews/, named by a random id (never the buyer's name). */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** Path under /upload/, e.g. reviews/ab12….webp */
    file: text().notNull().unique(),
    width: integer().notNull(),
    height: integer().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId)],
)

/**
 * Article star ratings: one per visitor and article (the visitor is the user when signed in, else the
 * session), so clearing the cookie does not add a second vote from the same session.
 */
export const articleRatings = pgTable(
  'article_ratings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    articleId: text().notNull(),
    /** 'u:<user id>' or 's:<sha256 of the session id>' */
    visitor: text().notNull(),
    rating: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('article_ratings_visitor_idx').on(t.articleId, t.visitor),
    check('article_ratings_range', sql`${t.rating} between 0 and 5`),
  ],
)
