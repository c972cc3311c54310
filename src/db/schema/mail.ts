import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Transactional outbox: a use-case writes the message in its own transaction; a worker sends it
 * afterwards, so no external call ever runs inside a database transaction.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().$type<'mail'>().notNull().default('mail'),
    payload: jsonb().notNull(),
    /** The same key twice is stored once (a retried use-case does not mail twice). */
    dedupeKey: text().unique(),
    status: text().$type<'pending' | 'sending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_pending_idx').on(t.status, t.nextAttemptAt),
    check('outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
)
