import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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

/** Delivery addresses of the personal account: at most 3 per user, kept in the order the buyer gave. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    address: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    check('user_addresses_position_range', sql`${t.position} between 0 and 2`),
    check('user_addresses_length', sql`length(${t.address}) between 1 and 500`),
  ],
)

/**
 * Single-use links that let a person set a password: recovery ('reset') and the first password of an
 * account created after an order ('set'). Only the sha256 of the token is stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    purpose: text().$type<'reset' | 'set'>().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId), check('password_tokens_hash_len', sql`length(${t.tokenHash}) = 64`)],
)

/**
 * Attempt counters for login, password checks, registrations and recovery mails, keyed by
 * "<kind>:<account or ip>". A row blocked until a moment in the future refuses before any password
 * hash is computed.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  blockedUntil: timestamp({ withTimezone: true }),
})

/** Accounts linked to a social network identity through the login provider (uLogin style). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text().notNull(),
    uid: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_identities_network_uid_idx').on(t.network, t.uid), index('social_identities_user_idx').on(t.userId)],
)
