import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { announceChanges } from '@/db/change-feed'
import { cities, courierCities, deliveryServices, deliveryTariffs, pickupPoints } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { rewriteServiceAnswers } from '../points-answer.db'
import {
  OWN_DELIVERY_MESSAGES as M,
  type CourierZoneInput,
  type CourierZoneView,
  type OwnPickupTermsInput,
  type OwnPickupTermsView,
  type OwnPointInput,
  type OwnPointView,
} from './own-delivery.schema'

/**
 * The shop's own delivery (ADR 187): its pickup points (rows of `pickup_points` under the service whose
 * handler is 'shop') and its courier zones (`courier_cities` with a price). The checkout reads the same
 * rows through delivery.server.ts; every change is audited and announces the `delivery` cache tag, so
 * every instance's option lists and maps follow at once.
 */
const OWN_HANDLER = 'shop'
const TAG = 'delivery'

function invalid(field: string, message: string): Refusal {
  return new Refusal('invalid', message, { error: message, errors: [{ field, message }] })
}

async function ownService(q: Db | Tx) {
  const [row] = await q.select().from(deliveryServices).where(eq(deliveryServices.handler, OWN_HANDLER)).limit(1)
  // The seed makes it on every start; a database without it was never seeded.
  if (!row) throw new Refusal('conflict', 'Способ «Самовывоз из пункта магазина» не создан: запустите заполнение базы (npm run db:seed).')
  return row
}

async function cityOrRefuse(q: Db | Tx, code: string) {
  const [city] = await q.select().from(cities).where(eq(cities.code, code)).limit(1)
  if (!city) throw invalid('cityCode', M.unknownCity)
  return city
}

type PointRow = typeof pickupPoints.$inferSelect

function pointView(p: PointRow, cityName: string): OwnPointView {
  return {
    id: p.id,
    cityCode: p.cityCode,
    cityName,
    name: p.name,
    address: p.address,
    addressComment: p.addressComment,
    workTime: p.workTime,
    phone: p.phone,
    lat: p.lat,
    lon: p.lon,
    canGetPayment: p.canGetPayment,
    active: p.active,
  }
}

export async function listOwnPoints(q: Db | Tx): Promise<OwnPointView[]> {
  const rows = await q
    .select({ point: pickupPoints, cityName: cities.name })
    .from(pickupPoints)
    .innerJoin(deliveryServices, eq(deliveryServices.id, pickupPoints.serviceId))
    .leftJoin(cities, eq(cities.code, pickupPoints.cityCode))
    .where(eq(deliveryServices.handler, OWN_HANDLER))
    .orderBy(asc(cities.name), asc(pickupPoints.name))
  return rows.map((r) => pointView(r.point, r.cityName ?? r.point.cityCode))
}

export async function ownPoint(q: Db | Tx, id: string): Promise<OwnPointView> {
  const found = (await listOwnPoints(q)).find((p) => p.id === id)
  if (!found) throw new Refusal('not-found', M.unknownPoint)
  return found
}

/** A new point of the shop; its code (the order's MICRO_POINT_ID) is made here: SHOP-<8 hex>. */
export async function createOwnPoint(q: Db, actor: Actor, input: OwnPointInput): Promise<OwnPointView> {
  const id = await q.transaction(async (tx) => {
    const service = await ownService(tx)
    await cityOrRefuse(tx, input.cityCode)
    const row = { id: `SHOP-${randomBytes(4).toString('hex').toUpperCase()}`, serviceId: service.id, kind: 'PVZ', maxWeightGrams: service.maxWeightGrams, ...input }
    await tx.insert(pickupPoints).values(row)
    // The checkout's stored answer of the city, in the same transaction (ADR 211).
    await rewriteServiceAnswers(tx, service.id, [row.cityCode])
    await recordChange(tx, actor, { objectType: 'delivery-point', objectId: row.id, action: 'create', after: input })
    await announceChanges(tx, [TAG])
    return row.id
  })
  return ownPoint(q, id)
}

/** A change of a point; a point is never deleted (orders keep its code), only taken out of use. */
export async function updateOwnPoint(q: Db, actor: Actor, id: string, patch: Partial<OwnPointInput>): Promise<OwnPointView> {
  await q.transaction(async (tx) => {
    const service = await ownService(tx)
    const [before] = await tx
      .select()
      .from(pickupPoints)
      .where(and(eq(pickupPoints.id, id), eq(pickupPoints.serviceId, service.id)))
      .for('update')
    if (!before) throw new Refusal('not-found', M.unknownPoint)
    if (patch.cityCode !== undefined) await cityOrRefuse(tx, patch.cityCode)
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
    if (Object.keys(changes).length === 0) return
    await tx.update(pickupPoints).set(changes).where(eq(pickupPoints.id, id))
    // Both cities' stored answers when the point moved (ADR 211).
    await rewriteServiceAnswers(tx, service.id, [before.cityCode, patch.cityCode ?? before.cityCode])
    const old = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof PointRow]]))
    await recordChange(tx, actor, { objectType: 'delivery-point', objectId: id, action: 'update', before: old, after: changes })
    await announceChanges(tx, [TAG])
  })
  return ownPoint(q, id)
}

