import 'server-only'
import { and, asc, count, eq } from 'drizzle-orm'
import { db, type Db } from '@/db/client'
import { savedViews } from '@/db/schema/staff'
import { Refusal } from '@/lib/refusal'
import type { Actor } from './permissions'
import { MAX_SAVED_VIEWS, SAVED_VIEW_MESSAGES, type SavedView, type SavedViewInput, type SavedViewList } from './saved-views.schema'

/**
 * Saved views are one staff member's shortcuts (issue 18), not shop data: nobody else sees them and
 * they change nothing for buyers, so they are not written to the audit log (ADR 166). Every read and
 * delete is scoped by the member's id, so another member's view is "not found", never touched.
 */
const columns = { id: savedViews.id, list: savedViews.list, name: savedViews.name, query: savedViews.query }

function asView(row: { id: number; list: string; name: string; query: string }): SavedView {
  return { ...row, list: row.list as SavedViewList }
}

export async function listSavedViews(actor: Actor, list: SavedViewList, q: Db = db()): Promise<SavedView[]> {
  // An integration's token is not a staff member: it has no views (and an empty list is not an error).
  if (actor.kind !== 'staff') return []
  const rows = await q
    .select(columns)
    .from(savedViews)
    .where(and(eq(savedViews.staffId, actor.id), eq(savedViews.list, list)))
    .orderBy(asc(savedViews.id))
  return rows.map(asView)
}

/** Saving under a name the member already uses replaces that view's filter: "save" means keep this. */
export async function saveView(actor: Actor, input: SavedViewInput, q: Db = db()): Promise<SavedView> {
  if (actor.kind !== 'staff') throw new Refusal('forbidden', SAVED_VIEW_MESSAGES.staffOnly)
  return q.transaction(async (tx) => {
    const mine = and(eq(savedViews.staffId, actor.id), eq(savedViews.list, input.list))
    const [existing] = await tx.select({ id: savedViews.id }).from(savedViews).where(and(mine, eq(savedViews.name, input.name)))
    if (!existing) {
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedViews).where(mine)
      if (n >= MAX_SAVED_VIEWS) throw new Refusal('conflict', SAVED_VIEW_MESSAGES.tooMany)
    }
    const [row] = await tx
      .insert(savedViews)
      .values({ staffId: actor.id, list: input.list, name: input.name, query: input.query })
      .onConflictDoUpdate({ target: [savedViews.staffId, savedViews.list, savedViews.name], set: { query: input.query } })
      .returning(columns)
    return asView(row!)
  })
}

export async function deleteView(actor: Actor, id: number, q: Db = db()): Promise<{ deleted: true }> {
  if (actor.kind !== 'staff') throw new Refusal('not-found', SAVED_VIEW_MESSAGES.notFound)
  const gone = await q
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.staffId, actor.id)))
    .returning({ id: savedViews.id })
  if (!gone.length) throw new Refusal('not-found', SAVED_VIEW_MESSAGES.notFound)
  return { deleted: true }
}
