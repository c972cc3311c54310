import 'server-only'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { brands, products, sections } from '@/db/schema'
import { changed, inOrderAlready, invalid, namesEachOnce, parsed } from '@/domains/edits/edits'
import { audited, ensureCodeFree, lockedRow, lockTable, type CodeRule } from '@/domains/edits/edits.server'
import type { Actor } from '@/domains/staff/permissions'
import { libraryPictures, requireLibraryPicture } from '@/domains/media/media-library.server'
import { Refusal } from '@/lib/refusal'
import { STRUCTURE_MESSAGES as M, type BrandView, type SectionView } from './catalog-structure'
import {
  brandInput,
  brandPatch,
  sectionInput,
  sectionOrderInput,
  sectionPatch,
} from './catalog-structure.schema'

/**
 * Sections and brands as staff run them (issue 20, ADR 192). Each write takes the row's lock, writes
 * its audit line and announces the 'catalog' tag in its own transaction (ADR 160), so the menu, the
 * catalogue pages and the filter of every instance drop their cache on commit, never for a rollback.
 */
const CATALOG_TAGS = ['catalog'] as const
/** Positions are spaced so a seed or a hand-made sort value still fits between two of ours. */
const STEP = 10

// Products listed under a section: its main one or an extra one. The outer columns are spelt out:
// drizzle writes a bare "id" in a one-table select, which inside the subquery would mean p.id.
const sectionProducts = sql<number>`(select count(*)::int from products p where p.section_id = "sections"."id"
  or exists (select 1 from product_sections ps where ps.product_id = p.id and ps.section_id = "sections"."id"))`
const brandProducts = sql<number>`(select count(*)::int from products p where p.brand_id = "brands"."id")`

const sectionColumns = {
  id: sections.id,
  code: sections.code,
  name: sections.name,
  description: sections.description,
  seoTitle: sections.seoTitle,
  seoDescription: sections.seoDescription,
  active: sections.active,
  position: sections.sort,
  products: sectionProducts,
}
const brandColumns = {
  id: brands.id,
  code: brands.code,
  name: brands.name,
  description: brands.description,
  logo: brands.logo,
  pictureId: brands.pictureId,
  active: brands.active,
  products: brandProducts,
}

export async function listSections(q: Db | Tx): Promise<{ items: SectionView[] }> {
  const rows = await q.select(sectionColumns).from(sections).orderBy(asc(sections.sort), asc(sections.id))
  return { items: rows.map((r) => ({ ...r, products: Number(r.products) })) }
}

export async function sectionById(q: Db | Tx, id: number): Promise<SectionView> {
  const [row] = await q.select(sectionColumns).from(sections).where(eq(sections.id, id))
  if (!row) throw new Refusal('not-found', M.sectionNotFound)
  return { ...row, products: Number(row.products) }
}

const SECTION_CODE: CodeRule = {
  table: sections,
  column: sections.code,
  anyCase: true,
  message: M.sectionCodeTaken,
}

