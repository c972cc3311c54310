import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, products, showcaseSlides } from '@/db/schema'
import { SLIDE_MESSAGES as M, type ShowcaseSlideView } from '@/domains/catalog/showcase-slides'
import type { ShowcaseTabView } from '@/domains/catalog/catalog-structure-showcases'
import { setsFromExperts } from '@/domains/showcases/showcases.server'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { createSlideEndpoint, listShowcaseTabsEndpoint, listSlidesEndpoint, reorderSlidesEndpoint, updateSlideEndpoint } from './catalog-structure'

/** The sets-from-experts slides through /api/admin/ (issue 20, ADR 204), and the home page after each change. */

type Auth = { cookie: string }
const as: Record<'content' | 'warehouse', Auth> = {} as never

beforeAll(async () => {
  for (const role of ['content', 'warehouse'] as const) as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = Record<string, unknown>>(endpoint: Parameters<typeof callEndpoint>[0], auth: Auth, options: { id?: number; body?: unknown } = {}) {
  const response = await callEndpoint(endpoint, auth, { params: options.id === undefined ? undefined : { id: String(options.id) }, body: options.body })
  return { status: response.status, body: (await response.json()) as T }
}

async function expertTab(): Promise<ShowcaseTabView> {
  const tabs = (await call<{ items: ShowcaseTabView[] }>(listShowcaseTabsEndpoint, as.content)).body.items
  const tab = tabs.find((t) => t.block === 'sets-from-experts' && t.active && t.slides >= 2)
  expect(tab).toBeDefined()
  return tab!
}

async function slides(tabId: number): Promise<ShowcaseSlideView[]> {
  return (await call<{ items: ShowcaseSlideView[] }>(listSlidesEndpoint, as.content, { id: tabId })).body.items
}

/** The home page's slides of a tab, by its title, as the cached block gives them. */
async function homeSlides(tab: ShowcaseTabView) {
  return (await setsFromExperts())[tab.title]?.slides ?? []
}

describe('sets-from-experts slides through /api/admin/', () => {
  it('an edited slide shows on the home page at once; hidden, it is gone; audited', async () => {
    const tab = await expertTab()
    const [first] = await slides(tab.id)
    await homeSlides(tab) // warm the cache: the change must reach it through the tag
    const edited = await call<ShowcaseSlideView>(updateSlideEndpoint, as.content, {
      id: first!.id,
      body: { title: 'Набор для иммунитета', subtitle: 'Осенний курс', link: '/catalog/immunity/', img: '/upload/content/sets/autumn.svg' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ title: 'Набор для иммунитета', subtitle: 'Осенний курс', link: '/catalog/immunity/', img: '/upload/content/sets/autumn.svg' })
    const shown = (await homeSlides(tab)).find((s) => s.title === 'Набор для иммунитета')
    expect(shown).toMatchObject({ subtitle: 'Осенний курс', link: '/catalog/immunity/', img: '/upload/content/sets/autumn.svg', OFFER_ID: first!.offerId })

    expect((await call(updateSlideEndpoint, as.content, { id: first!.id, body: { active: false } })).status).toBe(200)
    expect((await homeSlides(tab)).map((s) => s.title)).not.toContain('Набор для иммунитета')
    expect((await slides(tab.id)).find((s) => s.id === first!.id)?.active).toBe(false)

    const audit = await db().select({ action: auditLog.action, after: auditLog.after }).from(auditLog).where(eq(auditLog.objectType, 'showcase_slide')).orderBy(auditLog.id)
    expect(audit.slice(-2)).toEqual([
      { action: 'update', after: { title: 'Набор для иммунитета', subtitle: 'Осенний курс', link: '/catalog/immunity/', img: '/upload/content/sets/autumn.svg' } },
      { action: 'update', after: { active: false } },
    ])
  })

  it('a written slide stays unseen on the cached home page until a change announces the tag (negative control)', async () => {
    const tab = await expertTab()
    const [slide] = (await slides(tab.id)).filter((s) => s.active)
    await homeSlides(tab)
    await db().update(showcaseSlides).set({ title: 'Мимо редактора' }).where(eq(showcaseSlides.id, slide!.id))
    expect((await homeSlides(tab)).map((s) => s.title)).not.toContain('Мимо редактора')
    await call(updateSlideEndpoint, as.content, { id: slide!.id, body: { pack: 'Курс на месяц' } })
    expect((await homeSlides(tab)).map((s) => s.title)).toContain('Мимо редактора')
  })

  it('creates a slide last in its tab and reorders the tab by the whole list', async () => {
    const tab = await expertTab()
    const [product] = await db().select({ code: products.code }).from(products).where(eq(products.active, true)).limit(1)
    const created = await call<ShowcaseSlideView>(createSlideEndpoint, as.content, { id: tab.id, body: { productCode: product!.code, title: 'Новый набор', link: 'https://example.org/sets' } })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ tabId: tab.id, title: 'Новый набор', productCode: product!.code, active: true })
    const ids = (await slides(tab.id)).map((s) => s.id)
    expect(ids.at(-1)).toBe(created.body.id)
    expect((await homeSlides(tab)).at(-1)).toMatchObject({ title: 'Новый набор', link: 'https://example.org/sets' })

    const order = [created.body.id, ...ids.slice(0, -1)]
    expect((await call(reorderSlidesEndpoint, as.content, { id: tab.id, body: { slideIds: order } })).status).toBe(200)
    expect((await slides(tab.id)).map((s) => s.id)).toEqual(order)
    expect((await homeSlides(tab))[0]?.title).toBe('Новый набор')
    const partial = await call<{ error: string }>(reorderSlidesEndpoint, as.content, { id: tab.id, body: { slideIds: order.slice(1) } })
    expect([partial.status, partial.body.error]).toEqual([400, M.order])
    const unknown = await call<{ error: string }>(createSlideEndpoint, as.content, { id: tab.id, body: { productCode: 'no-such-product', title: 'Набор' } })
    expect([unknown.status, unknown.body.error]).toEqual([400, M.product])
  })

  it('refuses a bad link or picture in Russian, and the warehouse may not change slides', async () => {
    const tab = await expertTab()
    const [slide] = await slides(tab.id)
    for (const link of ['javascript:alert(1)', 'http://example.org/', '//evil.example/', 'catalog/']) {
      const refused = await call<{ error: string; errors: { field: string }[] }>(updateSlideEndpoint, as.content, { id: slide!.id, body: { link } })
      expect([refused.status, refused.body.error, refused.body.errors[0]?.field]).toEqual([400, M.link, 'link'])
    }
    const picture = await call<{ error: string }>(updateSlideEndpoint, as.content, { id: slide!.id, body: { img: 'https://example.org/a.png' } })
    expect([picture.status, picture.body.error]).toEqual([400, M.img])
    const warehouse = await call<{ error: string }>(updateSlideEndpoint, as.warehouse, { id: slide!.id, body: { title: 'Склад' } })
    expect(warehouse).toEqual({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
    expect((await call(listSlidesEndpoint, as.warehouse, { id: tab.id })).status).toBe(200) // catalog.read: the warehouse reads
    expect((await slides(tab.id)).find((s) => s.id === slide!.id)?.title).toBe(slide!.title)
  })
})
