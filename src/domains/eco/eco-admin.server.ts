import 'server-only'
import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { ecoPoints } from '@/db/schema'
import { changed, parsed } from '@/domains/edits/edits'
import { audited, ensureCodeFree, lockedRow, lockTable, type CodeRule } from '@/domains/edits/edits.server'
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

const CODE: CodeRule = { table: ecoPoints, column: ecoPoints.code, anyCase: true }

export async function createEcoPoint(q: Db, actor: Actor, input: unknown): Promise<EcoPointView> {
  const p = parsed(ecoPointInput, input)
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, ecoPoints)
    await ensureCodeFree(tx, CODE, p.code)
    const [row] = await tx.insert(ecoPoints).values(p).returning({ id: ecoPoints.id })
    await audited(tx, actor, { objectType: 'eco_point', objectId: row!.id, action: 'create', after: p }, TAGS)
    return row!.id
  })
  return ecoPointById(q, id)
}

export async function updateEcoPoint(q: Db, actor: Actor, id: number, input: unknown): Promise<EcoPointView> {
  const patch = parsed(ecoPointPatch, input)
  await q.transaction(async (tx) => {
    const { id: _id, ...current } = await lockedRow(tx, ecoPoints, id, columns, M.notFound)
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    await ensureCodeFree(tx, CODE, after.code, id)
    await tx.update(ecoPoints).set(after).where(eq(ecoPoints.id, id))
    await audited(tx, actor, { objectType: 'eco_point', objectId: id, action: 'update', before, after }, TAGS)
  })
  return ecoPointById(q, id)
}
