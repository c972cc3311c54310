import 'server-only'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { featuredSlides, lightLineBanners, offers, products } from '@/db/schema'
import { changed, inOrderAlready, invalid, namesEachOnce, parsed } from '@/domains/edits/edits'
import { audited, lockTable } from '@/domains/edits/edits.server'
import { libraryPictures, requireLibraryPicture } from '@/domains/media/media-library.server'
import { offerPictureSql } from '@/domains/media/storefront-pictures.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { BANNER_MESSAGES as M, type BannerList, type FeaturedSlideView, type LightLineView } from './banners'
import {
  bannerOrderInput,
  featuredSlideInput,
  featuredSlidePatch,
  lightLineInput,
  lightLinePatch,
} from './banners.schema'

/**
 * The home page's banners (issue 20, ADR 207): the featured slider and the light line over the
 * header. A banner is never deleted here, it is hidden (the audit keeps its history meaningful).
 * Each write locks what it changes, writes its audit line and announces 'content' in its
 * transaction: the cached slider and line (and the full-page cache) of every instance drop on commit.
 */
const TAGS = ['content'] as const
const STEP = 10

const iso = (d: Date | null) => (d === null ? null : d.toISOString())
const date = (s: string | null) => (s === null ? null : new Date(s))

type ShownBounds = { startsAt: string | null; endsAt: string | null }

/**
 * Refuses a shown window that ends before it starts. On an update, `patch` holds the bounds that change;
 * a bound it leaves out keeps its present value.
 */
function checkWindow(bounds: ShownBounds, patch: Partial<ShownBounds> = {}): void {
  const startsAt = date(patch.startsAt !== undefined ? patch.startsAt : bounds.startsAt)
  const endsAt = date(patch.endsAt !== undefined ? patch.endsAt : bounds.endsAt)
  if (startsAt !== null && endsAt !== null && endsAt.getTime() <= startsAt.getTime())
    throw invalid([{ field: 'endsAt', message: M.range }])
}

/** A slide's chosen library picture must exist; the check's lock keeps it from being deleted meanwhile. */
async function requireSlidePicture(tx: Tx, pictureId: number | null | undefined): Promise<void> {
  if (pictureId !== undefined && pictureId !== null)
    await requireLibraryPicture(tx, pictureId, 'pictureId', M.picture)
}

/* ---------- the featured slider ---------- */

async function slideRows(q: Db | Tx, id?: number): Promise<FeaturedSlideView[]> {
  const rows = await q
    .select({
      id: featuredSlides.id,
      title: featuredSlides.title,
      subtitle: featuredSlides.subtitle,
      description: featuredSlides.description,
      link: featuredSlides.link,
      image: featuredSlides.image,
      pictureId: featuredSlides.pictureId,
      startsAt: featuredSlides.startsAt,
      endsAt: featuredSlides.endsAt,
      active: featuredSlides.active,
      position: featuredSlides.sort,
      offerId: featuredSlides.offerId,
      offerPicture: offerPictureSql('card'),
      productCode: products.code,
      productName: products.name,
    })
    .from(featuredSlides)
    .innerJoin(offers, eq(offers.id, featuredSlides.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .where(id === undefined ? undefined : eq(featuredSlides.id, id))
    .orderBy(asc(featuredSlides.sort), asc(featuredSlides.id))
  const pictures = await libraryPictures(q, [
    ...new Set(rows.flatMap((r) => (r.pictureId === null ? [] : [r.pictureId]))),
  ])
  return rows.map(({ pictureId, offerPicture, startsAt, endsAt, ...r }) => {
    const picture = pictureId === null ? null : (pictures.get(pictureId) ?? null)
    return {
      ...r,
      picture,
      preview: picture?.urls.card || r.image || offerPicture,
      startsAt: iso(startsAt),
      endsAt: iso(endsAt),
    }
  })
}

async function slideView(q: Db | Tx, id: number): Promise<FeaturedSlideView> {
  const [row] = await slideRows(q, id)
  if (!row) throw new Refusal('not-found', M.slideNotFound)
  return row
}

async function lineRows(q: Db | Tx, id?: number): Promise<LightLineView[]> {
  const rows = await q
    .select()
    .from(lightLineBanners)
    .where(id === undefined ? undefined : eq(lightLineBanners.id, id))
    .orderBy(asc(lightLineBanners.sort), asc(lightLineBanners.id))
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    link: r.link,
    linkText: r.linkText,
    active: r.active,
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    position: r.sort,
  }))
}

