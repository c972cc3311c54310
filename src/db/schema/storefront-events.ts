import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { sessions } from './accounts'

/**
 * Analytics events the storefront reports to the shop itself (POST /ajax/search/send-event):
 * CART_VIEW with the cart's sums, ORDER_SUCCESS with the order id. Kept for the shop's own reports;
 * the payload is what the server recomputed or accepted, never trusted for money.
 */
export const storefrontEvents = pgTable(
  'storefront_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    event: text().notNull(),
    /** The page view the event belongs to (the client's viewGuid). */
    viewGuid: text().notNull().default(''),
    sessionId: bigint({ mode: 'number' }).references(() => sessions.id, { onDelete: 'set null' }),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storefront_events_event_idx').on(t.event, t.createdAt)],
)

/** Search requests of the header box and the results page, for the shop's own "what people look for". */
export const searchQueries = pgTable(
  'search_queries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    term: text().notNull(),
    viewGuid: text().notNull().default(''),
    results: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_queries_created_idx').on(t.createdAt)],
)
