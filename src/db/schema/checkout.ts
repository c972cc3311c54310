import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sessions, users } from './accounts'
import { offers } from './catalog'

/** Buyer kinds of the checkout: an individual, or a legal entity that pays by invoice. */
export const personTypes = pgTable('person_types', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
})

export const orderPropGroups = pgTable(
  'order_prop_groups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    personTypeId: integer()
      .notNull()
      .references(() => personTypes.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    sort: integer().notNull().default(500),
  },
  (t) => [uniqueIndex('order_prop_groups_code_idx').on(t.personTypeId, t.code)],
)

export const ORDER_PROP_TYPES = ['STRING', 'NUMBER', 'Y/N', 'ENUM', 'DATE', 'LOCATION'] as const
export type OrderPropType = (typeof ORDER_PROP_TYPES)[number]

/** The order form's fields (ORDER_PROP_{id}); codes such as PROP_EMAIL or MICRO_POINT_ID carry meaning. */
export const orderProps = pgTable(
  'order_props',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    personTypeId: integer()
      .notNull()
      .references(() => personTypes.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => orderPropGroups.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    type: text().$type<OrderPropType>().notNull().default('STRING'),
    name: text().notNull(),
    description: text().notNull().default(''),
    defaultValue: text(),
    required: boolean().notNull().default(false),
    isEmail: boolean().notNull().default(false),
    isPhone: boolean().notNull().default(false),
    isLocation: boolean().notNull().default(false),
    isAddress: boolean().notNull().default(false),
    /** Longest accepted value; the comment-like fields stay short. */
    maxLength: integer().notNull().default(500),
    /** Shown only for these deliveries ('D') or pay systems ('P'); empty: always. */
    relation: jsonb().$type<{ ENTITY_TYPE: 'P' | 'D'; ENTITY_ID: string }[]>().notNull().default([]),
    sort: integer().notNull().default(500),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('order_props_code_idx').on(t.personTypeId, t.code)],
)

/** Payment methods; `code` selects the provider (card, dolyame, bill, cash). */
export const paySystems = pgTable('pay_systems', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  logo: text().notNull().default(''),
  isCash: boolean().notNull().default(false),
  /** Person type codes this method is offered to; empty: all. */
  personTypes: jsonb().$type<string[]>().notNull().default([]),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
})

export const COUPON_KINDS = ['percent', 'fixed', 'gift'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]

/**
 * Promo coupons take a percent or a fixed sum off the goods; gift coupons add a gift offer at no cost.
 * `usedCount` is bumped with a conditional update in the order transaction, the CHECK backs it.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored upper-cased; codes are compared case-insensitively. */
    code: text().notNull().unique(),
    kind: text().$type<CouponKind>().notNull(),
    /** Percent (1..100) for 'percent', kopecks for 'fixed', unused for 'gift'. */
    value: integer().notNull().default(0),
    discountName: text().notNull().default(''),
    /** Kopecks of goods needed before the coupon applies. */
    minSum: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    /** null: unlimited; 1: single-use. */
    maxUses: integer(),
    usedCount: integer().notNull().default(0),
    /** Uses per buyer (the same account, e-mail or phone); null: unlimited. */
    perBuyerLimit: integer(),
    giftOfferId: integer().references(() => offers.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    /** Set when staff end the coupon: it never applies again, and a used one is kept, not deleted. */
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_used_within_limit', sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
    check('coupons_used_non_negative', sql`${t.usedCount} >= 0`),
    check('coupons_per_buyer_positive', sql`${t.perBuyerLimit} is null or ${t.perBuyerLimit} >= 1`),
  ],
)

/** One row per order that used a coupon; released (deleted) once when the order is cancelled. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_uses_order_idx').on(t.couponId, t.orderId)],
)

/** Codes a visitor entered at checkout, kept per session (even unknown ones, shown as BAD). */
export const sessionCoupons = pgTable(
  'session_coupons',
  {
    sessionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.code] })],
)

/**
 * One order per checkout attempt: the save inserts its key in the order transaction, so a double
 * submit either waits for the first and gets its order, or finds it already there.
 */
export const checkoutKeys = pgTable(
  'checkout_keys',
  {
    owner: text().notNull(),
    key: text().notNull(),
    orderId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] })],
)

/** Saved buyer profiles of signed-in users: property values by code. */
export const buyerProfiles = pgTable(
  'buyer_profiles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personTypeId: integer()
      .notNull()
      .references(() => personTypes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    values: jsonb().$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buyer_profiles_user_idx').on(t.userId), uniqueIndex('buyer_profiles_name_idx').on(t.userId, t.personTypeId, t.name)],
)
