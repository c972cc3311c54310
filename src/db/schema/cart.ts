import { sql } from 'drizzle-orm'
import { bigint, check, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users, sessions } from './accounts'
import { offers, products } from './catalog'

/**
 * Basket and favourites belong to a session until the visitor signs in, then to the user
 * (the account domain moves them over on login). Exactly one owner per row.
 */
export const basketLines = pgTable(
  'basket_lines',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    sessionId: bigint({ mode: 'number' }).references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('basket_lines_session_offer_idx').on(t.sessionId, t.offerId),
    uniqueIndex('basket_lines_user_offer_idx').on(t.userId, t.offerId),
    check('basket_lines_one_owner', sql`(${t.sessionId} is null) <> (${t.userId} is null)`),
    check('basket_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
)

export const favorites = pgTable(
  'favorites',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    sessionId: bigint({ mode: 'number' }).references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_session_product_idx').on(t.sessionId, t.productId),
    uniqueIndex('favorites_user_product_idx').on(t.userId, t.productId),
    check('favorites_one_owner', sql`(${t.sessionId} is null) <> (${t.userId} is null)`),
  ],
)
