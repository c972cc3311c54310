import 'server-only'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { landingPages, products } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { changed, invalid, parsed } from '@/domains/edits/edits'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { productLandingData } from './landing-data'
import { LANDING_MESSAGES as M, blockFieldText, blockKey } from './landing-blocks'
import {
  landingDraftInput,
  landingInput,
  landingPatch,
  type LandingSummary,
  type LandingView,
} from './landings-admin.schema'

/**
 * Landing pages as staff edit them (ADR 203). The editor saves a draft (`landing_pages.draft`), which
 * only the preview shows; «Опубликовать» copies it over the page in one transaction, audited, and
 * announces 'landings' so every instance drops the cached page on commit. Hiding a landing is
 * `active = 0`; nothing deletes one.
 */
const TAGS = ['landings'] as const

type Stored = { title: string; product: string; blocks: Record<string, unknown>[] }

function storedOf(title: string, data: unknown): Stored {
  const d = (data && typeof data === 'object' ? data : {}) as { product?: unknown; blocks?: unknown }
  return {
    title,
    product: typeof d.product === 'string' ? d.product : '',
    blocks: Array.isArray(d.blocks)
      ? (d.blocks.filter((b) => b && typeof b === 'object') as Record<string, unknown>[])
      : [],
  }
}

const summaryColumns = {
  id: landingPages.id,
  code: landingPages.code,
  kind: landingPages.kind,
  title: landingPages.title,
  active: landingPages.active,
  data: landingPages.data,
  draft: landingPages.draft,
  updatedAt: landingPages.updatedAt,
}
type Row = {
  id: number
  code: string
  kind: LandingSummary['kind']
  title: string
  active: number
  data: unknown
  draft: { title: string; data: unknown } | null
  updatedAt: Date | null
}

function summary(r: Row): LandingSummary {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    title: r.title,
    active: r.active === 1,
    hasDraft: r.draft !== null,
    blocks: storedOf(r.title, r.data).blocks.length,
    updatedAt: r.updatedAt?.toISOString() ?? null,
  }
}

export async function listLandings(q: Db | Tx): Promise<{ items: LandingSummary[] }> {
  const rows = await q
    .select(summaryColumns)
    .from(landingPages)
    .orderBy(asc(landingPages.sort), asc(landingPages.id))
  return { items: rows.map(summary) }
}

export async function landingById(q: Db | Tx, id: number): Promise<LandingView> {
  const [row] = await q.select(summaryColumns).from(landingPages).where(eq(landingPages.id, id))
  if (!row) throw new Refusal('not-found', M.notFound)
  const published = storedOf(row.title, row.data)
  return {
    ...summary(row),
    product: published.product,
    published,
    draft: row.draft ? storedOf(row.draft.title, row.draft.data) : null,
  }
}

/** Product codes the blocks name that the catalogue does not have, each refused at its block. */
async function unknownProducts(
  q: Tx,
  input: { product: string; blocks: { type: string; products?: string[] }[] },
): Promise<void> {
  const codes = [input.product, ...input.blocks.flatMap((b) => b.products ?? [])]
  const found = new Set(
    (await q.select({ code: products.code }).from(products).where(inArray(products.code, codes))).map(
      (r) => r.code,
    ),
  )
  const errors = []
  if (!found.has(input.product))
    errors.push({ field: 'product', message: `Товар лендинга: ${M.unknownProduct(input.product)}` })
  input.blocks.forEach((b, i) =>
    (b.products ?? []).forEach((code, j) => {
      if (!found.has(code))
        errors.push({
          field: `blocks.${i}.products.${j}`,
          message: blockFieldText(i, blockKey(b.type), ['products', j], M.unknownProduct(code)),
        })
    }),
  )
  if (errors.length) throw invalid(errors)
}

async function lockProductLanding(tx: Tx, id: number) {
  const [row] = await tx
    .select(summaryColumns)
    .from(landingPages)
    .where(eq(landingPages.id, id))
    .for('update')
  if (!row) throw new Refusal('not-found', M.notFound)
  if (row.kind !== 'product') throw new Refusal('conflict', M.notProductLanding)
  return row
}

