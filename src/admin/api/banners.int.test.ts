import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GET as serveLibraryFile } from '@/app/upload/media/[name]/route'
import { db } from '@/db/client'
import { auditLog, featuredSlides, lightLineBanners, products } from '@/db/schema'
import {
  BANNER_MESSAGES as M,
  type BannerList,
  type FeaturedSlideView,
  type LightLineView,
} from '@/domains/banners/banners'
import { EDIT_MESSAGES } from '@/domains/edits/edits'
import { PICTURE_MESSAGES } from '@/domains/media/media'
import type { LibraryPictureView } from '@/domains/media/media-library'
import {
  featuredSlides as homeSlides,
  homePageData,
  lightLineBanner,
} from '@/domains/showcases/showcases.server'
import { clearCache } from '@/lib/cache'
import { ADMIN_MESSAGES, type Endpoint } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { reloadEnv, setClock } from '../../../tests/support/test-hooks'
import {
  createFeaturedSlideEndpoint,
  createLightLineEndpoint,
  listBannersEndpoint,
  listLibraryEndpoint,
  readFeaturedSlideEndpoint,
  reorderFeaturedSlidesEndpoint,
  reorderLightLinesEndpoint,
  updateFeaturedSlideEndpoint,
  updateLightLineEndpoint,
  uploadLibraryEndpoint,
} from './banners'

/** The home page's banners through /api/admin/ (issue 20, ADR 207), and the storefront after each change. */

type Auth = { cookie: string }
const as: Record<'content' | 'warehouse', Auth> = {} as never
let varDir: string
let productCode: string

beforeAll(async () => {
  varDir = await mkdtemp(path.join(tmpdir(), 'banners-'))
  vi.stubEnv('VAR_DIR', varDir)
  reloadEnv()
  for (const role of ['content', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
  const [product] = await db()
    .select({ code: products.code })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(products.id)
    .limit(1)
  productCode = product!.code
})

afterEach(() => setClock(null))

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await rm(varDir, { recursive: true, force: true })
})

async function call<T = Record<string, unknown>>(
  endpoint: Endpoint,
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
) {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
  })
  return { status: response.status, body: (await response.json()) as T }
}

/** The upload as the editor's page sends it: the file's bytes as the body. */
async function upload(
  auth: Auth,
  bytes: Uint8Array<ArrayBuffer>,
  alt = '',
): Promise<{ status: number; body: LibraryPictureView & { error?: string } }> {
  const url = new URL('/api/admin/media/', 'http://localhost:3000')
  if (alt) url.searchParams.set('alt', alt)
  const request = new Request(url, {
    method: 'POST',
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      cookie: auth.cookie,
      'content-type': 'image/png',
    },
    body: bytes,
  })
  const response = await uploadLibraryEndpoint.serve(request)
  return { status: response.status, body: (await response.json()) as LibraryPictureView & { error?: string } }
}

const png = (colour: string, width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((b) => Uint8Array.from(b))

const list = async () => (await call<BannerList>(listBannersEndpoint, as.content)).body
const slideTitles = async () => (await homeSlides()).map((s) => s.TITLE)
const hour = 3_600_000

describe('the media library', () => {
  it('stores an upload in the storefront sizes with its srcset, serves it for a year, and the same file again is the same picture', async () => {
    const first = await upload(as.content, await png('#3a7'), 'Осенний набор')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ alt: 'Осенний набор', width: 1200, height: 750 })
    expect(first.body.urls.card).toMatch(/^\/upload\/media\/[0-9a-f]{32}\.webp$/)
    expect(first.body.srcset).toBe(
      `${first.body.urls.thumb} 192w, ${first.body.urls.card} 480w, ${first.body.urls.gallery} 1200w`,
    )
    const served = await serveLibraryFile(new Request('http://localhost/'), {
      params: Promise.resolve({ name: first.body.urls.card.split('/').at(-1)! }),
    })
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ])
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(480)
    expect(
      (
        await serveLibraryFile(new Request('http://localhost/'), {
          params: Promise.resolve({ name: '..%2Fsecret.webp' }),
        })
      ).status,
    ).toBe(404)

    const again = await upload(as.content, await png('#3a7'))
    expect(again.body.id).toBe(first.body.id)
    const items = (await call<{ items: LibraryPictureView[] }>(listLibraryEndpoint, as.warehouse)).body.items
    expect(items.filter((p) => p.id === first.body.id)).toHaveLength(1)
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'media-picture'), eq(auditLog.objectId, String(first.body.id))))
    expect(audit.map((a) => a.action)).toEqual(['create'])

    const notPicture = await upload(
      as.content,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    )
    expect([notPicture.status, notPicture.body.error]).toEqual([400, PICTURE_MESSAGES.type])
    expect((await upload(as.warehouse, await png('#111'))).status).toBe(403)
  })
})

