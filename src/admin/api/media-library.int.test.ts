import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { auditLog, mediaPictures, showcaseSlides } from '@/db/schema'
import type { BrandView } from '@/domains/catalog/catalog-structure'
import { loadBrandDirectory } from '@/domains/catalog/catalog.server'
import type { ShowcaseSlideView } from '@/domains/catalog/showcase-slides'
import type { ShowcaseTabView } from '@/domains/catalog/catalog-structure-showcases'
import { BrandDirectory } from '@/domains/catalog/ui/brand-directory'
import type { LibraryPictureView } from '@/domains/media/media-library'
import { uploadsRoot } from '@/domains/media/picture-storage.server'
import { setsFromExperts } from '@/domains/showcases/showcases.server'
import { ExpertSlideCard } from '@/domains/showcases/ui/expert-slide'
import type { Endpoint } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { libraryPictureUploaded } from '../../../tests/support/library-picture'
import { reloadEnv } from '../../../tests/support/test-hooks'
import { deleteLibraryEndpoint, listLibraryEndpoint } from './banners'
import {
  listBrandsEndpoint,
  listShowcaseTabsEndpoint,
  listSlidesEndpoint,
  updateBrandEndpoint,
  updateSlideEndpoint,
} from './catalog-structure'

/**
 * The media library beyond the banners (ADR 207 addendum): a brand's logo and an expert slide choose a
 * library picture and the storefront renders its srcset; a picture in use is not deleted, an unused
 * one is, with its files; the list pages and searches past its first page.
 */

// The card's buy button needs the mounted app router; the picture is what this file renders.
vi.mock('@/domains/cart/ui/buy-button', () => ({ BuyButton: () => null }))

type Auth = { cookie: string }
const as: Record<'content' | 'warehouse', Auth> = {} as never
let varDir: string

beforeAll(async () => {
  varDir = await mkdtemp(path.join(tmpdir(), 'media-library-'))
  vi.stubEnv('VAR_DIR', varDir)
  reloadEnv()
  for (const role of ['content', 'warehouse'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
})

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await rm(varDir, { recursive: true, force: true })
})

type Picture = LibraryPictureView & { inUse: boolean }
type Page = { items: Picture[]; total: number; page: number; pageSize: number }

async function call<T = Record<string, unknown>>(endpoint: Endpoint, auth: Auth, options: { id?: number; body?: unknown; query?: string } = {}) {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
    query: options.query,
  })
  return { status: response.status, body: (await response.json()) as T }
}

const upload = (colour: string, alt: string, width = 900) =>
  libraryPictureUploaded(as.content.cookie, colour, alt, { width, height: 600 })

const fileOf = (url: string) => path.join(uploadsRoot(), 'media', url.split('/').at(-1)!)
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

async function expertTab(): Promise<ShowcaseTabView> {
  const tabs = (await call<{ items: ShowcaseTabView[] }>(listShowcaseTabsEndpoint, as.content)).body.items
  const tab = tabs.find((t) => t.block === 'sets-from-experts' && t.active && t.slides >= 1)
  expect(tab).toBeDefined()
  return tab!
}

describe('library pictures in the brand and expert-slide editors', () => {
  it('an expert slide takes a library picture: saved, its typed address cleared, the home page renders the srcset', async () => {
    const picture = await upload('#2a6', 'Осенний набор экспертов')
    const tab = await expertTab()
    const [slide] = (await call<{ items: ShowcaseSlideView[] }>(listSlidesEndpoint, as.content, { id: tab.id })).body.items.filter((s) => s.active)
    await db().update(showcaseSlides).set({ img: '/images/sets/typed.svg' }).where(eq(showcaseSlides.id, slide!.id))
    // The form sends the unchanged (absent) picture: a seed's typed address stays.
    const kept = await call<ShowcaseSlideView>(updateSlideEndpoint, as.content, { id: slide!.id, body: { pictureId: null, pack: 'Курс' } })
    expect(kept.body).toMatchObject({ img: '/images/sets/typed.svg', picture: null, pack: 'Курс' })

    const saved = await call<ShowcaseSlideView>(updateSlideEndpoint, as.content, { id: slide!.id, body: { pictureId: picture.id } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ img: '', picture: { id: picture.id, srcset: picture.srcset } })
    expect(picture.srcset).toBe(`${picture.urls.thumb} 192w, ${picture.urls.card} 480w, ${picture.urls.gallery} 900w`)

    const shown = ((await setsFromExperts())[tab.title]?.slides ?? []).find((s) => s.title === slide!.title)
    expect(shown).toMatchObject({ img: picture.urls.card, srcset: picture.srcset })
    const html = renderToStaticMarkup(createElement(ExpertSlideCard, { slide: shown! }))
    expect(html).toContain(`srcSet="${picture.srcset}"`)
    expect(html).toContain('sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 85vw"')

    const unknown = await call<{ errors: { field: string }[] }>(updateSlideEndpoint, as.content, { id: slide!.id, body: { pictureId: 2_000_000 } })
    expect([unknown.status, unknown.body.errors[0]?.field]).toEqual([400, 'pictureId'])
  })

  it('a brand takes a library logo: saved, audited, /brands/ renders it with its srcset; a typed logo keeps no srcset', async () => {
    const picture = await upload('#a52', 'Логотип бренда')
    const [brand] = (await call<{ items: BrandView[] }>(listBrandsEndpoint, as.content)).body.items.filter((b) => b.active)
    const saved = await call<BrandView>(updateBrandEndpoint, as.content, { id: brand!.id, body: { pictureId: picture.id, logo: '/img/brands/old.png' } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ logo: '', picture: { id: picture.id } })
    const [line] = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'brand'), eq(auditLog.objectId, String(brand!.id))))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1))
    expect(line?.after).toMatchObject({ pictureId: picture.id })

    const directory = await loadBrandDirectory()
    const listed = directory.find((b) => b.code === brand!.code)
    expect(listed).toMatchObject({ logo: picture.urls.card, logoSrcset: picture.srcset })
    const html = renderToStaticMarkup(createElement(BrandDirectory, { brands: directory, baseUrl: 'http://localhost' }))
    expect(html).toContain(`srcSet="${picture.srcset}"`)

    const other = (await call<{ items: BrandView[] }>(listBrandsEndpoint, as.content)).body.items.find((b) => b.active && b.id !== brand!.id)
    await call(updateBrandEndpoint, as.content, { id: other!.id, body: { logo: '/img/brands/typed.png' } })
    expect((await loadBrandDirectory()).find((b) => b.code === other!.code)).toMatchObject({ logo: '/img/brands/typed.png', logoSrcset: '' })
  })
})

