import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { filterProperties, filterPropertyOptions, offers, products, sections } from './catalog'
import { orders } from './orders'
import { staff } from './staff'

/**
 * The exchange with 1С by CommerceML 2 (ADR 189, 190). 1С signs in once per run with HTTP Basic auth
 * and carries the session's cookie afterwards; each run is a row here, so its log can be read.
 */
export const exchangeSessions = pgTable(
  'exchange_sessions',
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
  (t) => [index('exchange_sessions_staff_idx').on(t.staffId), check('exchange_sessions_token_hash_len', sql`length(${t.tokenHash}) = 64`)],
)

/** Every request of a run that did something: a file received, an import step, its counts or its error. */
export const exchangeLog = pgTable(
  'exchange_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: bigint({ mode: 'number' }).references(() => exchangeSessions.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    type: text().notNull(),
    mode: text().notNull(),
    filename: text().notNull().default(''),
    /** 'success', 'progress' or 'failure', as answered. */
    outcome: text().notNull(),
    message: text().notNull().default(''),
    counts: jsonb().$type<Record<string, number>>(),
  },
  (t) => [index('exchange_log_at_idx').on(t.at), index('exchange_log_session_idx').on(t.sessionId)],
)

/**
 * How far the import of one file of one run got: the number of items (groups, goods, offers…) already
 * written, committed in the same transaction as their rows, so a repeated or resumed request never
 * writes an item twice.
 */
export const exchangeImports = pgTable(
  'exchange_imports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => exchangeSessions.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    position: integer().notNull().default(0),
    done: boolean().notNull().default(false),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_imports_file_idx').on(t.sessionId, t.filename)],
)

/**
 * A 1С group and the shop's section its goods go to. An editor's mapping (mapped = true) is never
 * changed by an import; an unmapped group gets a section of its own, named after it.
 */
export const exchangeGroups = pgTable('exchange_groups', {
  externalId: text().primaryKey(),
  name: text().notNull(),
  parentExternalId: text(),
  sectionId: integer()
    .notNull()
    .references(() => sections.id),
  mapped: boolean().notNull().default(false),
})

/** A 1С good (Ид) and the product made of it. */
export const exchangeProducts = pgTable(
  'exchange_products',
  {
    externalId: text().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The import that last listed it: a full import hides what it no longer lists. */
    seenIn: bigint({ mode: 'number' }),
    /** Marked for deletion in 1С: hidden, with its offers, until 1С lists it again unmarked. */
    deleted: boolean().notNull().default(false),
    /** The good's own article, barcode and VAT from import.xml, for offers that offers.xml brings later. */
    article: text().notNull().default(''),
    barcode: text().notNull().default(''),
    vatPercent: integer(),
  },
  (t) => [uniqueIndex('exchange_products_product_idx').on(t.productId)],
)

/** A 1С offer ('good' or 'good#characteristic') and the shop's offer made of it. */
export const exchangeOffers = pgTable(
  'exchange_offers',
  {
    externalId: text().primaryKey(),
    productExternalId: text().notNull(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    seenIn: bigint({ mode: 'number' }),
  },
  (t) => [uniqueIndex('exchange_offers_offer_idx').on(t.offerId), index('exchange_offers_product_idx').on(t.productExternalId)],
)

/** Reference values of 1С properties (Справочник): a good names a value by its Ид. */
export const exchangePropertyValues = pgTable('exchange_property_values', {
  /** 'property Ид' + '/' + 'value Ид'; a property's own name is kept under 'property Ид' + '/'. */
  key: text().primaryKey(),
  value: text().notNull(),
  /**
   * The filter option this reference value became (ADR 210), so an editor's rename of the option on
   * the site does not make the next import create the 1С name again.
   */
  optionId: integer().references(() => filterPropertyOptions.id, { onDelete: 'set null' }),
})

/**
 * A 1С property (Свойство of the classifier) and the shop's filter property its values fill (ADR 210).
 * The import keeps name and type current and never touches the mapping; null: not in the filter.
 */
export const exchangeProperties = pgTable('exchange_properties', {
  externalId: text().primaryKey(),
  name: text().notNull(),
  /** ТипЗначений: Справочник, Строка, Число… ('' when 1С does not say). */
  valueType: text().notNull().default(''),
  filterPropertyId: integer().references(() => filterProperties.id, { onDelete: 'set null' }),
})

/** Price types as 1С names them (ТипыЦен): the settings name the retail and the old price by name or Ид. */
export const exchangePriceTypes = pgTable('exchange_price_types', {
  externalId: text().primaryKey(),
  name: text().notNull(),
})

/**
 * Orders handed to 1С (type=sale): a `query` lists the orders not yet taken and notes which run was
 * given them; that run's `success` marks them taken. A query without success gives the same set again.
 */
export const exchangeOrders = pgTable(
  'exchange_orders',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sessionId: bigint({ mode: 'number' }).references(() => exchangeSessions.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
    takenAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('exchange_orders_session_idx').on(t.sessionId)],
)
