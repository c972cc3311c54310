import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { orders } from './orders'

export const STAFF_ROLES = ['owner', 'manager', 'content', 'warehouse', 'exchange'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** The shop's staff, apart from buyers: another table, another cookie, another login (ADR 162). */
export const staff = pgTable('staff', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** Stored lower-cased. */
  email: text().notNull().unique(),
  name: text().notNull().default(''),
  role: text().$type<StaffRole>().notNull(),
  /** null until the one-time set-password link is used. */
  passwordHash: text(),
  /** Base32 TOTP secret; null: no second factor. */
  totpSecret: text(),
  /** The last TOTP time step accepted, so a code is never taken twice. */
  totpLastStep: bigint({ mode: 'number' }),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** sha256 of the cookie's value. */
    tokenHash: text().notNull().unique(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), check('staff_sessions_token_hash_len', sql`length(${t.tokenHash}) = 64`)],
)

/** One-time links: set the first password, reset a forgotten one. */
export const staffPasswordTokens = pgTable('staff_password_tokens', {
  tokenHash: text().primaryKey(),
  staffId: integer()
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
})

/** Integration tokens: created by an owner, acting with a role, revocable. */
export const apiTokens = pgTable('api_tokens', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  role: text().$type<StaffRole>().notNull(),
  tokenHash: text().notNull().unique(),
  createdBy: integer().references(() => staff.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp({ withTimezone: true }),
  revokedAt: timestamp({ withTimezone: true }),
})

/** Every change made from the back office or its API: who, when, what, before → after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    staffId: integer().references(() => staff.id, { onDelete: 'set null' }),
    apiTokenId: integer().references(() => apiTokens.id, { onDelete: 'set null' }),
    /** Who it was, as words, kept when the account is gone. */
    actor: text().notNull(),
    objectType: text().notNull(),
    objectId: text().notNull(),
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [index('audit_log_object_idx').on(t.objectType, t.objectId, t.at), index('audit_log_staff_idx').on(t.staffId, t.at), index('audit_log_at_idx').on(t.at)],
)

/** A staff member's named list filters (orders, customers, …), kept on the server. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    list: text().notNull(),
    name: text().notNull(),
    query: text().notNull(),
  },
  (t) => [uniqueIndex('saved_views_name_idx').on(t.staffId, t.list, t.name)],
)

/** Which staff member wants which notification by e-mail (a new order, a review waiting, …). */
export const staffSubscriptions = pgTable(
  'staff_subscriptions',
  {
    staffId: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    event: text().notNull(),
  },
  (t) => [uniqueIndex('staff_subscriptions_idx').on(t.staffId, t.event)],
)

/** Staff notes on an order, shown on its timeline. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer().references(() => staff.id, { onDelete: 'set null' }),
    author: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
)
