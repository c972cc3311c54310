import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '@/db/client'
import { queryRows } from '@/db/rows'
import { exchangeGroups, exchangeLog, exchangeProperties, exchangeSessions, filterProperties, sections, staff } from '@/db/schema'

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

/** 1С's properties with their filter property and the number of reference values 1С listed. */
export async function propertyRows(q: Q) {
  return queryRows<{
    external_id: string
    name: string
    value_type: string
    value_count: number
    filter_property_id: number | null
    filter_property_name: string | null
  }>(
    q,
    sql`select ep.external_id, ep.name, ep.value_type, ep.filter_property_id, fp.name as filter_property_name,
        (select count(*)::int from exchange_property_values v
          where left(v.key, length(ep.external_id) + 1) = ep.external_id || '/' and length(v.key) > length(ep.external_id) + 1) as value_count
      from exchange_properties ep left join filter_properties fp on fp.id = ep.filter_property_id
      order by lower(ep.name), ep.external_id`,
  )
}

export async function filterPropertyChoices(q: Q) {
  return q
    .select({
      id: filterProperties.id,
      name: filterProperties.name,
      code: filterProperties.code,
      active: filterProperties.active,
    })
    .from(filterProperties)
    .orderBy(filterProperties.sort, filterProperties.id)
}

export async function lockExchangeProperty(tx: Tx, externalId: string) {
  const [row] = await tx
    .select()
    .from(exchangeProperties)
    .where(eq(exchangeProperties.externalId, externalId))
    .for('update')
  return row
}

export async function setPropertyFilter(
  tx: Tx,
  externalId: string,
  filterPropertyId: number | null,
): Promise<void> {
  await tx
    .update(exchangeProperties)
    .set({ filterPropertyId })
    .where(eq(exchangeProperties.externalId, externalId))
}