describe('the featured slider through /api/admin/', () => {
  it('a new slide with a library picture is on the cached home slider at once with its srcset; hidden, it is gone; audited', async () => {
    const picture = (await upload(as.content, await png('#c52', 900, 900))).body
    await homePageData() // warm the caches: the change must reach them through the tag
    const before = await slideTitles()
    const created = await call<FeaturedSlideView>(createFeaturedSlideEndpoint, as.content, {
      body: {
        productCode,
        title: 'Осенний иммунитет',
        subtitle: 'Новинка',
        description: 'Курс на месяц',
        link: '/catalog/',
        pictureId: picture.id,
      },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      title: 'Осенний иммунитет',
      productCode,
      active: true,
      startsAt: null,
      endsAt: null,
      preview: picture.urls.card,
    })
    expect(created.body.picture?.id).toBe(picture.id)
    expect((await list()).slides.at(-1)?.id).toBe(created.body.id)

    const shown = (await homePageData()).featured.find((s) => s.TITLE === 'Осенний иммунитет')
    expect(shown).toMatchObject({
      SUBTITLE: 'Новинка',
      DESCRIPTION: 'Курс на месяц',
      LINK: '/catalog/',
      IMAGE: picture.urls.card,
    })
    // A 900 px upload: its gallery size is 900 px wide, never enlarged.
    expect(shown?.IMAGE_SRCSET).toBe(
      `${picture.urls.thumb} 192w, ${picture.urls.card} 480w, ${picture.urls.gallery} 900w`,
    )
    expect(await slideTitles()).toEqual([...before, 'Осенний иммунитет'])

    expect(
      (await call(updateFeaturedSlideEndpoint, as.content, { id: created.body.id, body: { active: false } }))
        .status,
    ).toBe(200)
    expect(await slideTitles()).toEqual(before)
    expect(
      (
        await call(updateFeaturedSlideEndpoint, as.content, {
          id: created.body.id,
          body: { active: true, pictureId: null },
        })
      ).status,
    ).toBe(200)
    const back = (await homeSlides()).find((s) => s.TITLE === 'Осенний иммунитет')
    expect(back?.IMAGE_SRCSET).toBe('') // the offer's own picture
    expect(back?.IMAGE).not.toBe(picture.urls.card)

    const audit = await db()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'featured_slide'), eq(auditLog.objectId, String(created.body.id))))
      .orderBy(auditLog.id)
    expect(audit).toEqual([
      {
        action: 'create',
        before: null,
        after: expect.objectContaining({
          productCode,
          title: 'Осенний иммунитет',
          pictureId: picture.id,
          active: true,
        }),
      },
      { action: 'update', before: { active: true }, after: { active: false } },
      {
        action: 'update',
        before: { active: false, pictureId: picture.id },
        after: { active: true, pictureId: null },
      },
    ])
  })

  it('a slide written past the editor stays unseen on the cached home page until a change announces the tag (negative control)', async () => {
    const [slide] = (await list()).slides.filter((s) => s.active)
    await homeSlides()
    await db().update(featuredSlides).set({ title: 'Мимо редактора' }).where(eq(featuredSlides.id, slide!.id))
    expect(await slideTitles()).not.toContain('Мимо редактора')
    await call(updateFeaturedSlideEndpoint, as.content, {
      id: slide!.id,
      body: { subtitle: 'Через редактора' },
    })
    expect(await slideTitles()).toContain('Мимо редактора')
  })

  it('keeps a typed picture when a save sends the same empty library choice, and drops it for a chosen one', async () => {
    const [slide] = (await list()).slides.filter((s) => s.picture === null)
    await db()
      .update(featuredSlides)
      .set({ image: '/upload/typed-by-seed.webp' })
      .where(eq(featuredSlides.id, slide!.id))
    const typed = async () =>
      (
        await db()
          .select({ image: featuredSlides.image })
          .from(featuredSlides)
          .where(eq(featuredSlides.id, slide!.id))
      )[0]!.image
    const saved = await call(updateFeaturedSlideEndpoint, as.content, {
      id: slide!.id,
      body: { subtitle: 'Подзаголовок из формы', pictureId: null },
    })
    expect(saved.status).toBe(200)
    expect(await typed()).toBe('/upload/typed-by-seed.webp')
    const picture = await upload(as.content, await png('#2a9d8f', 900, 600))
    await call(updateFeaturedSlideEndpoint, as.content, {
      id: slide!.id,
      body: { pictureId: picture.body.id },
    })
    expect(await typed()).toBe('')
  })

  it('shows a slide only within its dates, and refuses an end before the start', async () => {
    const start = Date.now() + 24 * hour
    const created = await call<FeaturedSlideView>(createFeaturedSlideEndpoint, as.content, {
      body: {
        productCode,
        title: 'Чёрная пятница',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 48 * hour).toISOString(),
      },
    })
    expect(created.status).toBe(200)
    expect(await slideTitles()).not.toContain('Чёрная пятница')
    // Crossing a bound announces nothing: the slide shows once the cache's short life is over.
    setClock(() => new Date(start + hour))
    clearCache()
    expect(await slideTitles()).toContain('Чёрная пятница')
    setClock(() => new Date(start + 48 * hour))
    clearCache()
    expect(await slideTitles()).not.toContain('Чёрная пятница')
    // Back to the real time before calling the API: two days on, the staff session would have expired.
    setClock(null)

    const wrong = await call<{ error: string; errors: { field: string }[] }>(
      updateFeaturedSlideEndpoint,
      as.content,
      { id: created.body.id, body: { endsAt: new Date(start - hour).toISOString() } },
    )
    expect([wrong.status, wrong.body.error, wrong.body.errors[0]?.field]).toEqual([400, M.range, 'endsAt'])
    const format = await call<{ error: string }>(updateFeaturedSlideEndpoint, as.content, {
      id: created.body.id,
      body: { startsAt: '01.12.2026' },
    })
    expect([format.status, format.body.error]).toEqual([400, M.date])
    // The same instant in another offset (Moscow time) is no change: nothing audited.
    const moscow = new Date(start + 3 * hour).toISOString().replace('Z', '+03:00')
    const audited = () =>
      db().$count(
        auditLog,
        and(eq(auditLog.objectType, 'featured_slide'), eq(auditLog.objectId, String(created.body.id))),
      )
    const count = await audited()
    const same = await call<FeaturedSlideView>(updateFeaturedSlideEndpoint, as.content, {
      id: created.body.id,
      body: { startsAt: moscow },
    })
    expect([same.status, same.body.startsAt]).toEqual([200, new Date(start).toISOString()])
    expect(await audited()).toBe(count)
  })

  it('reorders by the whole list, and refuses a partial one, a bad link, an unknown picture or product', async () => {
    const ids = (await list()).slides.map((s) => s.id)
    const order = [ids.at(-1)!, ...ids.slice(0, -1)]
    const reordered = await call<BannerList>(reorderFeaturedSlidesEndpoint, as.content, {
      body: { ids: order },
    })
    expect(reordered.status).toBe(200)
    expect(reordered.body.slides.map((s) => s.id)).toEqual(order)
    const firstShown = reordered.body.slides.find((s) => s.active && s.startsAt === null)
    expect((await homeSlides())[0]?.TITLE).toBe(firstShown?.title)
    const partial = await call<{ error: string }>(reorderFeaturedSlidesEndpoint, as.content, {
      body: { ids: order.slice(1) },
    })
    expect([partial.status, partial.body.error]).toEqual([400, M.order])

    for (const link of ['javascript:alert(1)', 'http://example.org/', '//evil.example/', 'catalog/']) {
      const refused = await call<{ error: string; errors: { field: string }[] }>(
        updateFeaturedSlideEndpoint,
        as.content,
        { id: ids[0]!, body: { link } },
      )
      expect([refused.status, refused.body.error, refused.body.errors[0]?.field]).toEqual([
        400,
        M.slideLink,
        'link',
      ])
    }
    const picture = await call<{ error: string; errors: { field: string }[] }>(
      updateFeaturedSlideEndpoint,
      as.content,
      { id: ids[0]!, body: { pictureId: 999_999 } },
    )
    expect([picture.status, picture.body.error, picture.body.errors[0]?.field]).toEqual([
      400,
      M.picture,
      'pictureId',
    ])
    const product = await call<{ error: string }>(createFeaturedSlideEndpoint, as.content, {
      body: { productCode: 'no-such-product', title: 'Слайд' },
    })
    expect([product.status, product.body.error]).toEqual([400, M.product])
    const unknownField = await call<{ error: string }>(updateFeaturedSlideEndpoint, as.content, {
      id: ids[0]!,
      body: { image: '/upload/x.png' },
    })
    expect([unknownField.status, unknownField.body.error]).toEqual([400, EDIT_MESSAGES.unknownField])
    expect((await call(readFeaturedSlideEndpoint, as.content, { id: 999_999 })).status).toBe(404)
  })

  it('lets the warehouse read the banners but not change them', async () => {
    const { slides } = await list()
    expect((await call(listBannersEndpoint, as.warehouse)).status).toBe(200)
    const refused = await call(updateFeaturedSlideEndpoint, as.warehouse, {
      id: slides[0]!.id,
      body: { title: 'Склад' },
    })
    expect(refused).toEqual({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
    expect((await call(createLightLineEndpoint, as.warehouse, { body: { text: 'Склад' } })).status).toBe(403)
    expect((await list()).slides[0]?.title).toBe(slides[0]!.title)
  })
})

