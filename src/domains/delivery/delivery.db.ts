import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { isCheckViolation } from '@/db/errors'
import {
  cities,
  courierCities,
  courierSlotLoad,
  courierWindows,
  deliveryServices,
  deliveryTariffs,
  pickupPoints,
} from '@/db/schema'

export type Q = Db | Tx

export type CityRow = typeof cities.$inferSelect
export type ServiceRow = typeof deliveryServices.$inferSelect
export type TariffRow = typeof deliveryTariffs.$inferSelect
export type PointRow = typeof pickupPoints.$inferSelect
export type WindowRow = typeof courierWindows.$inferSelect

export async function cityByCode(q: Q, code: string): Promise<CityRow | undefined> {
  const [row] = await q.select().from(cities).where(eq(cities.code, code)).limit(1)
  return row
}

export async function cityByName(q: Q, name: string): Promise<CityRow | undefined> {
  const [row] = await q
    .select()
    .from(cities)
    .where(sql`lower(${cities.name}) = lower(${name})`)
    .orderBy(sql`${cities.population} desc`)
    .limit(1)
  return row
}

/** The first of `fiasIds` (most precise first) that is one of our cities. */
export async function cityByFiasIds(q: Q, fiasIds: string[]): Promise<CityRow | undefined> {
  if (fiasIds.length === 0) return undefined
  const rows = await q.select().from(cities).where(inArray(cities.fiasId, fiasIds))
  return fiasIds.map((id) => rows.find((r) => r.fiasId === id)).find((r) => r !== undefined)
}

/** Prefix matches first, then matches inside the name; larger cities first. */
export async function searchCities(q: Q, text: string, limit: number): Promise<CityRow[]> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`)
  return q
    .select()
    .from(cities)
    .where(or(ilike(cities.name, `%${escaped}%`), ilike(cities.region, `${escaped}%`)))
    .orderBy(sql`(lower(${cities.name}) like lower(${escaped + '%'})) desc`, sql`${cities.population} desc`, asc(cities.name))
    .limit(limit)
}

export async function activeServices(q: Q): Promise<ServiceRow[]> {
  return q.select().from(deliveryServices).where(eq(deliveryServices.active, true)).orderBy(asc(deliveryServices.sort))
}

export async function allTariffs(q: Q): Promise<TariffRow[]> {
  return q.select().from(deliveryTariffs)
}

/** Number of active points per service in a city. */
export async function pointCountsInCity(q: Q, cityCode: string): Promise<Map<number, number>> {
  const rows = await q
    .select({ serviceId: pickupPoints.serviceId, n: sql<number>`count(*)::int` })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.cityCode, cityCode), eq(pickupPoints.active, true)))
    .groupBy(pickupPoints.serviceId)
  return new Map(rows.map((r) => [r.serviceId, Number(r.n)]))
}

export async function pointsInCity(q: Q, serviceIds: number[], cityCode: string, limit: number): Promise<PointRow[]> {
  if (serviceIds.length === 0) return []
  return q
    .select()
    .from(pickupPoints)
    .where(and(inArray(pickupPoints.serviceId, serviceIds), eq(pickupPoints.cityCode, cityCode), eq(pickupPoints.active, true)))
    .orderBy(asc(pickupPoints.id))
    .limit(limit)
}

export async function pointById(q: Q, id: string): Promise<PointRow | undefined> {
  const [row] = await q.select().from(pickupPoints).where(eq(pickupPoints.id, id)).limit(1)
  return row
}

export interface CourierZone {
  leadDays: number
  /** Null: the distance tariff prices the city. */
  priceKopecks: number | null
  /** Null: the courier method's own threshold. */
  freeFromKopecks: number | null
}

export async function courierCity(q: Q, cityCode: string): Promise<CourierZone | undefined> {
  const [row] = await q
    .select({ leadDays: courierCities.leadDays, priceKopecks: courierCities.priceKopecks, freeFromKopecks: courierCities.freeFromKopecks })
    .from(courierCities)
    .where(eq(courierCities.cityCode, cityCode))
    .limit(1)
  return row
}

export async function windows(q: Q): Promise<WindowRow[]> {
  return q.select().from(courierWindows).orderBy(asc(courierWindows.timeFrom))
}

export async function slotLoads(q: Q, cityCode: string, dates: string[]) {
  if (dates.length === 0) return []
  return q
    .select()
    .from(courierSlotLoad)
    .where(and(eq(courierSlotLoad.cityCode, cityCode), inArray(courierSlotLoad.date, dates)))
}

/**
 * Takes one place in a slot, or nothing when it is full. The conditional upsert is one statement, so
 * concurrent orders cannot both take the last place (R4). `guard: false` exists only for the negative
 * control of the race test.
 */
/**
 * One more booking of the slot: a conditional upsert that stops at capacity (R4). The CHECK
 * `booked <= capacity` is the database's backstop should the condition ever be lost; its refusal is
 * the same answer, full, and is kept inside a savepoint so the caller's transaction stays usable.
 */
export async function takeSlotPlace(
  q: Q,
  slot: { cityCode: string; date: string; windowId: number; capacity: number },
  guard: boolean,
): Promise<boolean> {
  if (guard && slot.capacity < 1) return false
  try {
    const rows = await q.transaction((inner) =>
      inner
        .insert(courierSlotLoad)
        .values({ ...slot, booked: 1 })
        .onConflictDoUpdate({
          target: [courierSlotLoad.cityCode, courierSlotLoad.date, courierSlotLoad.windowId],
          set: { booked: sql`${courierSlotLoad.booked} + 1` },
          ...(guard ? { setWhere: sql`${courierSlotLoad.booked} < ${courierSlotLoad.capacity}` } : {}),
        })
        .returning({ booked: courierSlotLoad.booked }),
    )
    return rows.length === 1
  } catch (error) {
    if (isCheckViolation(error, 'courier_slot_load_capacity')) return false
    throw error
  }
}

export async function releaseSlotPlace(q: Q, slot: { cityCode: string; date: string; windowId: number }): Promise<boolean> {
  const rows = await q
    .update(courierSlotLoad)
    .set({ booked: sql`${courierSlotLoad.booked} - 1` })
    .where(
      and(
        eq(courierSlotLoad.cityCode, slot.cityCode),
        eq(courierSlotLoad.date, slot.date),
        eq(courierSlotLoad.windowId, slot.windowId),
        sql`${courierSlotLoad.booked} > 0`,
      ),
    )
    .returning({ booked: courierSlotLoad.booked })
  return rows.length === 1
}