describe('deleting library pictures', () => {
  it('refuses a picture in use, naming its users in Russian; the list marks it used; the files stay', async () => {
    const picture = await upload('#55c', 'Используемая')
    const [brand] = (await call<{ items: BrandView[] }>(listBrandsEndpoint, as.content)).body.items.filter((b) => b.active).slice(-1)
    await call(updateBrandEndpoint, as.content, { id: brand!.id, body: { pictureId: picture.id } })
    const refused = await call<{ error: string }>(deleteLibraryEndpoint, as.content, { id: picture.id })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(`Картинку нельзя удалить: она используется (бренд «${brand!.name}»). Сначала выберите там другую картинку.`)
    expect(await exists(fileOf(picture.urls.card))).toBe(true)
    const page = (await call<Page>(listLibraryEndpoint, as.content, { query: 'q=Используемая' })).body
    expect(page.items.map((p) => [p.id, p.inUse])).toEqual([[picture.id, true]])

    // Free again once the brand takes another picture: then it goes.
    await call(updateBrandEndpoint, as.content, { id: brand!.id, body: { pictureId: null } })
    expect((await call(deleteLibraryEndpoint, as.content, { id: picture.id })).status).toBe(200)
  })

  it('deletes an unused picture with every stored file, audited; the warehouse may not; a second delete finds nothing', async () => {
    const picture = await upload('#c5c', 'Лишняя картинка', 1300)
    const files = [picture.urls.thumb, picture.urls.card, picture.urls.gallery].map(fileOf)
    for (const file of files) expect(await exists(file)).toBe(true)
    expect((await call(deleteLibraryEndpoint, as.warehouse, { id: picture.id })).status).toBe(403)

    const deleted = await call(deleteLibraryEndpoint, as.content, { id: picture.id })
    expect(deleted).toEqual({ status: 200, body: { id: picture.id } })
    for (const file of files) expect(await exists(file)).toBe(false)
    expect(await db().select().from(mediaPictures).where(eq(mediaPictures.id, picture.id))).toEqual([])
    const [line] = await db()
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'media-picture'), eq(auditLog.objectId, String(picture.id)), eq(auditLog.action, 'delete')))
    expect(line?.before).toMatchObject({ alt: 'Лишняя картинка', storage: 'local' })
    expect((await call(deleteLibraryEndpoint, as.content, { id: picture.id })).status).toBe(404)
  })
})

describe('the library list', () => {
  it('pages past the first 60 newest first, and finds by description beyond them', async () => {
    const made: number[] = []
    for (let i = 0; i < 62; i++) made.push((await upload(`#${(0x100 + i * 3).toString(16).slice(-3)}`, `Серия ${i}`, 200 + i)).id)
    const first = (await call<Page>(listLibraryEndpoint, as.content)).body
    expect(first).toMatchObject({ page: 1, pageSize: 60 })
    expect(first.items).toHaveLength(60)
    const all = await db().select({ id: mediaPictures.id }).from(mediaPictures)
    expect(first.total).toBe(all.length)
    const second = (await call<Page>(listLibraryEndpoint, as.content, { query: 'page=2' })).body
    const seen = [...first.items, ...second.items].map((p) => p.id)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(expect.arrayContaining(made))

    // The oldest of the series is on no first page, yet the search finds it (and «%» is a letter, not a pattern).
    const found = (await call<Page>(listLibraryEndpoint, as.content, { query: `q=${encodeURIComponent('серия 0')}` })).body
    expect(found.items.map((p) => p.alt)).toEqual(['Серия 0'])
    expect((await call<Page>(listLibraryEndpoint, as.content, { query: `q=${encodeURIComponent('%')}` })).body.total).toBe(0)
    expect((await call(listLibraryEndpoint, as.content, { query: 'page=0' })).status).toBe(400)
    await db().delete(mediaPictures).where(inArray(mediaPictures.id, made))
  })
})