export async function createSection(q: Db, actor: Actor, input: unknown): Promise<SectionView> {
  const s = parsed(sectionInput, input)
  const id = await q.transaction(async (tx) => {
    // Serialises concurrent creations so two never take the same code or position.
    await lockTable(tx, sections)
    await ensureCodeFree(tx, SECTION_CODE, s.code)
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${sections.sort}), 0)::int` })
      .from(sections)
    const [row] = await tx
      .insert(sections)
      .values({ ...s, sort: Number(last?.sort ?? 0) + STEP })
      .returning({ id: sections.id })
    await audited(
      tx,
      actor,
      { objectType: 'section', objectId: row!.id, action: 'create', after: s },
      CATALOG_TAGS,
    )
    return row!.id
  })
  return sectionById(q, id)
}

export async function updateSection(q: Db, actor: Actor, id: number, input: unknown): Promise<SectionView> {
  const patch = parsed(sectionPatch, input)
  await q.transaction(async (tx) => {
    const { id: _id, position: _position, products: _products, ...editable } = sectionColumns
    const current = await lockedRow(tx, sections, id, editable, M.sectionNotFound)
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    if (after.code !== undefined) {
      await ensureCodeFree(tx, SECTION_CODE, after.code, id)
      // A product's address is /catalog/{its main section}/{code}/: a new section code would break every
      // one of them, and product_slugs redirects products, not sections (ADR 192).
      const [used] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.sectionId, id))
        .limit(1)
      if (used) throw invalid([{ field: 'code', message: M.sectionCodeInUse }])
    }
    await tx.update(sections).set(after).where(eq(sections.id, id))
    await audited(
      tx,
      actor,
      { objectType: 'section', objectId: id, action: 'update', before, after },
      CATALOG_TAGS,
    )
  })
  return sectionById(q, id)
}

/** The whole order at once: positions follow the list given, which must name every section once. */
export async function reorderSections(
  q: Db,
  actor: Actor,
  input: unknown,
): Promise<{ items: SectionView[] }> {
  const { sectionIds } = parsed(sectionOrderInput, input)
  await q.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sections.id, sort: sections.sort })
      .from(sections)
      .orderBy(asc(sections.sort), asc(sections.id))
      .for('update')
    if (!namesEachOnce(sectionIds, rows)) throw invalid([{ field: 'sectionIds', message: M.order }])
    if (inOrderAlready(sectionIds, rows, STEP)) return
    for (const [i, sectionId] of sectionIds.entries())
      await tx
        .update(sections)
        .set({ sort: (i + 1) * STEP })
        .where(eq(sections.id, sectionId))
    await audited(
      tx,
      actor,
      {
        objectType: 'section',
        objectId: 'order',
        action: 'reorder',
        before: { sectionIds: rows.map((r) => r.id) },
        after: { sectionIds },
      },
      CATALOG_TAGS,
    )
  })
  return listSections(q)
}

type BrandRow = Omit<BrandView, 'picture'> & { pictureId: number | null }

async function brandViews(q: Db | Tx, rows: BrandRow[]): Promise<BrandView[]> {
  const pictures = await libraryPictures(q, [...new Set(rows.flatMap((r) => (r.pictureId === null ? [] : [r.pictureId])))])
  return rows.map(({ pictureId, ...r }) => ({
    ...r,
    picture: pictureId === null ? null : (pictures.get(pictureId) ?? null),
    products: Number(r.products),
  }))
}

export async function listBrands(q: Db | Tx): Promise<{ items: BrandView[] }> {
  const rows = await q.select(brandColumns).from(brands).orderBy(asc(brands.sort), asc(brands.name))
  return { items: await brandViews(q, rows) }
}

export async function brandById(q: Db | Tx, id: number): Promise<BrandView> {
  const [row] = await q.select(brandColumns).from(brands).where(eq(brands.id, id))
  if (!row) throw new Refusal('not-found', M.brandNotFound)
  const [view] = await brandViews(q, [row])
  return view!
}

/** A chosen library logo clears the typed address: the form shows what the site shows. */
const withoutTypedLogo = <T extends { pictureId?: number | null; logo?: string }>(b: T): T =>
  typeof b.pictureId === 'number' ? { ...b, logo: '' } : b

const BRAND_CODE: CodeRule = { table: brands, column: brands.code, anyCase: true, message: M.brandCodeTaken }

export async function createBrand(q: Db, actor: Actor, input: unknown): Promise<BrandView> {
  const b = withoutTypedLogo(parsed(brandInput, input))
  const id = await q.transaction(async (tx) => {
    await lockTable(tx, brands)
    await ensureCodeFree(tx, BRAND_CODE, b.code)
    if (b.pictureId !== null) await requireLibraryPicture(tx, b.pictureId, 'pictureId', M.picture)
    const [row] = await tx.insert(brands).values(b).returning({ id: brands.id })
    await audited(
      tx,
      actor,
      { objectType: 'brand', objectId: row!.id, action: 'create', after: b },
      CATALOG_TAGS,
    )
    return row!.id
  })
  return brandById(q, id)
}

/** A brand's code is only its own page's address (/brands/{code}/), which no product address contains. */
export async function updateBrand(q: Db, actor: Actor, id: number, input: unknown): Promise<BrandView> {
  const patch = withoutTypedLogo(parsed(brandPatch, input))
  await q.transaction(async (tx) => {
    const { id: _id, products: _products, ...editable } = brandColumns
    const current = await lockedRow(tx, brands, id, editable, M.brandNotFound)
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    await ensureCodeFree(tx, BRAND_CODE, after.code, id)
    if (typeof after.pictureId === 'number') await requireLibraryPicture(tx, after.pictureId, 'pictureId', M.picture)
    await tx.update(brands).set(after).where(eq(brands.id, id))
    await audited(
      tx,
      actor,
      { objectType: 'brand', objectId: id, action: 'update', before, after },
      CATALOG_TAGS,
    )
  })
  return brandById(q, id)
}
