import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { pointAnswers } from '@/db/schema'
import { pointsInCity as servicePointsInCity } from './delivery.db'
import { DELIVERY_LIMITS } from './delivery'
import { pointsAnswerOf, serviceSource, type PointsAnswer, type StoredPoints } from './points-answer'

type Q = Db | Tx

/**
 * A city's stored answer of one source (ADR 211), the side the buyer asked for: one row, one text read
 * as it is.
 */
export async function readStoredPoints(
  q: Q,
  source: string,
  cityCode: string,
  postPay: boolean,
): Promise<StoredPoints | undefined> {
  const [row] = await q
    .select({
      json: postPay ? pointAnswers.payPointsJson : pointAnswers.pointsJson,
      count: postPay ? pointAnswers.payPoints : pointAnswers.points,
      total: pointAnswers.points,
    })
    .from(pointAnswers)
    .where(and(eq(pointAnswers.source, source), eq(pointAnswers.cityCode, cityCode)))
    .limit(1)
  return row
}

/**
 * The answer as the points now are, written by whoever changed them, in its transaction: it replaces
 * whatever a reader stored meanwhile.
 */
export async function writeAnswer(
  q: Q,
  source: string,
  cityCode: string,
  answer: PointsAnswer,
): Promise<void> {
  await q
    .insert(pointAnswers)
    .values({ source, cityCode, ...answer, writtenAt: sql`now()` })
    .onConflictDoUpdate({
      target: [pointAnswers.source, pointAnswers.cityCode],
      set: { ...answer, writtenAt: sql`now()` },
    })
}

/**
 * A reader's answer built from the table when no row was stored (a city whose points changed through
 * a writer that only the triggers saw, or a table filled before ADR 211). It never replaces a row: a
 * writer that committed meanwhile wrote the newer one.
 */
export async function fillAnswer(
  q: Q,
  source: string,
  cityCode: string,
  answer: PointsAnswer,
): Promise<void> {
  await q
    .insert(pointAnswers)
    .values({ source, cityCode, ...answer })
    .onConflictDoNothing()
}

/** A service's points of a city (pickup_points) as the picker lists them: the live query's answer. */
export async function serviceAnswer(q: Q, serviceId: number, cityCode: string): Promise<PointsAnswer> {
  return pointsAnswerOf(await servicePointsInCity(q, [serviceId], cityCode, DELIVERY_LIMITS.maxPoints))
}

/** After a change of a service's points (the shop's own, ADR 187): the cities' answers written again. */
export async function rewriteServiceAnswers(
  q: Q,
  serviceId: number,
  cityCodes: readonly string[],
): Promise<void> {
  for (const cityCode of new Set(cityCodes))
    await writeAnswer(q, serviceSource(serviceId), cityCode, await serviceAnswer(q, serviceId, cityCode))
}
