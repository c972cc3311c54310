import 'server-only'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { ecoPoints } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { EDIT_MESSAGES, changed, invalid, parsed } from '@/domains/edits/edits'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { ECO_MESSAGES as M, ecoPointInput, ecoPointPatch, type EcoPointView } from './eco-admin.schema'

/**
 * Eco-box points as staff run them (ADR 202): each write locks its row, is audited ('eco_point') and
 * announces 'eco', the tag of the map's cities and points, in its own transaction. A point is hidden,
 * never deleted.
 */
const TAGS = ['eco'] as const

const columns = {
  id: ecoPoints.id,
  code: ecoPoints.code,
  city: ecoPoints.city,
  name: ecoPoints.name,
  address: ecoPoints.address,
  fullAddress: ecoPoints.fullAddress,
  workTime: ecoPoints.workTime,
  phone: ecoPoints.phone,
  lat: ecoPoints.lat,
  lon: ecoPoints.lon,
  sort: ecoPoints.sort,
  active: ecoPoints.active,
}

export async function listEcoPoints(
  q: Db | Tx,
  filter: { city?: string | undefined } = {},
): Promise<{ items: EcoPointView[] }> {
  const rows = await q
    .select(columns)
    .from(ecoPoints)
    .where(filter.city ? eq(ecoPoints.city, filter.city) : undefined)
    .orderBy(asc(ecoPoints.city), asc(ecoPoints.sort), asc(ecoPoints.id))
  return { items: rows }
}

export async function ecoPointById(q: Db | Tx, id: number): Promise<EcoPointView> {
  const [row] = await q.select(columns).from(ecoPoints).where(eq(ecoPoints.id, id))
  if (!row) throw new Refusal('not-found', M.notFound)
  return row
}

async function codeTaken(tx: Tx, value: string, except = 0): Promise<boolean> {
  const rows = await tx
    .select({ id: ecoPoints.id })
    .from(ecoPoints)
    .where(and(sql`lower(${ecoPoints.code}) = lower(${value})`, ne(ecoPoints.id, except)))
  return rows.length > 0
}

export async function createEcoPoint(q: Db, actor: Actor, input: unknown): Promise<EcoPointView> {
  const p = parsed(ecoPointInput, input)
  const id = await q.transaction(async (tx) => {
    await tx.execute(sql`lock table ${ecoPoints} in share row exclusive mode`)
    if (await codeTaken(tx, p.code)) throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    const [row] = await tx.insert(ecoPoints).values(p).returning({ id: ecoPoints.id })
    await recordChange(tx, actor, { objectType: 'eco_point', objectId: row!.id, action: 'create', after: p })
    await announceChanges(tx, TAGS)
    return row!.id
  })
  return ecoPointById(q, id)
}

export async function updateEcoPoint(q: Db, actor: Actor, id: number, input: unknown): Promise<EcoPointView> {
  const patch = parsed(ecoPointPatch, input)
  await q.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(ecoPoints).where(eq(ecoPoints.id, id)).for('update')
    if (!row) throw new Refusal('not-found', M.notFound)
    const { id: _id, ...current } = row
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    if (after.code !== undefined && (await codeTaken(tx, after.code, id)))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    await tx.update(ecoPoints).set(after).where(eq(ecoPoints.id, id))
    await recordChange(tx, actor, { objectType: 'eco_point', objectId: id, action: 'update', before, after })
    await announceChanges(tx, TAGS)
  })
  return ecoPointById(q, id)
}