/** A new product landing: hidden, with a first screen to start from. */
export async function createLanding(q: Db, actor: Actor, input: unknown): Promise<LandingView> {
  const l = parsed(landingInput, input)
  const id = await q.transaction(async (tx) => {
    await tx.execute(sql`lock table ${landingPages} in share row exclusive mode`)
    const [taken] = await tx
      .select({ id: landingPages.id })
      .from(landingPages)
      .where(eq(landingPages.code, l.code))
    if (taken) throw invalid([{ field: 'code', message: M.codeTaken }])
    await unknownProducts(tx, { product: l.product, blocks: [] })
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.code, l.product))
    const data = productLandingData.parse({
      product: l.product,
      blocks: [{ type: 'hero', title: l.title, description: '', image: '' }],
    })
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${landingPages.sort}), 0)::int` })
      .from(landingPages)
    const [row] = await tx
      .insert(landingPages)
      .values({
        code: l.code,
        kind: 'product',
        title: l.title,
        productId: product?.id ?? null,
        data,
        active: 0,
        sort: Number(last?.sort ?? 0) + 10,
        updatedAt: now(),
      })
      .returning({ id: landingPages.id })
    await recordChange(tx, actor, {
      objectType: 'landing',
      objectId: row!.id,
      action: 'create',
      after: { code: l.code, title: l.title, product: l.product },
    })
    return row!.id
  })
  return landingById(q, id)
}

/** Saves the editor's version as the draft; the storefront does not change (nothing is announced). */
export async function saveLandingDraft(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<LandingView> {
  const d = parsed(landingDraftInput, input)
  await q.transaction(async (tx) => {
    const row = await lockProductLanding(tx, id)
    await unknownProducts(tx, d)
    const data = productLandingData.parse({ product: d.product, blocks: d.blocks })
    const before = row.draft ?? { title: row.title, data: row.data }
    await tx
      .update(landingPages)
      .set({ draft: { title: d.title, data }, updatedAt: now() })
      .where(eq(landingPages.id, id))
    const diff = changed({ title: before.title, data: before.data }, { title: d.title, data })
    if (Object.keys(diff.after).length)
      await recordChange(tx, actor, {
        objectType: 'landing',
        objectId: id,
        action: 'draft',
        before: diff.before,
        after: diff.after,
      })
  })
  return landingById(q, id)
}

export async function discardLandingDraft(q: Db, actor: Actor, id: number): Promise<LandingView> {
  await q.transaction(async (tx) => {
    const row = await lockProductLanding(tx, id)
    if (!row.draft) return
    await tx.update(landingPages).set({ draft: null, updatedAt: now() }).where(eq(landingPages.id, id))
    await recordChange(tx, actor, {
      objectType: 'landing',
      objectId: id,
      action: 'discard-draft',
      before: row.draft,
    })
  })
  return landingById(q, id)
}

/** The draft becomes the page, and the page is shown: one audited transaction, announced on commit. */
export async function publishLanding(q: Db, actor: Actor, id: number): Promise<LandingView> {
  await q.transaction(async (tx) => {
    const row = await lockProductLanding(tx, id)
    if (!row.draft && row.active === 1) throw new Refusal('conflict', M.noDraft)
    const next = row.draft ?? { title: row.title, data: row.data }
    // The catalogue may have lost a product since the draft was saved: checked again.
    const checked = parsed(landingDraftInput, { ...storedOf(next.title, next.data) })
    await unknownProducts(tx, checked)
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.code, checked.product))
    await tx
      .update(landingPages)
      .set({
        title: next.title,
        data: next.data as object,
        productId: product?.id ?? null,
        draft: null,
        active: 1,
        updatedAt: now(),
      })
      .where(eq(landingPages.id, id))
    await recordChange(tx, actor, {
      objectType: 'landing',
      objectId: id,
      action: 'publish',
      before: { title: row.title, data: row.data, active: row.active === 1 },
      after: { title: next.title, data: next.data, active: true },
    })
    await announceChanges(tx, TAGS)
  })
  return landingById(q, id)
}

/** Shows or hides any landing (the programme pages too). */
export async function updateLanding(q: Db, actor: Actor, id: number, input: unknown): Promise<LandingView> {
  const { active } = parsed(landingPatch, input)
  await q.transaction(async (tx) => {
    const [row] = await tx
      .select({ active: landingPages.active })
      .from(landingPages)
      .where(eq(landingPages.id, id))
      .for('update')
    if (!row) throw new Refusal('not-found', M.notFound)
    if ((row.active === 1) === active) return
    await tx
      .update(landingPages)
      .set({ active: active ? 1 : 0, updatedAt: now() })
      .where(and(eq(landingPages.id, id)))
    await recordChange(tx, actor, {
      objectType: 'landing',
      objectId: id,
      action: 'update',
      before: { active: row.active === 1 },
      after: { active },
    })
    await announceChanges(tx, TAGS)
  })
  return landingById(q, id)
}

/** The draft (or else the page) of a landing by code, for the preview only: hidden ones too. */
export async function landingDraftByCode(
  q: Db | Tx,
  code: string,
): Promise<{ code: string; title: string; data: unknown; published: boolean } | null> {
  const [row] = await q
    .select({
      code: landingPages.code,
      title: landingPages.title,
      data: landingPages.data,
      draft: landingPages.draft,
      active: landingPages.active,
    })
    .from(landingPages)
    .where(and(eq(landingPages.code, code), eq(landingPages.kind, 'product')))
  if (!row) return null
  return row.draft
    ? { code: row.code, ...row.draft, published: false }
    : { code: row.code, title: row.title, data: row.data, published: row.active === 1 }
}
