import 'server-only'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { offers, products, showcaseSlides, showcaseTabs } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import type { Actor } from '@/domains/staff/permissions'
import { libraryPictures, requireLibraryPicture } from '@/domains/media/media-library.server'
import { Refusal } from '@/lib/refusal'
import { SLIDE_MESSAGES as M, type ShowcaseSlideView } from './showcase-slides'
import { slideInput, slideOrderInput, slidePatch } from './showcase-slides.schema'

/**
 * The slides of the «Наборы от экспертов» tabs (issue 20, ADR 204): title, text, link, picture, pack,
 * the set label, shown or hidden, and their order within a tab. A slide is never deleted here (hidden
 * instead). The home page caches them under 'content', so every write announces 'content' in its
 * transaction, as the tab writes do.
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

async function expertTab(q: Db | Tx, tabId: number) {
  const [tab] = await q
    .select({ id: showcaseTabs.id, title: showcaseTabs.title, anchor: showcaseTabs.anchor })
    .from(showcaseTabs)
    .where(and(eq(showcaseTabs.id, tabId), eq(showcaseTabs.block, 'sets-from-experts')))
  if (!tab) throw new Refusal('not-found', M.tabNotFound)
  return tab
}

async function slideRows(q: Db | Tx, where: ReturnType<typeof eq>): Promise<ShowcaseSlideView[]> {
  const rows = await q
    .select({
      id: showcaseSlides.id,
      tabId: showcaseSlides.tabId,
      title: showcaseSlides.title,
      subtitle: showcaseSlides.subtitle,
      img: showcaseSlides.img,
      pictureId: showcaseSlides.pictureId,
      link: showcaseSlides.link,
      pack: showcaseSlides.pack,
      isSet: showcaseSlides.isSet,
      active: showcaseSlides.active,
      position: showcaseSlides.sort,
      offerId: showcaseSlides.offerId,
      productCode: products.code,
      productName: products.name,
    })
    .from(showcaseSlides)
    .innerJoin(offers, eq(offers.id, showcaseSlides.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(where)
    .orderBy(asc(showcaseSlides.sort), asc(showcaseSlides.id))
  const pictures = await libraryPictures(q, [...new Set(rows.flatMap((r) => (r.pictureId === null ? [] : [r.pictureId])))])
  return rows.map(({ pictureId, ...r }) => ({ ...r, picture: pictureId === null ? null : (pictures.get(pictureId) ?? null) }))
}

export async function listSlides(q: Db | Tx, tabId: number) {
  const tab = await expertTab(q, tabId)
  return { tab, items: await slideRows(q, eq(showcaseSlides.tabId, tabId)) }
}

async function slideView(q: Db | Tx, id: number): Promise<ShowcaseSlideView> {
  const [row] = await slideRows(q, eq(showcaseSlides.id, id))
  if (!row) throw new Refusal('not-found', M.notFound)
  return row
}

const EDITABLE = ['title', 'subtitle', 'link', 'img', 'pictureId', 'pack', 'isSet', 'active'] as const

export async function updateSlide(q: Db, actor: Actor, id: number, input: unknown): Promise<ShowcaseSlideView> {
  const given = parsed(slidePatch, input)
  await q.transaction(async (tx) => {
    const [current] = await tx.select().from(showcaseSlides).where(eq(showcaseSlides.id, id)).for('update')
    if (!current) throw new Refusal('not-found', M.notFound)
    // A newly chosen (or removed) library picture also clears the typed address, so the form shows what
    // the slide shows; the same picture sent again by a form leaves a seed's typed picture alone.
    const patch = given.pictureId !== undefined && given.pictureId !== current.pictureId ? { ...given, img: '' } : given
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    for (const key of EDITABLE) {
      const next = patch[key]
      if (next === undefined || next === current[key]) continue
      before[key] = current[key]
      after[key] = next
    }
    if (Object.keys(after).length === 0) return
    if (typeof after.pictureId === 'number') await requireLibraryPicture(tx, after.pictureId, 'pictureId', M.picture)
    await tx.update(showcaseSlides).set(after).where(eq(showcaseSlides.id, id))
    await recordChange(tx, actor, { objectType: 'showcase_slide', objectId: id, action: 'update', before, after })
    await announceChanges(tx, TAGS)
  })
  return slideView(q, id)
}

/** A new slide, last in its tab, selling the product's first active offer. Locks the tab's row for the position. */
export async function createSlide(q: Db, actor: Actor, tabId: number, input: unknown): Promise<ShowcaseSlideView> {
  const { productCode, ...given } = parsed(slideInput, input)
  const slide = given.pictureId !== null ? { ...given, img: '' } : given
  const id = await q.transaction(async (tx) => {
    await expertTab(tx, tabId)
    await tx.select({ id: showcaseTabs.id }).from(showcaseTabs).where(eq(showcaseTabs.id, tabId)).for('update')
    const [offer] = await tx
      .select({ id: offers.id })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(eq(products.code, productCode), eq(offers.active, true)))
      .orderBy(asc(offers.sort), asc(offers.id))
      .limit(1)
    if (!offer) throw invalid('productCode', M.product)
    if (slide.pictureId !== null) await requireLibraryPicture(tx, slide.pictureId, 'pictureId', M.picture)
    const [last] = await tx.select({ sort: sql<number>`coalesce(max(${showcaseSlides.sort}), 0)::int` }).from(showcaseSlides).where(eq(showcaseSlides.tabId, tabId))
    const [row] = await tx
      .insert(showcaseSlides)
      .values({ ...slide, tabId, offerId: offer.id, code: `slide-${randomUUID()}`, sort: Number(last?.sort ?? 0) + STEP })
      .returning({ id: showcaseSlides.id })
    await recordChange(tx, actor, { objectType: 'showcase_slide', objectId: row!.id, action: 'create', after: { tabId, productCode, ...slide } })
    await announceChanges(tx, TAGS)
    return row!.id
  })
  return slideView(q, id)
}

/** A tab's whole order at once: every slide of the tab, each once. */
export async function reorderSlides(q: Db, actor: Actor, tabId: number, input: unknown) {
  const { slideIds } = parsed(slideOrderInput, input)
  await q.transaction(async (tx) => {
    await expertTab(tx, tabId)
    const rows = await tx
      .select({ id: showcaseSlides.id, sort: showcaseSlides.sort })
      .from(showcaseSlides)
      .where(eq(showcaseSlides.tabId, tabId))
      .orderBy(asc(showcaseSlides.sort), asc(showcaseSlides.id))
      .for('update')
    const known = new Set(rows.map((r) => r.id))
    if (new Set(slideIds).size !== slideIds.length || slideIds.length !== rows.length || slideIds.some((s) => !known.has(s))) throw invalid('slideIds', M.order)
    const before = rows.map((r) => r.id)
    if (before.every((s, i) => s === slideIds[i]) && rows.every((r, i) => r.sort === (i + 1) * STEP)) return
    for (const [i, slideId] of slideIds.entries()) await tx.update(showcaseSlides).set({ sort: (i + 1) * STEP }).where(eq(showcaseSlides.id, slideId))
    await recordChange(tx, actor, { objectType: 'showcase_slide', objectId: tabId, action: 'reorder', before: { slideIds: before }, after: { slideIds } })
    await announceChanges(tx, TAGS)
  })
  return listSlides(q, tabId)
}
