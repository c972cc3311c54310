import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Shop settings a manager changes without code (minimum order sum, holiday notice window, …). */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
