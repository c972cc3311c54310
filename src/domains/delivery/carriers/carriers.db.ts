import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import { carrierCities, carrierPoints, cities } from '@/db/schema'
import { DELIVERY_LIMITS } from '../delivery'
import { carrierPickerSource, carrierSource, pointsAnswerOf, type PointsAnswer } from '../points-answer'
import { writeAnswer } from '../points-answer.db'
import type { CarrierCity, CarrierPoint } from './carrier'

type Q = Db | Tx

export type CarrierPointRow = typeof carrierPoints.$inferSelect
export type CarrierCityRow = typeof carrierCities.$inferSelect

/**
 * The active points of a city, as our CarrierPoint. The rows come back as one JSON text built by the
 * database: decoding Moscow's two thousand rows of nineteen columns one by one took PGlite about ten
 * times longer than parsing one string (bench/cdek-points.ts).
 */
export async function pointsInCity(q: Q, carrier: string, cityCode: string, limit: number): Promise<CarrierPoint[]> {
  const [row] = await queryRows<{ points: string }>(q, sql`
    select coalesce(json_agg(json_build_object(
      'code', code, 'cityCode', city_code, 'kind', kind, 'name', name, 'address', address, 'addressFull', address_full,
      'addressComment', address_comment, 'workTime', work_time, 'phone', phone, 'lat', lat, 'lon', lon,
      'haveCash', have_cash, 'haveCashless', have_cashless, 'allowedCod', allowed_cod,
      'weightMinGrams', weight_min_grams, 'weightMaxGrams', weight_max_grams, 'active', active
    ) order by code), '[]')::text as points
    from (
      select * from ${carrierPoints}
      where ${carrierPoints.carrier} = ${carrier} and ${carrierPoints.cityCode} = ${cityCode} and ${carrierPoints.active}
      order by ${carrierPoints.code} limit ${limit}
    ) p`)
  return row ? (JSON.parse(row.points) as CarrierPoint[]) : []
}

/** The carrier's points of a city as the picker lists them (ADR 211): the live query's answer. */
export async function carrierAnswer(q: Q, carrier: string, cityCode: string): Promise<PointsAnswer> {
  return pointsAnswerOf((await pointsInCity(q, carrier, cityCode, DELIVERY_LIMITS.maxPoints)).map(carrierPickerSource))
}

export async function pointCount(q: Q, carrier: string, cityCode: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(carrierPoints)
    .where(and(eq(carrierPoints.carrier, carrier), eq(carrierPoints.cityCode, cityCode), eq(carrierPoints.active, true)))
  return Number(row?.n ?? 0)
}

export async function pointByCode(q: Q, carrier: string, code: string): Promise<CarrierPointRow | undefined> {
  const [row] = await q
    .select()
    .from(carrierPoints)
    .where(and(eq(carrierPoints.carrier, carrier), eq(carrierPoints.code, code)))
    .limit(1)
  return row
}

const COLUMNS = [
  'carrier', 'code', 'cityCode', 'kind', 'name', 'address', 'addressFull', 'addressComment', 'workTime', 'phone', 'lat', 'lon',
  'haveCash', 'haveCashless', 'allowedCod', 'weightMinGrams', 'weightMaxGrams', 'active', 'refreshedAt',
] as const

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

/**
 * The city's points as the carrier lists them now: each upserted, and those of the city it no longer
 * lists set inactive (kept, so an order's point still reads), and the city's stored getPoints answer
 * written again (ADR 211). One transaction, so the map never shows half a refresh. The rows travel as
 * one JSON parameter (json_populate_recordset) rather than 28 000 bound parameters for Moscow's 1 500
 * points.
 */
export async function replaceCityPoints(db: Db, carrier: string, cityCode: string, points: readonly CarrierPoint[], at: Date): Promise<void> {
  const rows = points.map((p) => Object.fromEntries(COLUMNS.map((c) => [snake(c), c === 'carrier' ? carrier : c === 'refreshedAt' ? at.toISOString() : p[c]])))
  const columns = sql.raw(COLUMNS.map((c) => `"${snake(c)}"`).join(', '))
  const updates = sql.raw(
    COLUMNS.filter((c) => c !== 'carrier' && c !== 'code')
      .map((c) => `"${snake(c)}" = excluded."${snake(c)}"`)
      .join(', '),
  )
  await db.transaction(async (tx) => {
    if (rows.length > 0) {
      await tx.execute(
        sql`insert into carrier_points (${columns}) select ${columns} from json_populate_recordset(null::carrier_points, ${JSON.stringify(rows)}::json)
            on conflict (carrier, code) do update set ${updates}`,
      )
    }
    const codes = points.map((p) => p.code)
    await tx
      .update(carrierPoints)
      .set({ active: false, refreshedAt: at })
      .where(
        and(
          eq(carrierPoints.carrier, carrier),
          eq(carrierPoints.cityCode, cityCode),
          eq(carrierPoints.active, true),
          ...(codes.length > 0 ? [sql`${carrierPoints.code} not in (select json_array_elements_text(${JSON.stringify(codes)}::json))`] : []),
        ),
      )
    // The checkout's stored answer follows in the same transaction (ADR 211): never a map of half a refresh.
    await writeAnswer(tx, carrierSource(carrier), cityCode, await carrierAnswer(tx, carrier, cityCode))
  })
}