async function lineView(q: Db | Tx, id: number): Promise<LightLineView> {
  const [row] = await lineRows(q, id)
  if (!row) throw new Refusal('not-found', M.lineNotFound)
  return row
}

export async function listBanners(q: Db | Tx): Promise<BannerList> {
  return { slides: await slideRows(q), lightLines: await lineRows(q) }
}

export const featuredSlideById = slideView
export const lightLineById = lineView

async function offerOf(tx: Tx, productCode: string): Promise<number> {
  const [offer] = await tx
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(products.code, productCode), eq(offers.active, true)))
    .orderBy(asc(offers.sort), asc(offers.id))
    .limit(1)
  if (!offer) throw invalid([{ field: 'productCode', message: M.product }])
  return offer.id
}

/** A new slide, last in the slider. The table's lock keeps two new slides from taking one position. */
export async function createFeaturedSlide(q: Db, actor: Actor, input: unknown): Promise<FeaturedSlideView> {
  const { productCode, startsAt, endsAt, ...slide } = parsed(featuredSlideInput, input)
  checkWindow({ startsAt, endsAt })
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, featuredSlides)
    const offerId = await offerOf(tx, productCode)
    await requireSlidePicture(tx, slide.pictureId)
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${featuredSlides.sort}), 0)::int` })
      .from(featuredSlides)
    const [row] = await tx
      .insert(featuredSlides)
      .values({
        ...slide,
        offerId,
        startsAt: date(startsAt),
        endsAt: date(endsAt),
        code: `slide-${randomUUID()}`,
        sort: Number(last?.sort ?? 0) + STEP,
      })
      .returning({ id: featuredSlides.id })
    await audited(
      tx,
      actor,
      {
        objectType: 'featured_slide',
        objectId: row!.id,
        action: 'create',
        after: { productCode, ...slide, startsAt, endsAt },
      },
      TAGS,
    )
    return row!.id
  })
  return slideView(q, id)
}

/**
 * Only the fields that move are written and audited. A chosen (or removed) picture also clears the
 * old typed address, so what the editor sees chosen is what the slide shows.
 */
export async function updateFeaturedSlide(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<FeaturedSlideView> {
  const patch = parsed(featuredSlidePatch, input)
  await q.transaction(async (tx) => {
    const [row] = await tx.select().from(featuredSlides).where(eq(featuredSlides.id, id)).for('update')
    if (!row) throw new Refusal('not-found', M.slideNotFound)
    const [product] = await tx
      .select({ code: products.code })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(eq(offers.id, row.offerId))
    const current = {
      productCode: product?.code ?? '',
      title: row.title,
      subtitle: row.subtitle,
      description: row.description,
      link: row.link,
      pictureId: row.pictureId,
      image: row.image,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      active: row.active,
    }
    // A newly chosen library picture replaces a typed one; the form sends its (unchanged) picture on every
    // save, and that must not wipe a seed slide's typed picture.
    const next = {
      ...patch,
      ...(patch.pictureId !== undefined && patch.pictureId !== row.pictureId ? { image: '' } : {}),
    }
    // An instant written another way (+03:00 against Z) is the same instant: compare them as such.
    for (const key of ['startsAt', 'endsAt'] as const)
      if (next[key] !== undefined) next[key] = iso(date(next[key]))
    const { before, after } = changed(current, next)
    if (Object.keys(after).length === 0) return
    checkWindow(current, after)
    await requireSlidePicture(tx, after.pictureId)
    const { productCode, startsAt, endsAt, ...plain } = after
    await tx
      .update(featuredSlides)
      .set({
        ...plain,
        ...(productCode !== undefined ? { offerId: await offerOf(tx, productCode) } : {}),
        ...(startsAt !== undefined ? { startsAt: date(startsAt) } : {}),
        ...(endsAt !== undefined ? { endsAt: date(endsAt) } : {}),
      })
      .where(eq(featuredSlides.id, id))
    await audited(
      tx,
      actor,
      {
        objectType: 'featured_slide',
        objectId: id,
        action: 'update',
        before,
        after,
      },
      TAGS,
    )
  })
  return slideView(q, id)
}

/* ---------- the light line ---------- */

export async function createLightLine(q: Db, actor: Actor, input: unknown): Promise<LightLineView> {
  const { startsAt, endsAt, ...line } = parsed(lightLineInput, input)
  checkWindow({ startsAt, endsAt })
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, lightLineBanners)
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${lightLineBanners.sort}), 0)::int` })
      .from(lightLineBanners)
    const [row] = await tx
      .insert(lightLineBanners)
      .values({
        ...line,
        startsAt: date(startsAt),
        endsAt: date(endsAt),
        code: `line-${randomUUID()}`,
        sort: Number(last?.sort ?? 0) + STEP,
      })
      .returning({ id: lightLineBanners.id })
    await audited(
      tx,
      actor,
      {
        objectType: 'light_line_banner',
        objectId: row!.id,
        action: 'create',
        after: { ...line, startsAt, endsAt },
      },
      TAGS,
    )
    return row!.id
  })
  return lineView(q, id)
}