export async function listCourierZones(q: Db | Tx): Promise<CourierZoneView[]> {
  const rows = await q
    .select({ zone: courierCities, cityName: cities.name, region: cities.region })
    .from(courierCities)
    .leftJoin(cities, eq(cities.code, courierCities.cityCode))
    .orderBy(asc(cities.name))
  return rows.map((r) => ({
    cityCode: r.zone.cityCode,
    cityName: r.cityName ?? r.zone.cityCode,
    region: r.region ?? '',
    leadDays: r.zone.leadDays,
    priceKopecks: r.zone.priceKopecks,
    freeFromKopecks: r.zone.freeFromKopecks,
  }))
}

/** Adds the city to the courier's zones or changes its terms. */
export async function putCourierZone(q: Db, actor: Actor, cityCode: string, input: CourierZoneInput): Promise<CourierZoneView> {
  await q.transaction(async (tx) => {
    await cityOrRefuse(tx, cityCode)
    const [before] = await tx.select().from(courierCities).where(eq(courierCities.cityCode, cityCode)).for('update')
    await tx
      .insert(courierCities)
      .values({ cityCode, ...input })
      .onConflictDoUpdate({ target: courierCities.cityCode, set: input })
    await recordChange(tx, actor, { objectType: 'courier-zone', objectId: cityCode, action: before ? 'update' : 'create', before: before ?? null, after: input })
    await announceChanges(tx, [TAG])
  })
  const zone = (await listCourierZones(q)).find((z) => z.cityCode === cityCode)
  if (!zone) throw new Refusal('not-found', M.unknownZone)
  return zone
}

/**
 * The courier no longer goes to the city. Booked slots stay booked (their orders keep their dates);
 * the checkout stops offering the courier there at once.
 */
export async function deleteCourierZone(q: Db, actor: Actor, cityCode: string): Promise<{ deleted: true }> {
  await q.transaction(async (tx) => {
    const [before] = await tx.delete(courierCities).where(eq(courierCities.cityCode, cityCode)).returning()
    if (!before) throw new Refusal('not-found', M.unknownZone)
    await recordChange(tx, actor, { objectType: 'courier-zone', objectId: cityCode, action: 'delete', before, after: null })
    await announceChanges(tx, [TAG])
  })
  return { deleted: true }
}

/**
 * The price of pickup at the shop's points (ADR 195): the method's tariff rows (one per distance zone,
 * all alike here) and its free-delivery threshold. The checkout prices the method from them as before.
 */
export async function ownPickupTerms(q: Db | Tx): Promise<OwnPickupTermsView> {
  const service = await ownService(q)
  const [tariff] = await q.select().from(deliveryTariffs).where(eq(deliveryTariffs.serviceId, service.id)).orderBy(asc(deliveryTariffs.zone)).limit(1)
  return { priceKopecks: tariff?.baseKopecks ?? 0, freeFromKopecks: service.freeFromKopecks, daysFrom: tariff?.daysFrom ?? 1, daysTo: tariff?.daysTo ?? 2 }
}

/** Distance zones of the delivery tariffs (ADR 040): 0 … 5. */
const ZONES = [0, 1, 2, 3, 4, 5]

export async function putOwnPickupTerms(q: Db, actor: Actor, input: OwnPickupTermsInput): Promise<OwnPickupTermsView> {
  await q.transaction(async (tx) => {
    const service = await ownService(tx)
    const [locked] = await tx.select().from(deliveryServices).where(eq(deliveryServices.id, service.id)).for('update')
    const before = await ownPickupTerms(tx)
    const row = { baseKopecks: input.priceKopecks, perKgKopecks: 0, daysFrom: input.daysFrom, daysTo: input.daysTo }
    await tx
      .insert(deliveryTariffs)
      .values(ZONES.map((zone) => ({ serviceId: service.id, zone, ...row })))
      .onConflictDoUpdate({ target: [deliveryTariffs.serviceId, deliveryTariffs.zone], set: row })
    await tx.update(deliveryServices).set({ freeFromKopecks: input.freeFromKopecks }).where(eq(deliveryServices.id, locked!.id))
    await recordChange(tx, actor, { objectType: 'delivery-own-pickup', objectId: service.id, action: 'update', before, after: input })
    await announceChanges(tx, [TAG])
  })
  return ownPickupTerms(q)
}