export async function cityRow(q: Q, carrier: string, cityCode: string): Promise<CarrierCityRow | undefined> {
  const [row] = await q
    .select()
    .from(carrierCities)
    .where(and(eq(carrierCities.carrier, carrier), eq(carrierCities.cityCode, cityCode)))
    .limit(1)
  return row
}

export async function ensureCityRow(q: Q, carrier: string, cityCode: string): Promise<void> {
  await q.insert(carrierCities).values({ carrier, cityCode }).onConflictDoNothing()
}

/**
 * Takes the refresh of a city for this instance: only when nobody took it within `staleBefore` (an
 * instance that died mid-refresh leaves its claim, which goes stale). True when taken.
 */
export async function claimRefresh(q: Q, carrier: string, cityCode: string, at: Date, staleBefore: Date): Promise<boolean> {
  const rows = await q
    .update(carrierCities)
    .set({ refreshClaimedAt: at })
    .where(
      and(
        eq(carrierCities.carrier, carrier),
        eq(carrierCities.cityCode, cityCode),
        or(isNull(carrierCities.refreshClaimedAt), lt(carrierCities.refreshClaimedAt, staleBefore)),
      ),
    )
    .returning({ cityCode: carrierCities.cityCode })
  return rows.length === 1
}

export async function finishRefresh(
  q: Q,
  carrier: string,
  cityCode: string,
  result: { carrierCityCode?: string | null; refreshedAt?: Date; error?: string },
): Promise<void> {
  await q
    .update(carrierCities)
    .set({
      refreshClaimedAt: null,
      lastError: result.error ?? '',
      ...(result.carrierCityCode !== undefined ? { carrierCityCode: result.carrierCityCode } : {}),
      ...(result.refreshedAt ? { pointsRefreshedAt: result.refreshedAt } : {}),
    })
    .where(and(eq(carrierCities.carrier, carrier), eq(carrierCities.cityCode, cityCode)))
}

/** Cities whose points are older than `before` (or never loaded), oldest first. */
export async function citiesDue(q: Q, carrier: string, before: Date, limit: number): Promise<string[]> {
  const rows = await q
    .select({ cityCode: carrierCities.cityCode })
    .from(carrierCities)
    .where(and(eq(carrierCities.carrier, carrier), or(isNull(carrierCities.pointsRefreshedAt), lt(carrierCities.pointsRefreshedAt, before))))
    .orderBy(sql`${carrierCities.pointsRefreshedAt} asc nulls first`, asc(carrierCities.cityCode))
    .limit(limit)
  return rows.map((r) => r.cityCode)
}

export async function knownCities(q: Q, carrier: string): Promise<string[]> {
  const rows = await q.select({ cityCode: carrierCities.cityCode }).from(carrierCities).where(eq(carrierCities.carrier, carrier))
  return rows.map((r) => r.cityCode)
}

export async function citiesByCodes(q: Q, carrier: string, codes: string[]): Promise<CarrierCityRow[]> {
  if (codes.length === 0) return []
  return q.select().from(carrierCities).where(and(eq(carrierCities.carrier, carrier), inArray(carrierCities.cityCode, codes)))
}

/** Our city by its code, as much as a carrier needs of it. */
/** The city's FIAS id from the cities table (ADR 174), to find it in a carrier's list (ADR 196). */
export async function cityFiasId(q: Q, code: string): Promise<string | null> {
  const [row] = await q.select({ fiasId: cities.fiasId }).from(cities).where(eq(cities.code, code)).limit(1)
  return row?.fiasId ?? null
}

export async function cityByCode(q: Q, code: string): Promise<CarrierCity | undefined> {
  const [row] = await q.select({ code: cities.code, name: cities.name, region: cities.region }).from(cities).where(eq(cities.code, code)).limit(1)
  return row
}
