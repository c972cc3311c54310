import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const users = pgTable('users', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** Stored lower-cased; the unique index makes a second account with the same e-mail impossible. */
  email: text().notNull().unique(),
  name: text().notNull().default(''),
  phone: text().notNull().default(''),
  birthday: date({ mode: 'string' }),
  birthdayChangeCount: integer().notNull().default(0),
  /** null: registered automatically after an order, no password set yet. */
  passwordHash: text(),
  subscribed: boolean().notNull().default(false),
  role: text().$type<'customer' | 'manager'>().notNull().default('customer'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Created lazily: a visitor who only browses never gets a row. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** sha256 of the cookie's id. */
    tokenHash: text().notNull().unique(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), check('sessions_token_hash_len', sql`length(${t.tokenHash}) = 64`)],
)