export async function updateLightLine(
  q: Db,
  actor: Actor,
  id: number,
  input: unknown,
): Promise<LightLineView> {
  const patch = parsed(lightLinePatch, input)
  await q.transaction(async (tx) => {
    const [row] = await tx.select().from(lightLineBanners).where(eq(lightLineBanners.id, id)).for('update')
    if (!row) throw new Refusal('not-found', M.lineNotFound)
    const current = {
      text: row.text,
      link: row.link,
      linkText: row.linkText,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      active: row.active,
    }
    const next = { ...patch }
    for (const key of ['startsAt', 'endsAt'] as const)
      if (next[key] !== undefined) next[key] = iso(date(next[key]))
    const { before, after } = changed(current, next)
    if (Object.keys(after).length === 0) return
    checkWindow(current, after)
    const { startsAt, endsAt, ...plain } = after
    await tx
      .update(lightLineBanners)
      .set({
        ...plain,
        ...(startsAt !== undefined ? { startsAt: date(startsAt) } : {}),
        ...(endsAt !== undefined ? { endsAt: date(endsAt) } : {}),
      })
      .where(eq(lightLineBanners.id, id))
    await audited(
      tx,
      actor,
      {
        objectType: 'light_line_banner',
        objectId: id,
        action: 'update',
        before,
        after,
      },
      TAGS,
    )
  })
  return lineView(q, id)
}

/* ---------- order ---------- */

/** A list's whole order at once: every row of the table, each once; positions become 10, 20, … */
async function reorder(
  q: Db,
  actor: Actor,
  input: unknown,
  table: typeof featuredSlides | typeof lightLineBanners,
  objectType: string,
): Promise<void> {
  const { ids } = parsed(bannerOrderInput, input)
  await q.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id, sort: table.sort })
      .from(table)
      .orderBy(asc(table.sort), asc(table.id))
      .for('update')
    if (!namesEachOnce(ids, rows)) throw invalid([{ field: 'ids', message: M.order }])
    if (inOrderAlready(ids, rows, STEP)) return
    const before = rows.map((r) => r.id)
    for (const [i, rowId] of ids.entries())
      await tx
        .update(table)
        .set({ sort: (i + 1) * STEP })
        .where(eq(table.id, rowId))
    await audited(
      tx,
      actor,
      {
        objectType,
        objectId: 0,
        action: 'reorder',
        before: { ids: before },
        after: { ids },
      },
      TAGS,
    )
  })
}

export async function reorderFeaturedSlides(q: Db, actor: Actor, input: unknown): Promise<BannerList> {
  await reorder(q, actor, input, featuredSlides, 'featured_slide')
  return listBanners(q)
}

export async function reorderLightLines(q: Db, actor: Actor, input: unknown): Promise<BannerList> {
  await reorder(q, actor, input, lightLineBanners, 'light_line_banner')
  return listBanners(q)
}
