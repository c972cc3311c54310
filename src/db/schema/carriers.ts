import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Pickup points of a real carrier (ADR 176), copied from its API by the points refresh so the
 * checkout's map never waits on the carrier. `carrier` is the module's code ('cdek'); `code` is the
 * carrier's own point code (MSK123), which the order keeps as MICRO_POINT_ID.
 */
export const carrierPoints = pgTable(
  'carrier_points',
  {
    carrier: text().notNull(),
    code: text().notNull(),
    /** Our city code (cities.code). */
    cityCode: text().notNull(),
    /** PVZ or POSTAMAT. */
    kind: text().notNull(),
    name: text().notNull(),
    address: text().notNull(),
    addressFull: text().notNull().default(''),
    addressComment: text().notNull().default(''),
    workTime: text().notNull().default(''),
    phone: text().notNull().default(''),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    haveCash: boolean().notNull().default(false),
    haveCashless: boolean().notNull().default(false),
    /** Cash on delivery (наложенный платёж) accepted: the buyer may pay on receipt. */
    allowedCod: boolean().notNull().default(false),
    weightMinGrams: integer().notNull().default(0),
    /** Null: the carrier names no limit; the service's own limit applies. */
    weightMaxGrams: integer(),
    /** False when a refresh no longer found it; kept so an order's point still reads. */
    active: boolean().notNull().default(true),
    refreshedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.carrier, t.code] }), index('carrier_points_city_idx').on(t.carrier, t.cityCode, t.active)],
)

/**
 * A city as a carrier knows it (its own city code) and when its points were last refreshed. A row is
 * made the first time the city is asked for, so the daily refresh covers the cities buyers use.
 */
export const carrierCities = pgTable(
  'carrier_cities',
  {
    carrier: text().notNull(),
    cityCode: text().notNull(),
    /** The carrier's code for the city; null: the carrier does not serve it. */
    carrierCityCode: text(),
    pointsRefreshedAt: timestamp({ withTimezone: true }),
    /** Set by the instance that takes the refresh, so two instances do not fetch the same city at once. */
    refreshClaimedAt: timestamp({ withTimezone: true }),
    lastError: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.carrier, t.cityCode] })],
)

/**
 * A parcel registered with a carrier for an order (ADR 188): СДЭК's order uuid, its track number
 * (cdek_number, known once СДЭК has accepted the order), the carrier's last status and when it was set.
 * One per order. `readyMailedAt` is set once, in the transaction that queues the buyer's «ждёт в пункте
 * выдачи» letter, so a repeated webhook or poll never mails twice.
 */
export const carrierShipments = pgTable(
  'carrier_shipments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer().notNull().unique(),
    carrier: text().notNull(),
    /** The carrier's id of the registered order (СДЭК: entity.uuid). */
    uuid: text().notNull().unique(),
    /** The track number the buyer can look up (СДЭК: cdek_number); empty until the carrier gives it. */
    trackNumber: text().notNull().default(''),
    tariffCode: integer(),
    /** The pickup point's code, or empty for a door delivery. */
    pointCode: text().notNull().default(''),
    statusCode: text().notNull().default(''),
    statusName: text().notNull().default(''),
    statusAt: timestamp({ withTimezone: true }),
    /** The carrier's status history as last read, oldest first. */
    statuses: jsonb().$type<{ code: string; name: string; at: string; city: string }[]>().notNull().default([]),
    readyMailedAt: timestamp({ withTimezone: true }),
    /** Delivered, returned or cancelled: the poll stops asking. */
    final: boolean().notNull().default(false),
    lastError: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carrier_shipments_open_idx').on(t.final, t.checkedAt)],
)
