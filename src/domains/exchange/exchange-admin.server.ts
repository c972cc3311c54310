import 'server-only'
import type { Db } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { GROUP_MESSAGES, LOG_PAGE_SIZE, type ExchangeGroupsView, type ExchangeLogQuery, type GroupMappingInput } from './exchange-admin'
import { groupRows, lockGroup, logCount, logPage, sectionChoices, setGroupSection } from './exchange-admin.db'

/** The back office's exchange page (ADR 198): the log, newest first, filtered and paged. */
export async function exchangeLogView(q: Db, query: ExchangeLogQuery) {
  const filter = { type: query.type, mode: query.mode, outcome: query.outcome }
  const [rows, total] = await Promise.all([logPage(q, filter, (query.page - 1) * LOG_PAGE_SIZE, LOG_PAGE_SIZE), logCount(q, filter)])
  return {
    total,
    page: query.page,
    pageSize: LOG_PAGE_SIZE,
    items: rows.map(({ line, staffName, staffEmail }) => ({
      id: line.id,
      at: line.at.toISOString(),
      sessionId: line.sessionId,
      account: staffName || staffEmail || null,
      type: line.type,
      mode: line.mode,
      filename: line.filename,
      outcome: line.outcome,
      message: line.message,
      counts: line.counts ?? null,
    })),
  }
}
export type ExchangeLogView = Awaited<ReturnType<typeof exchangeLogView>>

/** 1С's groups, their section, and the sections an editor may choose. */
export async function exchangeGroupsView(q: Db): Promise<ExchangeGroupsView> {
  const [rows, choices] = await Promise.all([groupRows(q), sectionChoices(q)])
  return {
    groups: rows.map(({ group, sectionName, parentName }) => ({
      externalId: group.externalId,
      name: group.name,
      parentName: parentName ?? null,
      sectionId: group.sectionId,
      sectionName,
      mapped: group.mapped,
    })),
    sections: choices,
  }
}
export type { ExchangeGroupsView }

/**
 * The editor's mapping: the group's goods go to this section from now on, and no import changes it
 * or renames the section (mapped = true; exchange-catalog.server.ts keeps it). Goods already imported
 * move at the group's next import (the storefront changes then, so no cache is emptied now). Audited; the
 * same section again changes nothing.
 */
export async function mapGroup(q: Db, actor: Actor, input: GroupMappingInput) {
  await q.transaction(async (tx) => {
    const group = await lockGroup(tx, input.externalId)
    if (!group) throw new Refusal('not-found', GROUP_MESSAGES.noGroup)
    const sections = await sectionChoices(tx)
    if (!sections.some((s) => s.id === input.sectionId)) throw new Refusal('invalid', GROUP_MESSAGES.noSection, { error: GROUP_MESSAGES.noSection, errors: [{ field: 'sectionId', message: GROUP_MESSAGES.noSection }] })
    if (group.sectionId === input.sectionId && group.mapped) return
    await setGroupSection(tx, input.externalId, input.sectionId, true)
    await recordChange(tx, actor, {
      objectType: 'exchange-group',
      objectId: input.externalId,
      action: 'map',
      before: { sectionId: group.sectionId, mapped: group.mapped },
      after: { sectionId: input.sectionId, mapped: true },
    })
  })
  return exchangeGroupsView(q)
}
