import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '@/db/client'
import { exchangeGroups, exchangeLog, exchangeSessions, sections, staff } from '@/db/schema'

type Q = Db | Tx

export interface LogFilter {
  type?: string | undefined
  mode?: string | undefined
  outcome?: string | undefined
}

function where(filter: LogFilter): SQL | undefined {
  return and(
    filter.type ? eq(exchangeLog.type, filter.type) : undefined,
    filter.mode ? eq(exchangeLog.mode, filter.mode) : undefined,
    filter.outcome ? eq(exchangeLog.outcome, filter.outcome) : undefined,
  )
}

/** Log lines, newest first, with the run and the account that made it. */
export async function logPage(q: Q, filter: LogFilter, offset: number, limit: number) {
  return q
    .select({ line: exchangeLog, staffName: staff.name, staffEmail: staff.email })
    .from(exchangeLog)
    .leftJoin(exchangeSessions, eq(exchangeSessions.id, exchangeLog.sessionId))
    .leftJoin(staff, eq(staff.id, exchangeSessions.staffId))
    .where(where(filter))
    .orderBy(desc(exchangeLog.id))
    .offset(offset)
    .limit(limit)
}

export async function logCount(q: Q, filter: LogFilter): Promise<number> {
  const [row] = await q.select({ n: count() }).from(exchangeLog).where(where(filter))
  return row?.n ?? 0
}

const parent = alias(exchangeGroups, 'parent_group')

/** 1С's groups with the section each one's goods go to, by name. */
export async function groupRows(q: Q) {
  return q
    .select({ group: exchangeGroups, sectionName: sections.name, parentName: parent.name })
    .from(exchangeGroups)
    .innerJoin(sections, eq(sections.id, exchangeGroups.sectionId))
    .leftJoin(parent, eq(parent.externalId, exchangeGroups.parentExternalId))
    .orderBy(exchangeGroups.name, exchangeGroups.externalId)
}

export async function lockGroup(tx: Tx, externalId: string) {
  const [row] = await tx.select().from(exchangeGroups).where(eq(exchangeGroups.externalId, externalId)).for('update')
  return row
}

export async function setGroupSection(tx: Tx, externalId: string, sectionId: number, mapped: boolean): Promise<void> {
  await tx.update(exchangeGroups).set({ sectionId, mapped }).where(eq(exchangeGroups.externalId, externalId))
}

export async function sectionChoices(q: Q) {
  return q.select({ id: sections.id, name: sections.name, active: sections.active }).from(sections).orderBy(sections.sort, sections.name)
}
