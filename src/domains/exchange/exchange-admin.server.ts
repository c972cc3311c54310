import 'server-only'
import type { Db } from '@/db/client'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import {
  GROUP_MESSAGES,
  LOG_PAGE_SIZE,
  PROPERTY_MESSAGES,
  type ExchangeGroupsView,
  type ExchangeLogQuery,
  type ExchangePropertiesView,
  type GroupMappingInput,
  type PropertyMappingInput,
} from './exchange-admin'
import {
  filterPropertyChoices,
  groupRows,
  lockExchangeProperty,
  lockGroup,
  logCount,
  logPage,
  propertyRows,
  sectionChoices,
  setGroupSection,
  setPropertyFilter,
} from './exchange-admin.db'

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
export type { ExchangeGroupsView, ExchangePropertiesView }

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

/** 1С's properties, the filter property each fills, and the filter properties an editor may choose. */
export async function exchangePropertiesView(q: Db): Promise<ExchangePropertiesView> {
  const [rows, choices] = await Promise.all([propertyRows(q), filterPropertyChoices(q)])
  return {
    properties: rows.map((r) => ({
      externalId: r.external_id,
      name: r.name,
      valueType: r.value_type,
      values: Number(r.value_count),
      filterPropertyId: r.filter_property_id,
      filterPropertyName: r.filter_property_name,
    })),
    filterProperties: choices,
  }
}

/**
 * The editor's mapping of a 1С property onto a filter property (ADR 210), or out of the filter (null).
 * The imports keep it; the products' values follow at the next import of their goods, as the groups'
 * sections do (ADR 198), since the 1С values of goods already imported are not kept per product.
 * Audited; the same choice again writes nothing.
 */
export async function mapExchangeProperty(
  q: Db,
  actor: Actor,
  input: PropertyMappingInput,
): Promise<ExchangePropertiesView> {
  await q.transaction(async (tx) => {
    const property = await lockExchangeProperty(tx, input.externalId)
    if (!property) throw new Refusal('not-found', PROPERTY_MESSAGES.noProperty)
    if (
      input.filterPropertyId !== null &&
      !(await filterPropertyChoices(tx)).some((p) => p.id === input.filterPropertyId)
    )
      throw new Refusal('invalid', PROPERTY_MESSAGES.noFilterProperty, {
        error: PROPERTY_MESSAGES.noFilterProperty,
        errors: [{ field: 'filterPropertyId', message: PROPERTY_MESSAGES.noFilterProperty }],
      })
    if (property.filterPropertyId === input.filterPropertyId) return
    await setPropertyFilter(tx, input.externalId, input.filterPropertyId)
    await recordChange(tx, actor, {
      objectType: 'exchange-property',
      objectId: input.externalId,
      action: 'map',
      before: { filterPropertyId: property.filterPropertyId },
      after: { filterPropertyId: input.filterPropertyId },
    })
  })
  return exchangePropertiesView(q)
}
