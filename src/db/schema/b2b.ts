import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** B2B programmes a company can ask about (the spec's programmes {NAME, COLOR, OPTIONS}). */
export const b2bProgrammes = pgTable('b2b_programmes', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  color: text().notNull().default('#2f9e6a'),
  options: jsonb().$type<string[]>().notNull().default([]),
  sort: integer().notNull().default(500),
})

/** Webinars of the B2B calendar; `startsAt` is the spec's ACTIVE_TO shown as 'dd.mm.yyyy hh:mm'. */
export const b2bEvents = pgTable(
  'b2b_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    name: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    previewText: text().notNull().default(''),
    programme: text().notNull().default(''),
    /** Where registrants join the broadcast; sent in the confirmation mail (ADR 112). */
    link: text().notNull().default(''),
    speaker: text().notNull().default(''),
    /** Unpublished webinars are not in the calendar and take no registrations (ADR 202). */
    published: boolean().notNull().default(true),
  },
  (t) => [index('b2b_events_starts_idx').on(t.startsAt)],
)

/** Programme requests from /b2b/ (POST /ajax/b2bprogram/); each is also mailed to the shop. */
export const b2bRequests = pgTable('b2b_requests', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  phone: text().notNull(),
  email: text().notNull(),
  company: text().notNull().default(''),
  position: text().notNull().default(''),
  quantity: text().notNull().default(''),
  interests: jsonb().$type<string[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Webinar registrations (POST /ajax/b2bevent/); a repeated e-mail for one event is the same seat. */
export const b2bEventRegistrations = pgTable(
  'b2b_event_registrations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => b2bEvents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('b2b_event_registrations_event_email_idx').on(t.eventId, t.email)],
)
