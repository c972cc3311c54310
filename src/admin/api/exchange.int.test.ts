import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { auditLog, exchangeGroups, exchangeLog, exchangeProducts, products, sections } from '@/db/schema'
import { GROUP_MESSAGES, LOG_PAGE_SIZE } from '@/domains/exchange/exchange-admin'
import type { ExchangeGroupsView, ExchangeLogView } from '@/domains/exchange/exchange-admin.server'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { reloadEnv } from '../../../tests/support/test-hooks'
import { call, importFile, importXml, sendFile, signIn } from '../../../tests/exchange/kit'
import { ADMIN_MESSAGES } from '../endpoint'
import { mapExchangeGroup, readExchangeGroups, readExchangeLog } from './exchange'
import { changeSettings } from './settings'

/** The back office's exchange pages through /api/admin/ (issue 21, ADR 198): the log, group mapping, settings. */
const DEMO = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'manager', Auth> = {} as never

async function api<T>(endpoint: Parameters<typeof callEndpoint>[0], auth: Auth, options: { body?: unknown; query?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await callEndpoint(endpoint, auth, options)
  return { status: response.status, body: (await response.json()) as T }
}

async function sectionOfGood(externalId: string) {
  const [row] = await db().select({ id: sections.id, name: sections.name }).from(exchangeProducts).innerJoin(products, eq(products.id, exchangeProducts.productId)).innerJoin(sections, eq(sections.id, products.sectionId)).where(eq(exchangeProducts.externalId, externalId))
  return row
}

beforeAll(async () => {
  vi.stubEnv('VAR_DIR', mkdtempSync(path.join(tmpdir(), 'exchange-admin-')))
  reloadEnv()
  for (const role of ['owner', 'content', 'manager'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
})

afterAll(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

describe('1С groups → the shop’s sections', () => {
  it('lists the groups 1С sent; an editor’s mapping survives the next import, which still renames the sections of groups nobody mapped', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    await sendFile(cookie, 'import.xml', importXml({ groups: [{ id: 'map-g1', name: 'Сопоставка Один' }, { id: 'map-g2', name: 'Сопоставка Два' }], goods: [{ id: 'map-good-a', name: 'Мапин капсулы', group: 'map-g1', article: 'MAP-A' }] }))
    await importFile(cookie, 'import.xml')

    const listed = await api<ExchangeGroupsView>(readExchangeGroups, as.content)
    expect(listed.status).toBe(200)
    const g1 = listed.body.groups.find((g) => g.externalId === 'map-g1')!
    expect(g1).toMatchObject({ name: 'Сопоставка Один', sectionName: 'Сопоставка Один', mapped: false })
    expect(listed.body.sections.some((s) => s.id === g1.sectionId)).toBe(true)

    const [own] = await db().insert(sections).values({ code: 'map-own-section', name: 'Свой раздел редактора' }).returning({ id: sections.id })
    const mapped = await api<ExchangeGroupsView>(mapExchangeGroup, as.content, { body: { externalId: 'map-g1', sectionId: own!.id } })
    expect(mapped.status).toBe(200)
    expect(mapped.body.groups.find((g) => g.externalId === 'map-g1')).toMatchObject({ sectionId: own!.id, sectionName: 'Свой раздел редактора', mapped: true })
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'exchange-group'), eq(auditLog.objectId, 'map-g1')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'map', before: { sectionId: g1.sectionId, mapped: false }, after: { sectionId: own!.id, mapped: true } })
    // The same choice again writes nothing.
    await api(mapExchangeGroup, as.content, { body: { externalId: 'map-g1', sectionId: own!.id } })
    expect(await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'exchange-group'), eq(auditLog.objectId, 'map-g1')))).toHaveLength(1)

    // 1С renames both groups and brings a new good in the mapped one.
    const again = await signIn(DEMO.email, DEMO.password)
    await sendFile(again, 'import.xml', importXml({ groups: [{ id: 'map-g1', name: 'Сопоставка Один (новое имя)' }, { id: 'map-g2', name: 'Сопоставка Два (новое имя)' }], goods: [{ id: 'map-good-a', name: 'Мапин капсулы', group: 'map-g1', article: 'MAP-A' }, { id: 'map-good-b', name: 'Мапин Б таблетки', group: 'map-g1', article: 'MAP-B' }] }))
    await importFile(again, 'import.xml')
    const rows = new Map((await db().select().from(exchangeGroups)).map((g) => [g.externalId, g]))
    expect(rows.get('map-g1')).toMatchObject({ sectionId: own!.id, mapped: true })
    const [ownAfter] = await db().select().from(sections).where(eq(sections.id, own!.id))
    expect(ownAfter!.name).toBe('Свой раздел редактора')
    expect(await sectionOfGood('map-good-b')).toEqual({ id: own!.id, name: 'Свой раздел редактора' })
    // Negative control: the import does rename an unmapped group's own section.
    const [g2Section] = await db().select().from(sections).where(eq(sections.id, rows.get('map-g2')!.sectionId))
    expect(g2Section!.name).toBe('Сопоставка Два (новое имя)')
  })

  it('refuses an unknown group, an unknown section, and a role without catalog.write, changing nothing', async () => {
    const before = await db().select().from(exchangeGroups)
    expect(await api(mapExchangeGroup, as.owner, { body: { externalId: 'no-such-group', sectionId: 1 } })).toEqual({ status: 404, body: { error: GROUP_MESSAGES.noGroup } })
    const noSection = await api<{ error: string }>(mapExchangeGroup, as.owner, { body: { externalId: 'map-g2', sectionId: 2_000_000_000 } })
    expect(noSection).toMatchObject({ status: 400, body: { error: GROUP_MESSAGES.noSection } })
    expect(await api(mapExchangeGroup, as.manager, { body: { externalId: 'map-g2', sectionId: before[0]!.sectionId } })).toEqual({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
    expect(await db().select().from(exchangeGroups)).toEqual(before)
  })
})

