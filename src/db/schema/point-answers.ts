import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The checkout's getPoints answer of a city's points, stored as ready JSON (ADR 211), so a request
 * reads one row instead of a thousand. `source` names where the points live: `carrier:<code>` for a
 * carrier's `carrier_points` (ADR 176), `service:<id>` for a service's `pickup_points` (the shop's own
 * points, ADR 187, and the demo's). Written in the transaction that changes the points; triggers on
 * both tables delete a city's row whenever its points change, so a writer that does not rewrite it
 * leaves no stale answer behind (the next read builds it again).
 */
export const pointAnswers = pgTable(
  'point_answers',
  {
    source: text().notNull(),
    cityCode: text().notNull(),
    /** JSON.stringify of the picker's points, every active point (postPay N). */
    pointsJson: text().notNull(),
    /** The same for the points that take payment on receipt (postPay Y). */
    payPointsJson: text().notNull(),
    points: integer().notNull(),
    payPoints: integer().notNull(),
    writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.cityCode] })],
)