describe('the light line through /api/admin/', () => {
  it('the first shown line in the editor order is on the cached home page; hidden or out of its dates, the next one is', async () => {
    const seeded = await lightLineBanner()
    const created = await call<LightLineView>(createLightLineEndpoint, as.content, {
      body: { text: 'Бесплатная доставка от 3 000 ₽', link: '/delivery/', linkText: 'Условия' },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ text: 'Бесплатная доставка от 3 000 ₽', active: true })
    expect(await lightLineBanner()).toEqual(seeded) // last in the order

    const ids = (await list()).lightLines.map((l) => l.id)
    const order = [created.body.id, ...ids.filter((i) => i !== created.body.id)]
    expect((await call(reorderLightLinesEndpoint, as.content, { body: { ids: order } })).status).toBe(200)
    expect(await lightLineBanner()).toEqual({
      text: 'Бесплатная доставка от 3 000 ₽',
      link: '/delivery/',
      linkText: 'Условия',
    })
    expect((await homePageData()).lightLine?.text).toBe('Бесплатная доставка от 3 000 ₽')

    const edited = await call<LightLineView>(updateLightLineEndpoint, as.content, {
      id: created.body.id,
      body: { endsAt: new Date(Date.now() + hour).toISOString() },
    })
    expect(edited.status).toBe(200)
    expect((await lightLineBanner())?.text).toBe('Бесплатная доставка от 3 000 ₽')
    setClock(() => new Date(Date.now() + 2 * hour))
    clearCache()
    expect(await lightLineBanner()).toEqual(seeded)
    setClock(null)

    expect(
      (
        await call(updateLightLineEndpoint, as.content, {
          id: created.body.id,
          body: { endsAt: null, active: false },
        })
      ).status,
    ).toBe(200)
    expect(await lightLineBanner()).toEqual(seeded)
    const audit = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.objectType, ['light_line_banner']),
          inArray(auditLog.action, ['create', 'update', 'reorder']),
        ),
      )
      .orderBy(auditLog.id)
    expect(audit.map((a) => a.action)).toEqual(['create', 'reorder', 'update', 'update'])
    expect(audit.at(-1)?.after).toEqual({ endsAt: null, active: false })

    const refused = await call<{ error: string; errors: { field: string }[] }>(
      updateLightLineEndpoint,
      as.content,
      { id: created.body.id, body: { text: 'x' } },
    )
    expect([refused.status, refused.body.error, refused.body.errors[0]?.field]).toEqual([400, M.text, 'text'])
    const range = await call<{ error: string }>(createLightLineEndpoint, as.content, {
      body: { text: 'Акция', startsAt: '2026-12-02T00:00:00+03:00', endsAt: '2026-12-01T00:00:00+03:00' },
    })
    expect([range.status, range.body.error]).toEqual([400, M.range])
    expect(await db().$count(lightLineBanners, eq(lightLineBanners.text, 'Акция'))).toBe(0)
  })
})
