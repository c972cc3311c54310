import 'server-only'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '@/db/client'
import { products, showcaseSlides, showcaseTabProducts, showcaseTabs } from '@/db/schema'
import { inOrderAlready, namesEachOnce } from '@/domains/edits/edits'
import { audited, lockTable } from '@/domains/edits/edits.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import {
  SHOWCASE_MESSAGES as M,
  type ShowcaseBlock,
  type ShowcaseTabView,
} from './catalog-structure-showcases'
import { showcaseOrderInput, showcaseTabInput, showcaseTabPatch } from './catalog-structure-showcases.schema'

/**
 * The home page's showcase tabs (issue 20, ADR 192): title, anchor, shown or not, their order within a
 * block, and the hand-picked products of a manual tab. The home page caches them under 'content' (and
 * 'catalog' for the cards), so every write announces 'content' in its transaction.
 */
const TAGS = ['content'] as const
const STEP = 10

function invalid(field: string, message: string): Refusal {
  return new Refusal('invalid', message, { error: message, errors: [{ field, message }] })
}

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw invalid(issue?.path.map(String).join('.') ?? '', issue?.message ?? M.format)
}

export async function listShowcaseTabs(q: Db | Tx): Promise<{ items: ShowcaseTabView[] }> {
  const [tabs, picked, slides] = await Promise.all([
    q
      .select()
      .from(showcaseTabs)
      .orderBy(asc(showcaseTabs.block), asc(showcaseTabs.sort), asc(showcaseTabs.id)),
    q
      .select({ tabId: showcaseTabProducts.tabId, id: products.id, code: products.code, name: products.name })
      .from(showcaseTabProducts)
      .innerJoin(products, eq(products.id, showcaseTabProducts.productId))
      .orderBy(asc(showcaseTabProducts.sort), asc(showcaseTabProducts.productId)),
    q
      .select({ tabId: showcaseSlides.tabId, count: sql<number>`count(*)::int` })
      .from(showcaseSlides)
      .groupBy(showcaseSlides.tabId),
  ])
  return {
    items: tabs.map((t) => ({
      id: t.id,
      block: t.block,
      anchor: t.anchor,
      title: t.title,
      rule: t.rule,
      active: t.active,
      position: t.sort,
      products: picked.filter((p) => p.tabId === t.id).map(({ tabId: _t, ...p }) => p),
      slides: Number(slides.find((s) => s.tabId === t.id)?.count ?? 0),
    })),
  }
}

async function tabView(q: Db | Tx, id: number): Promise<ShowcaseTabView> {
  const tab = (await listShowcaseTabs(q)).items.find((t) => t.id === id)
  if (!tab) throw new Refusal('not-found', M.notFound)
  return tab
}

