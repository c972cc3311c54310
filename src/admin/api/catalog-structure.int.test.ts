import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, brands, products, sections } from '@/db/schema'
import { listMetadata, loadBrands, loadCatalogList, loadPurposeMenu, resolveList } from '@/domains/catalog/catalog.server'
import { STRUCTURE_MESSAGES as M, type BrandView, type SectionView } from '@/domains/catalog/catalog-structure'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  createBrandEndpoint,
  createSectionEndpoint,
  listBrandsEndpoint,
  listSectionsEndpoint,
  reorderSectionsEndpoint,
  updateBrandEndpoint,
  updateSectionEndpoint,
} from './catalog-structure'

/** Sections and brands through /api/admin/ (issue 20, ADR 192), and the storefront's menu after each change. */

type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'warehouse', Auth> = {} as never

beforeAll(async () => {
  for (const role of ['owner', 'content', 'warehouse'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = Record<string, unknown>>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await callEndpoint(endpoint, auth, { params: options.id === undefined ? undefined : { id: String(options.id) }, body: options.body })
  return { status: response.status, body: (await response.json()) as T }
}

async function auditOf(objectType: string, objectId: string | number) {
  return db()
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after, actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))))
    .orderBy(auditLog.id)
}

describe('sections through /api/admin/', () => {
  it('a content editor creates a section, renames it, and the storefront menu shows the new name at once', async () => {
    const before = await loadPurposeMenu(null)
    const created = await call<SectionView>(createSectionEndpoint, as.content, { body: { name: 'Сон и отдых', code: 'sleep-rest', seoTitle: 'БАД для сна' } })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ name: 'Сон и отдых', code: 'sleep-rest', active: true, products: 0, seoTitle: 'БАД для сна' })
    const menu = await loadPurposeMenu(null)
    expect(menu).toHaveLength(before.length + 1)
    expect(menu.at(-1)).toMatchObject({ name: 'Сон и отдых', url: '/catalog/sleep-rest/' })

    const renamed = await call<SectionView>(updateSectionEndpoint, as.content, { id: created.body.id, body: { name: 'Крепкий сон', code: 'good-sleep' } })
    expect(renamed.status).toBe(200)
    expect((await loadPurposeMenu(null)).at(-1)).toMatchObject({ name: 'Крепкий сон', url: '/catalog/good-sleep/' })

    const hidden = await call<SectionView>(updateSectionEndpoint, as.content, { id: created.body.id, body: { active: false } })
    expect(hidden.body.active).toBe(false)
    expect((await loadPurposeMenu(null)).map((s) => s.name)).not.toContain('Крепкий сон')

    expect(await auditOf('section', created.body.id)).toEqual([
      expect.objectContaining({ action: 'create', after: expect.objectContaining({ name: 'Сон и отдых', code: 'sleep-rest' }) }),
      expect.objectContaining({ action: 'update', before: { name: 'Сон и отдых', code: 'sleep-rest' }, after: { name: 'Крепкий сон', code: 'good-sleep' } }),
      expect.objectContaining({ action: 'update', before: { active: true }, after: { active: false } }),
    ])
  })

  it('the menu cache is really a cache: a write past the editor is not seen until an edit announces the tag', async () => {
    const menu = await loadPurposeMenu(null)
    const first = menu[0]!
    const [row] = await db().select({ id: sections.id, name: sections.name }).from(sections).where(eq(sections.code, first.url.split('/')[2]!))
    await db().update(sections).set({ name: 'Мимо редактора' }).where(eq(sections.id, row!.id))
    expect((await loadPurposeMenu(null))[0]!.name).toBe(first.name)
    await call(updateSectionEndpoint, as.content, { id: row!.id, body: { name: row!.name } })
    // Same name as stored before the stray write: the editor sees a change and announces it.
    expect((await loadPurposeMenu(null))[0]!.name).toBe(row!.name)
  })

  it('reorders the sections, audited, and the menu follows; a partial list is refused', async () => {
    const list = await call<{ items: SectionView[] }>(listSectionsEndpoint, as.content)
    const ids = list.body.items.map((s) => s.id)
    const swapped = [ids[1]!, ids[0]!, ...ids.slice(2)]
    const answer = await call<{ items: SectionView[] }>(reorderSectionsEndpoint, as.content, { body: { sectionIds: swapped } })
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((s) => s.id)).toEqual(swapped)
    const activeNames = answer.body.items.filter((s) => s.active).map((s) => s.name)
    expect((await loadPurposeMenu(null)).map((s) => s.name)).toEqual(activeNames)
    expect((await auditOf('section', 'order')).at(-1)).toMatchObject({ action: 'reorder', before: { sectionIds: ids }, after: { sectionIds: swapped } })

    const partial = await call<{ error: string }>(reorderSectionsEndpoint, as.content, { body: { sectionIds: swapped.slice(1) } })
    expect(partial).toMatchObject({ status: 400, body: { error: M.order } })
    const twice = await call<{ error: string }>(reorderSectionsEndpoint, as.content, { body: { sectionIds: [swapped[0], ...swapped.slice(0, -1)] } })
    expect(twice.status).toBe(400)
  })

  it('a section page takes its SEO title and description from the back office', async () => {
    const [row] = await db().select({ id: sections.id, code: sections.code, name: sections.name }).from(sections).where(eq(sections.active, true)).limit(1)
    const plain = await loadCatalogList({ kind: 'catalog', section: row!.code }, {})
    expect(listMetadata(plain!).title).toBe(`${row!.name} — купить витамины и БАД`)
    await call(updateSectionEndpoint, as.content, { id: row!.id, body: { seoTitle: 'Витамины для иммунитета — каталог', seoDescription: 'Подберите витамины.' } })
    const seo = listMetadata((await loadCatalogList({ kind: 'catalog', section: row!.code }, {}))!)
    expect(seo).toMatchObject({ title: 'Витамины для иммунитета — каталог', description: 'Подберите витамины.' })
  })

  it('refuses a new code for a section whose products carry it in their address, with a Russian reason', async () => {
    const [used] = await db().select({ id: sections.id, code: sections.code }).from(sections).innerJoin(products, eq(products.sectionId, sections.id)).limit(1)
    const refused = await call<{ error: string; errors: { field: string }[] }>(updateSectionEndpoint, as.content, { id: used!.id, body: { code: `${used!.code}-new` } })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe(M.sectionCodeInUse)
    expect(refused.body.errors[0]!.field).toBe('code')
    const [after] = await db().select({ code: sections.code }).from(sections).where(eq(sections.id, used!.id))
    expect(after!.code).toBe(used!.code)
    // The name of such a section still changes.
    expect((await call(updateSectionEndpoint, as.content, { id: used!.id, body: { description: 'Новое описание' } })).status).toBe(200)
  })

  it('refuses a taken code and bad fields with Russian messages', async () => {
    const [taken] = await db().select({ code: sections.code }).from(sections).limit(1)
    const dup = await call<{ error: string }>(createSectionEndpoint, as.content, { body: { name: 'Дубль', code: taken!.code.toUpperCase() } })
    expect(dup).toMatchObject({ status: 400, body: { error: M.sectionCodeTaken } })
    const bad = await call<{ errors: { field: string; message: string }[] }>(createSectionEndpoint, as.content, { body: { name: 'x', code: 'с кириллицей' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual(expect.arrayContaining([{ field: 'name', message: M.name }, { field: 'code', message: M.code }]))
  })

  it('a warehouse keeper may read but not change sections or brands', async () => {
    expect((await call(listSectionsEndpoint, as.warehouse)).status).toBe(200)
    for (const [endpoint, body] of [
      [createSectionEndpoint, { name: 'Склад', code: 'warehouse-section' }],
      [reorderSectionsEndpoint, { sectionIds: [1] }],
      [createBrandEndpoint, { name: 'Склад', code: 'warehouse-brand' }],
    ] as const) {
      const answer = await call<{ error: string }>(endpoint, as.warehouse, { body })
      expect(answer).toEqual({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
    }
  })
})

describe('brands through /api/admin/', () => {
  it('creates and edits a brand, audited, and the storefront brand list follows', async () => {
    await loadBrands()
    const created = await call<BrandView>(createBrandEndpoint, as.content, { body: { name: 'Северная ягода', code: 'north-berry', logo: '/img/brands/north-berry.svg' } })
    expect(created.status).toBe(200)
    expect((await loadBrands()).map((b) => b.code)).toContain('north-berry')
    const edited = await call<BrandView>(updateBrandEndpoint, as.content, { id: created.body.id, body: { name: 'Северная Ягода', description: 'Морошка и брусника' } })
    expect(edited.body).toMatchObject({ name: 'Северная Ягода', description: 'Морошка и брусника', products: 0 })
    expect((await loadBrands()).find((b) => b.code === 'north-berry')?.name).toBe('Северная Ягода')
    expect(await auditOf('brand', created.body.id)).toEqual([
      expect.objectContaining({ action: 'create' }),
      expect.objectContaining({ action: 'update', before: { name: 'Северная ягода', description: '' }, after: { name: 'Северная Ягода', description: 'Морошка и брусника' } }),
    ])
    const list = await call<{ items: BrandView[] }>(listBrandsEndpoint, as.owner)
    expect(list.body.items.find((b) => b.id === created.body.id)).toBeDefined()
  })

  it('a hidden brand leaves the storefront: no page, no directory entry', async () => {
    const created = await call<BrandView>(createBrandEndpoint, as.content, { body: { name: 'Временный', code: 'temporary-brand' } })
    expect(await resolveList({ kind: 'brand', code: 'temporary-brand' })).not.toBeNull()
    await call(updateBrandEndpoint, as.content, { id: created.body.id, body: { active: false } })
    expect(await resolveList({ kind: 'brand', code: 'temporary-brand' })).toBeNull()
    expect((await loadBrands()).map((b) => b.code)).not.toContain('temporary-brand')
  })

  it('refuses a logo that is not a site path or an https address', async () => {
    const answer = await call<{ error: string }>(createBrandEndpoint, as.content, { body: { name: 'Опасный', code: 'danger', logo: 'javascript:alert(1)' } })
    expect(answer).toMatchObject({ status: 400, body: { error: M.logo } })
    expect(await db().select({ id: brands.id }).from(brands).where(eq(brands.code, 'danger'))).toEqual([])
  })
})
