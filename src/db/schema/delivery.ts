import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'

export const DELIVERY_TYPES = ['pickup', 'postal', 'courier'] as const
export type DeliveryType = (typeof DELIVERY_TYPES)[number]

/**
 * A delivery method offered at checkout. The id is the checkout's DELIVERY_ID, so it is fixed by the
 * seed rather than generated. `handler` names the provider in the delivery registry.
 */
export const deliveryServices = pgTable('delivery_services', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  handler: text().notNull(),
  type: text().$type<DeliveryType>().notNull(),
  name: text().notNull(),
  description: text().notNull().default(''),
  logo: text().notNull().default(''),
  sort: integer().notNull().default(500),
  /** Heaviest parcel the method carries; heavier baskets see the method blocked. */
  maxWeightGrams: integer().notNull(),
  /** Basket sum from which delivery is free; null: never free. */
  freeFromKopecks: integer(),
  active: boolean().notNull().default(true),
})

/** Price and period by zone (distance band from the shop's warehouse): first kilogram + each started kilogram. */
export const deliveryTariffs = pgTable(
  'delivery_tariffs',
  {
    serviceId: integer()
      .notNull()
      .references(() => deliveryServices.id, { onDelete: 'cascade' }),
    zone: integer().notNull(),
    baseKopecks: integer().notNull(),
    perKgKopecks: integer().notNull(),
    daysFrom: integer().notNull(),
    daysTo: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.zone] })],
)

/** Pickup points, postamats and post offices. The id is the carrier's own point code. */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: text().primaryKey(),
    serviceId: integer()
      .notNull()
      .references(() => deliveryServices.id, { onDelete: 'cascade' }),
    cityCode: text().notNull(),
    /** PVZ, POSTAMAT or POST. */
    kind: text().notNull(),
    name: text().notNull(),
    address: text().notNull(),
    addressComment: text().notNull().default(''),
    workTime: text().notNull().default(''),
    phone: text().notNull().default(''),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    /** Accepts payment on receipt; otherwise 'Только предоплата!'. */
    canGetPayment: boolean().notNull().default(true),
    maxWeightGrams: integer().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [index('pickup_points_service_city_idx').on(t.serviceId, t.cityCode)],
)

/**
 * The shop's own courier zones (ADR 187): a city the courier serves, its extra lead time, and its
 * price. `priceKopecks` null prices the city by the distance tariff (ADR 040); `freeFromKopecks`
 * null takes the courier method's own free-delivery threshold.
 */
export const courierCities = pgTable(
  'courier_cities',
  {
    cityCode: text().primaryKey(),
    leadDays: integer().notNull().default(1),
    priceKopecks: integer(),
    freeFromKopecks: integer(),
  },
  (t) => [
    check('courier_cities_price', sql`${t.priceKopecks} is null or ${t.priceKopecks} >= 0`),
    check('courier_cities_free_from', sql`${t.freeFromKopecks} is null or ${t.freeFromKopecks} >= 0`),
  ],
)

/** Time windows the courier offers every working day, with how many deliveries each can take. */
export const courierWindows = pgTable(
  'courier_windows',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    timeFrom: text().notNull(),
    timeTo: text().notNull(),
    capacity: integer().notNull(),
  },
  (t) => [uniqueIndex('courier_windows_time_idx').on(t.timeFrom, t.timeTo), check('courier_windows_capacity', sql`${t.capacity} >= 0`)],
)

/**
 * Booked deliveries per city, date and window. A row appears with the first booking and is incremented
 * with a conditional update, so capacity holds under concurrent orders (reliability R4).
 */
export const courierSlotLoad = pgTable(
  'courier_slot_load',
  {
    cityCode: text().notNull(),
    /** YYYY-MM-DD in the shop's time zone. */
    date: text().notNull(),
    windowId: integer()
      .notNull()
      .references(() => courierWindows.id, { onDelete: 'cascade' }),
    booked: integer().notNull().default(0),
    capacity: integer().notNull(),
  },
  // The conditional update keeps `booked` within capacity; the check is the database's own backstop.
  (t) => [
    primaryKey({ columns: [t.cityCode, t.date, t.windowId] }),
    check('courier_slot_load_booked', sql`${t.booked} >= 0`),
    check('courier_slot_load_capacity', sql`${t.booked} <= ${t.capacity}`),
  ],
)
