import 'server-only'
import { asc, eq } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db } from '@/db/client'
import { encSections } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import {
  CONTENT_MESSAGES as M,
  encSectionOrder,
  type EncSectionView,
} from '@/domains/content/content-admin.schema'
import { invalid, parsed } from '@/domains/edits/edits'
import type { Actor } from '@/domains/staff/permissions'
import { listEncSections } from './encyclopedia-admin.server'

/** Positions are spaced so a seed or a hand-made sort value still fits between two of ours. */
const STEP = 10

/**
 * The order of the encyclopedia's sections, as its tabs show them (issue 20, ADR 208). The whole
 * new order is sent (every section once), as for the catalogue's sections (ADR 192): the sections'
 * rows are locked, so two editors' orders do not mix; an unchanged order writes nothing. 'content'
 * is announced in the transaction, so every instance's tabs follow on commit.
 */
export async function reorderEncSections(
  q: Db,
  actor: Actor,
  input: unknown,
): Promise<{ items: EncSectionView[] }> {
  const { sectionIds } = parsed(encSectionOrder, input)
  await q.transaction(async (tx) => {
    const rows = await tx
      .select({ id: encSections.id, sort: encSections.sort })
      .from(encSections)
      .orderBy(asc(encSections.sort), asc(encSections.id))
      .for('update')
    const known = new Set(rows.map((r) => r.id))
    if (
      new Set(sectionIds).size !== sectionIds.length ||
      sectionIds.length !== rows.length ||
      sectionIds.some((id) => !known.has(id))
    )
      throw invalid([{ field: 'sectionIds', message: M.sectionOrder }])
    const before = rows.map((r) => r.id)
    if (before.every((id, i) => id === sectionIds[i]) && rows.every((r, i) => r.sort === (i + 1) * STEP))
      return
    for (const [i, id] of sectionIds.entries())
      await tx
        .update(encSections)
        .set({ sort: (i + 1) * STEP })
        .where(eq(encSections.id, id))
    await recordChange(tx, actor, {
      objectType: 'enc_section',
      objectId: 'order',
      action: 'reorder',
      before: { sectionIds: before },
      after: { sectionIds },
    })
    await announceChanges(tx, ['content'])
  })
  return listEncSections(q)
}
