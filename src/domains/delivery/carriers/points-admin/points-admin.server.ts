import 'server-only'
import { and, desc, asc, eq, ilike, or, sql } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { carrierCities, carrierPoints, cities } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { carrierByCode, refreshCarrierCity } from '../registry.server'
import {
  CARRIER_POINTS_CARRIERS,
  CARRIER_POINTS_MESSAGES as M,
  type CarrierPointsView,
  type CarrierRefreshView,
} from './points-admin.schema'

/** The cities listed per carrier on the page; a search narrows them. */
export const CITY_LIMIT = 50

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Per carrier the module knows, whether it is connected and the cities whose points it has loaded
 * (points count, last refresh, last error), the largest first. A carrier's module is asked only
 * whether it is configured; the rows are read from carrier_cities and carrier_points.
 */
export async function carrierPointsOverview(q: Db, search = ''): Promise<CarrierPointsView[]> {
  const text = search.trim()
  const out: CarrierPointsView[] = []
  for (const c of CARRIER_POINTS_CARRIERS) {
    const [total] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(carrierCities)
      .where(eq(carrierCities.carrier, c.code))
    const points = sql<number>`(select count(*)::int from ${carrierPoints} where ${carrierPoints.carrier} = ${carrierCities.carrier}
      and ${carrierPoints.cityCode} = ${carrierCities.cityCode} and ${carrierPoints.active})`
    const rows = await q
      .select({
        cityCode: carrierCities.cityCode,
        cityName: cities.name,
        region: cities.region,
        carrierCityCode: carrierCities.carrierCityCode,
        refreshedAt: carrierCities.pointsRefreshedAt,
        lastError: carrierCities.lastError,
        points,
      })
      .from(carrierCities)
      .leftJoin(cities, eq(cities.code, carrierCities.cityCode))
      .where(
        and(
          eq(carrierCities.carrier, c.code),
          text
            ? or(ilike(cities.name, likeText(text)), ilike(carrierCities.cityCode, likeText(text)))
            : undefined,
        ),
      )
      .orderBy(desc(sql`coalesce(${cities.population}, 0)`), asc(carrierCities.cityCode))
      .limit(CITY_LIMIT)
    out.push({
      code: c.code,
      name: c.name,
      configured: carrierByCode(c.code)?.configured() ?? false,
      settings: [...c.settings],
      citiesTotal: Number(total?.n ?? 0),
      cities: rows.map((r) => ({
        cityCode: r.cityCode,
        cityName: r.cityName ?? r.cityCode,
        region: r.region ?? '',
        points: Number(r.points),
        // Not served: the carrier was asked and has no such city. Never asked yet counts as served.
        served: r.carrierCityCode !== null || r.refreshedAt === null,
        refreshedAt: r.refreshedAt ? r.refreshedAt.toISOString() : null,
        lastError: r.lastError,
      })),
    })
  }
  return out
}

/**
 * Loads one city's points from a carrier now (the page's «Обновить пункты»), through the carrier
 * registry. A carrier that does not answer keeps the city's old points (its module's rule) and the
 * answer says so in Russian. Audited whatever the outcome: the attempt is staff's action.
 */
export async function refreshCarrierPoints(
  q: Db,
  actor: Actor,
  carrierCode: string,
  cityCode: string,
): Promise<CarrierRefreshView> {
  const known = CARRIER_POINTS_CARRIERS.find((c) => c.code === carrierCode)
  const carrier = carrierByCode(carrierCode)
  if (!known || !carrier) throw new Refusal('not-found', M.unknownCarrier)
  if (!carrier.configured()) throw new Refusal('conflict', M.notConfigured)
  const [city] = await q
    .select({ code: cities.code, name: cities.name })
    .from(cities)
    .where(eq(cities.code, cityCode))
    .limit(1)
  if (!city) throw new Refusal('not-found', M.unknownCity)
  const outcome = await refreshCarrierCity(carrierCode, cityCode)
  if (!outcome) throw new Refusal('conflict', M.notConfigured)
  const view: CarrierRefreshView =
    outcome.status === 'refreshed'
      ? {
          status: 'refreshed',
          points: outcome.points,
          message: `${known.name}, ${city.name}: загружено пунктов — ${outcome.points}.`,
        }
      : outcome.status === 'not-served'
        ? { status: 'not-served', points: 0, message: `${known.name}, ${city.name}: ${M.notServed}` }
        : outcome.status === 'busy'
          ? { status: 'busy', points: null, message: M.busy }
          : { status: 'failed', points: null, message: `${known.name}: ${M.down}` }
  await recordChange(q, actor, {
    objectType: 'carrier-points',
    objectId: `${carrierCode}:${cityCode}`,
    action: 'refresh',
    after: {
      status: outcome.status,
      points: view.points,
      ...(outcome.status === 'failed' ? { error: outcome.error.slice(0, 500) } : {}),
    },
  })
  return view
}