describe('the exchange log', () => {
  it('shows requests newest first with the account, counts and errors; filters by type and outcome; pages by 50', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    await call('type=catalog&mode=import&filename=missing.xml', { cookie })
    const all = await api<ExchangeLogView>(readExchangeLog, as.owner)
    expect(all.status).toBe(200)
    const ids = all.body.items.map((i) => i.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(all.body.items[0]).toMatchObject({ type: 'catalog', mode: 'import', filename: 'missing.xml', outcome: 'failure', account: 'Обмен с 1С (демо)' })
    expect(all.body.items.some((i) => i.mode === 'import' && i.outcome === 'success' && i.counts && i.counts.groups === 2)).toBe(true)

    const failures = await api<ExchangeLogView>(readExchangeLog, as.owner, { query: 'outcome=failure&type=catalog' })
    expect(failures.body.items.length).toBeGreaterThan(0)
    expect(failures.body.items.every((i) => i.outcome === 'failure' && i.type === 'catalog')).toBe(true)
    const sales = await api<ExchangeLogView>(readExchangeLog, as.owner, { query: 'type=sale' })
    expect(sales.body.items.every((i) => i.type === 'sale')).toBe(true)

    await db().insert(exchangeLog).values(Array.from({ length: LOG_PAGE_SIZE + 5 }, (_, i) => ({ type: 'catalog', mode: 'file', filename: `piece-${i}.xml`, outcome: 'success' })))
    const first = await api<ExchangeLogView>(readExchangeLog, as.owner, { query: 'mode=file' })
    const second = await api<ExchangeLogView>(readExchangeLog, as.owner, { query: 'mode=file&page=2' })
    expect(first.body.items).toHaveLength(LOG_PAGE_SIZE)
    expect(first.body.total).toBe(first.body.items.length + second.body.items.length)
    expect(first.body.items[0]!.filename).toBe(`piece-${LOG_PAGE_SIZE + 4}.xml`)
    expect(new Set([...first.body.items, ...second.body.items].map((i) => i.id)).size).toBe(first.body.total)

    expect((await api(readExchangeLog, as.owner, { query: 'outcome=maybe' })).status).toBe(400)
    expect((await api(readExchangeLog, as.manager)).status).toBe(403)
  })
})

describe('exchange settings from the back office', () => {
  it('the owner’s piece size and encoding reach 1С’s next request; clearing them brings back the environment’s', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    expect((await call('type=catalog&mode=init', { cookie })).lines).toEqual(['zip=yes', 'file_limit=8388608'])
    const saved = await api(changeSettings, as.owner, { body: { 'exchange.protocol': { encoding: 'utf-8', fileLimitKb: 100, stepSeconds: 5 } } })
    expect(saved.status).toBe(200)
    const init = await call('type=catalog&mode=init', { cookie })
    expect(init.lines).toEqual(['zip=yes', 'file_limit=102400'])
    expect(init.contentType).toBe('text/plain; charset=utf-8')
    // A piece above the new limit is refused.
    expect((await call('type=catalog&mode=file&filename=big.xml', { cookie, body: new Uint8Array(102_401) })).lines[0]).toBe('failure')
    expect(await db().select().from(auditLog).where(and(eq(auditLog.objectType, 'settings'), eq(auditLog.objectId, 'exchange.protocol')))).toHaveLength(1)
    // Only the owner changes settings.
    expect((await api(changeSettings, as.content, { body: { 'exchange.protocol': null } })).status).toBe(403)
    expect((await api(changeSettings, as.owner, { body: { 'exchange.protocol': null } })).status).toBe(200)
    const back = await call('type=catalog&mode=init', { cookie })
    expect(back.lines).toEqual(['zip=yes', 'file_limit=8388608'])
    expect(back.contentType).toBe('text/plain; charset=windows-1251')
  })
})
