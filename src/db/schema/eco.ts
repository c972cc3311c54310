import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/** Pharmacies with an eco-box (used packaging collection), shown on the /eco/eco-box/ map by city. */
export const ecoPoints = pgTable(
  'eco_points',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    city: text().notNull(),
    name: text().notNull(),
    address: text().notNull(),
    fullAddress: text().notNull(),
    workTime: text().notNull().default(''),
    phone: text().notNull().default(''),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    sort: integer().notNull().default(500),
    /** A hidden point leaves the map; it is never deleted by the back office (ADR 202). */
    active: boolean().notNull().default(true),
  },
  (t) => [index('eco_points_city_idx').on(t.city)],
)