export async function updateShowcaseTab(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<ShowcaseTabView> {
  const patch = parsed(showcaseTabPatch, input)
  await q.transaction(async (tx) => {
    const [current] = await tx.select().from(showcaseTabs).where(eq(showcaseTabs.id, id)).for('update')
    if (!current) throw new Refusal('not-found', M.notFound)
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    const columns: Partial<typeof showcaseTabs.$inferInsert> = {}
    for (const key of ['title', 'anchor', 'active'] as const) {
      const next = patch[key]
      if (next === undefined || next === current[key]) continue
      before[key] = current[key]
      after[key] = next
      Object.assign(columns, { [key]: next })
    }
    if (columns.anchor !== undefined) {
      const [taken] = await tx
        .select({ id: showcaseTabs.id })
        .from(showcaseTabs)
        .where(
          and(
            eq(showcaseTabs.block, current.block),
            eq(showcaseTabs.anchor, columns.anchor),
            ne(showcaseTabs.id, id),
          ),
        )
      if (taken) throw invalid('anchor', M.anchorTaken)
    }
    if (patch.productCodes !== undefined) {
      if (current.rule !== 'manual') throw invalid('productCodes', M.notManual)
      const found = patch.productCodes.length
        ? await tx
            .select({ id: products.id, code: products.code })
            .from(products)
            .where(inArray(products.code, patch.productCodes))
        : []
      const missing = patch.productCodes.filter((code) => !found.some((f) => f.code === code))
      if (missing.length) throw invalid('productCodes', `${M.unknownProducts}: ${missing.join(', ')}.`)
      const old = await tx
        .select({ code: products.code })
        .from(showcaseTabProducts)
        .innerJoin(products, eq(products.id, showcaseTabProducts.productId))
        .where(eq(showcaseTabProducts.tabId, id))
        .orderBy(asc(showcaseTabProducts.sort), asc(showcaseTabProducts.productId))
      const oldCodes = old.map((o) => o.code)
      if (JSON.stringify(oldCodes) !== JSON.stringify(patch.productCodes)) {
        before.productCodes = oldCodes
        after.productCodes = patch.productCodes
        await tx.delete(showcaseTabProducts).where(eq(showcaseTabProducts.tabId, id))
        if (patch.productCodes.length)
          await tx.insert(showcaseTabProducts).values(
            patch.productCodes.map((code, i) => ({
              tabId: id,
              productId: found.find((f) => f.code === code)!.id,
              sort: (i + 1) * STEP,
            })),
          )
      }
    }
    if (Object.keys(after).length === 0) return
    if (Object.keys(columns).length) await tx.update(showcaseTabs).set(columns).where(eq(showcaseTabs.id, id))
    await audited(
      tx,
      actor,
      {
        objectType: 'showcase_tab',
        objectId: id,
        action: 'update',
        before,
        after,
      },
      TAGS,
    )
  })
  return tabView(q, id)
}

/** A block's whole order at once: every tab of the block, each once. */
export async function reorderShowcaseTabs(
  q: Db,
  actor: Actor,
  input: unknown,
): Promise<{ items: ShowcaseTabView[] }> {
  const { block, tabIds } = parsed(showcaseOrderInput, input)
  await q.transaction(async (tx) => {
    const rows = await tx
      .select({ id: showcaseTabs.id, sort: showcaseTabs.sort })
      .from(showcaseTabs)
      .where(eq(showcaseTabs.block, block as ShowcaseBlock))
      .orderBy(asc(showcaseTabs.sort), asc(showcaseTabs.id))
      .for('update')
    if (!namesEachOnce(tabIds, rows)) throw invalid('tabIds', M.order)
    if (inOrderAlready(tabIds, rows, STEP)) return
    for (const [i, tabId] of tabIds.entries())
      await tx
        .update(showcaseTabs)
        .set({ sort: (i + 1) * STEP })
        .where(eq(showcaseTabs.id, tabId))
    await audited(
      tx,
      actor,
      {
        objectType: 'showcase_tab',
        objectId: block,
        action: 'reorder',
        before: { tabIds: rows.map((r) => r.id) },
        after: { tabIds },
      },
      TAGS,
    )
  })
  return listShowcaseTabs(q)
}

/**
 * A new tab (ADR 204), last in its block. Sets from experts are always 'manual' (their slides are the
 * content); a popular-products tab is filled by its rule, or by hand when 'manual'. Locks the table so
 * two never take one anchor or position.
 */
export async function createShowcaseTab(q: Db, actor: Actor, input: unknown): Promise<ShowcaseTabView> {
  const t = parsed(showcaseTabInput, input)
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, showcaseTabs)
    const [taken] = await tx
      .select({ id: showcaseTabs.id })
      .from(showcaseTabs)
      .where(and(eq(showcaseTabs.block, t.block), eq(showcaseTabs.anchor, t.anchor)))
    if (taken) throw invalid('anchor', M.anchorTaken)
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${showcaseTabs.sort}), 0)::int` })
      .from(showcaseTabs)
      .where(eq(showcaseTabs.block, t.block))
    const [row] = await tx
      .insert(showcaseTabs)
      .values({ ...t, sort: Number(last?.sort ?? 0) + STEP })
      .returning({ id: showcaseTabs.id })
    await audited(
      tx,
      actor,
      {
        objectType: 'showcase_tab',
        objectId: row!.id,
        action: 'create',
        after: t,
      },
      TAGS,
    )
    return row!.id
  })
  return tabView(q, id)
}

/** Deletes a tab with its hand-picked products and slides; the last tab of a block stays. */
export async function deleteShowcaseTab(
  q: Db,
  actor: Actor,
  id: number,
): Promise<{ items: ShowcaseTabView[] }> {
  await q.transaction(async (tx) => {
    await lockTable(tx, showcaseTabs)
    const [current] = await tx.select().from(showcaseTabs).where(eq(showcaseTabs.id, id))
    if (!current) throw new Refusal('not-found', M.notFound)
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(showcaseTabs)
      .where(and(eq(showcaseTabs.block, current.block), ne(showcaseTabs.id, id)))
    if (Number(others?.count ?? 0) === 0) throw new Refusal('conflict', M.lastTab)
    await tx.delete(showcaseTabs).where(eq(showcaseTabs.id, id))
    await audited(
      tx,
      actor,
      {
        objectType: 'showcase_tab',
        objectId: id,
        action: 'delete',
        before: {
          block: current.block,
          title: current.title,
          anchor: current.anchor,
          rule: current.rule,
          active: current.active,
        },
      },
      TAGS,
    )
  })
  return listShowcaseTabs(q)
}
