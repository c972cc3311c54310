import 'server-only'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '@/db/client'
import { encElementProducts, encElements, encSections } from '@/db/schema'
import {
  CONTENT_MESSAGES as M,
  encElementInput,
  encElementPatch,
  encSectionInput,
  encSectionPatch,
  type ContentListItem,
  type ContentListQuery,
  type EncElementView,
  type EncSectionView,
} from '@/domains/content/content-admin.schema'
import { CONTENT_TAGS, ensureProducts } from '@/domains/content/content-admin.server'
import { changed, invalid, parsed, publishAction } from '@/domains/edits/edits'
import {
  audited,
  ensureCodeFree,
  lockedRow,
  lockRow,
  lockTable,
  type CodeRule,
} from '@/domains/edits/edits.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { encElementUrl } from './encyclopedia.server'

/**
 * The ingredient encyclopedia as staff run it (issue 20, ADR 200): sections (the tabs) and elements
 * (the pages). Same rules as articles: locked row, audit line, 'content' announced in the
 * transaction; nothing is deleted, an element is hidden (404 for buyers, seen in the preview).
 */
const STEP = 10

const elementCount = sql<number>`(select count(*)::int from enc_elements e where e.section_id = "enc_sections"."id")`

export async function listEncSections(q: Db | Tx): Promise<{ items: EncSectionView[] }> {
  const rows = await q
    .select({ id: encSections.id, name: encSections.name, code: encSections.code, elements: elementCount })
    .from(encSections)
    .orderBy(asc(encSections.sort), asc(encSections.id))
  return { items: rows.map((r) => ({ ...r, elements: Number(r.elements) })) }
}

async function sectionById(q: Db | Tx, id: number): Promise<EncSectionView> {
  const found = (await listEncSections(q)).items.find((s) => s.id === id)
  if (!found) throw new Refusal('not-found', M.sectionNotFound)
  return found
}

const SECTION_CODE: CodeRule = { table: encSections, column: encSections.code, message: M.codeTaken }

export async function createEncSection(q: Db, actor: Actor, input: unknown): Promise<EncSectionView> {
  const s = parsed(encSectionInput, input)
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, encSections)
    await ensureCodeFree(tx, SECTION_CODE, s.code)
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${encSections.sort}), 0)::int` })
      .from(encSections)
    const [row] = await tx
      .insert(encSections)
      .values({ ...s, sort: Number(last?.sort ?? 0) + STEP })
      .returning({ id: encSections.id })
    await audited(
      tx,
      actor,
      { objectType: 'enc_section', objectId: row!.id, action: 'create', after: s },
      CONTENT_TAGS,
    )
    return row!.id
  })
  return sectionById(q, id)
}

export async function updateEncSection(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<EncSectionView> {
  const patch = parsed(encSectionPatch, input)
  await q.transaction(async (tx) => {
    const current = await lockedRow(
      tx,
      encSections,
      id,
      { name: encSections.name, code: encSections.code },
      M.sectionNotFound,
    )
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    await ensureCodeFree(tx, SECTION_CODE, after.code, id)
    await tx.update(encSections).set(after).where(eq(encSections.id, id))
    await audited(
      tx,
      actor,
      { objectType: 'enc_section', objectId: id, action: 'update', before, after },
      CONTENT_TAGS,
    )
  })
  return sectionById(q, id)
}

export async function listEncElements(
  q: Db | Tx,
  query: ContentListQuery,
): Promise<{ items: ContentListItem[] }> {
  const term = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  const rows = await q
    .select({
      id: encElements.id,
      name: encElements.name,
      code: encElements.code,
      group: encSections.name,
      published: encElements.active,
    })
    .from(encElements)
    .innerJoin(encSections, eq(encSections.id, encElements.sectionId))
    .where(
      and(
        term ? sql`(${encElements.name} ilike ${term} or ${encElements.code} ilike ${term})` : undefined,
        query.state ? eq(encElements.active, query.state === 'published') : undefined,
      ),
    )
    .orderBy(asc(encElements.name), asc(encElements.id))
    .limit(1000)
  return { items: rows.map((r) => ({ ...r, publishedAt: null, url: encElementUrl(r.code) })) }
}

export async function encElementById(q: Db | Tx, id: number): Promise<EncElementView> {
  const [row] = await q.select().from(encElements).where(eq(encElements.id, id))
  if (!row) throw new Refusal('not-found', M.elementNotFound)
  const links = await q
    .select({ id: encElementProducts.productId })
    .from(encElementProducts)
    .where(eq(encElementProducts.elementId, id))
    .orderBy(asc(encElementProducts.productId))
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    sectionId: row.sectionId,
    previewText: row.previewText,
    text: row.text,
    matchTerms: row.matchTerms,
    productIds: links.map((l) => l.id),
    published: row.active,
    url: encElementUrl(row.code),
  }
}

const ELEMENT_CODE: CodeRule = { table: encElements, column: encElements.code, message: M.codeTaken }

async function ensureSection(tx: Tx, sectionId: number) {
  const [row] = await tx.select({ id: encSections.id }).from(encSections).where(eq(encSections.id, sectionId))
  if (!row) throw invalid([{ field: 'sectionId', message: M.sectionNotFound }])
}

async function setElementProducts(tx: Tx, elementId: number, productIds: readonly number[] | undefined) {
  if (!productIds) return
  await ensureProducts(tx, productIds)
  await tx.delete(encElementProducts).where(eq(encElementProducts.elementId, elementId))
  if (productIds.length)
    await tx
      .insert(encElementProducts)
      .values([...new Set(productIds)].map((productId) => ({ elementId, productId })))
}

export async function createEncElement(q: Db, actor: Actor, input: unknown): Promise<EncElementView> {
  const { productIds, published, ...el } = parsed(encElementInput, input)
  const id = await q.transaction(async (tx) => {
    await ensureCodeFree(tx, ELEMENT_CODE, el.code)
    await ensureSection(tx, el.sectionId)
    const [row] = await tx
      .insert(encElements)
      .values({ ...el, active: published })
      .returning({ id: encElements.id })
    await setElementProducts(tx, row!.id, productIds)
    await audited(
      tx,
      actor,
      {
        objectType: 'enc_element',
        objectId: row!.id,
        action: 'create',
        after: { ...el, productIds, published },
      },
      CONTENT_TAGS,
    )
    return row!.id
  })
  return encElementById(q, id)
}

export async function updateEncElement(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<EncElementView> {
  const patch = parsed(encElementPatch, input)
  await q.transaction(async (tx) => {
    await lockRow(tx, encElements, id, M.elementNotFound)
    const current = await encElementById(tx, id)
    const { before, after } = changed(current as Record<string, unknown>, patch as Record<string, unknown>)
    if (Object.keys(after).length === 0) return
    const { productIds, published, ...columns } = after as z.output<typeof encElementPatch>
    await ensureCodeFree(tx, ELEMENT_CODE, columns.code, id)
    if (columns.sectionId !== undefined) await ensureSection(tx, columns.sectionId)
    const set = { ...columns, ...(published === undefined ? {} : { active: published }) }
    if (Object.keys(set).length) await tx.update(encElements).set(set).where(eq(encElements.id, id))
    await setElementProducts(tx, id, productIds)
    await audited(
      tx,
      actor,
      { objectType: 'enc_element', objectId: id, action: publishAction(published), before, after },
      CONTENT_TAGS,
    )
  })
  return encElementById(q, id)
}
