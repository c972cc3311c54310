import 'server-only'
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { auditLog } from '@/db/schema/staff'
import { actorLabel, type Actor } from '@/domains/staff/permissions'

export interface Change {
  objectType: string
  objectId: string | number
  action: string
  before?: unknown
  after?: unknown
}

/**
 * Writes one line of the audit log in the caller's transaction, so a change and its record commit
 * or roll back together. Every back-office mutation calls it (ADR 162).
 */
export async function recordChange(q: Db | Tx, actor: Actor, change: Change): Promise<void> {
  await q.insert(auditLog).values({
    staffId: actor.kind === 'staff' ? actor.id : null,
    apiTokenId: actor.kind === 'token' ? actor.id : null,
    actor: actorLabel(actor),
    objectType: change.objectType,
    objectId: String(change.objectId),
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  })
}

/**
 * Many lines at once, for a bulk change (a catalogue import). The rows go as one JSON parameter:
 * PGlite takes a multi-row VALUES list of thousands of parameters several times slower.
 */
export async function recordChanges(q: Db | Tx, actor: Actor, changes: readonly Change[]): Promise<void> {
  const staffId = actor.kind === 'staff' ? actor.id : null
  const apiTokenId = actor.kind === 'token' ? actor.id : null
  for (let i = 0; i < changes.length; i += 5_000) {
    const rows = changes.slice(i, i + 5_000).map((c) => ({ t: c.objectType, i: String(c.objectId), a: c.action, b: c.before ?? null, f: c.after ?? null }))
    await q.execute(sql`insert into audit_log (staff_id, api_token_id, actor, object_type, object_id, action, before, after)
      select ${staffId}::int, ${apiTokenId}::int, ${actorLabel(actor)}, x.t, x.i, x.a, x.b, x.f
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(t text, i text, a text, b jsonb, f jsonb)`)
  }
}

export interface AuditFilter {
  objectType?: string
  objectId?: string
  staffId?: number
  /** Keyset pagination: entries older than this id. */
  beforeId?: number
  limit: number
}

export type AuditEntry = typeof auditLog.$inferSelect

export async function auditEntries(q: Db | Tx, filter: AuditFilter): Promise<AuditEntry[]> {
  const where: SQL[] = []
  if (filter.objectType) where.push(eq(auditLog.objectType, filter.objectType))
  if (filter.objectId) where.push(eq(auditLog.objectId, filter.objectId))
  if (filter.staffId) where.push(eq(auditLog.staffId, filter.staffId))
  if (filter.beforeId) where.push(lt(auditLog.id, filter.beforeId))
  return q
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit)
}
