import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { auditLog, landingPages, products } from '@/db/schema'
import { LANDING_MESSAGES } from '@/domains/landings/landing-blocks'
import type { LandingView } from '@/domains/landings/landings-admin.schema'
import { loadProductLandingPreview } from '@/domains/landings/landings-preview.server'
import { loadProductLanding } from '@/domains/landings/landings.server'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  createLandingEndpoint,
  discardLandingDraftEndpoint,
  listLandingsEndpoint,
  publishLandingEndpoint,
  readLandingEndpoint,
  saveLandingDraftEndpoint,
  updateLandingEndpoint,
} from './landings'

/** Landing pages through /api/admin/ (issue 20, ADR 203): drafts per block type, preview, publish, the storefront after each. */

type Auth = { cookie: string }
const as: Record<'owner' | 'content' | 'manager' | 'warehouse', Auth> = {} as never
type Answer<T> = { status: number; body: T }
type Refused = { error: string; errors: { field: string; message: string }[] }

beforeAll(async () => {
  for (const role of ['owner', 'content', 'manager', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T = LandingView>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
  })
  return { status: response.status, body: (await response.json()) as T }
}

async function omega(): Promise<LandingView> {
  const [row] = await db()
    .select({ id: landingPages.id })
    .from(landingPages)
    .where(eq(landingPages.code, 'omega-3'))
  return (await call(readLandingEndpoint, as.content, { id: row!.id })).body
}

describe('landings through /api/admin/', () => {
  it('lists the landings with their kinds', async () => {
    const list = await call<{ items: { code: string; kind: string; active: boolean; blocks: number }[] }>(
      listLandingsEndpoint,
      as.manager,
    )
    expect(list.status).toBe(200)
    expect(list.body.items.map((l) => l.code)).toEqual(
      expect.arrayContaining(['omega-3', 'kollagen', 'turboslim', 'turboslim-menu']),
    )
    expect(list.body.items.find((l) => l.code === 'omega-3')).toMatchObject({ kind: 'product', active: true })
  })

  it('a content editor edits a block in a draft: the buyer sees the old page, the preview the new; publishing shows it to the buyer', async () => {
    const landing = await omega()
    const before = await loadProductLanding('omega-3')
    const heroBefore = before!.blocks[0]
    expect(heroBefore).toMatchObject({ type: 'hero' })
    const blocks = landing.published.blocks.map((b, i) =>
      i === 0 ? { ...b, title: 'Омега-3: новое сердце лендинга' } : b,
    )

    const saved = await call(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: { title: landing.title, product: landing.product, blocks },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.hasDraft).toBe(true)
    expect(saved.body.draft!.blocks[0]).toMatchObject({ title: 'Омега-3: новое сердце лендинга' })
    expect((await loadProductLanding('omega-3'))!.blocks[0]).toEqual(heroBefore)
    expect((await loadProductLandingPreview('omega-3'))!.blocks[0]).toMatchObject({
      type: 'hero',
      title: 'Омега-3: новое сердце лендинга',
    })

    const published = await call(publishLandingEndpoint, as.content, { id: landing.id })
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({ hasDraft: false, active: true, draft: null })
    expect((await loadProductLanding('omega-3'))!.blocks[0]).toMatchObject({
      title: 'Омега-3: новое сердце лендинга',
    })

    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'landing'), eq(auditLog.objectId, String(landing.id))))
      .orderBy(auditLog.id)
    expect(audit.map((a) => a.action)).toEqual(['draft', 'publish'])
  })

  it('the cached page is really cached: a write past the editor is not seen until a publish announces the tag', async () => {
    const landing = await omega()
    await loadProductLanding('omega-3')
    await db().update(landingPages).set({ title: 'Мимо редактора' }).where(eq(landingPages.id, landing.id))
    expect((await loadProductLanding('omega-3'))!.title).toBe(landing.title)
    await call(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: { title: landing.title, product: landing.product, blocks: landing.published.blocks },
    })
    expect((await loadProductLanding('omega-3'))!.title).toBe(landing.title)
    await call(publishLandingEndpoint, as.content, { id: landing.id })
    expect((await loadProductLanding('omega-3'))!.title).toBe(landing.title)
    const [row] = await db()
      .select({ title: landingPages.title })
      .from(landingPages)
      .where(eq(landingPages.id, landing.id))
    expect(row!.title).toBe(landing.title)
  })

  it('adds, reorders and removes blocks; a discarded draft leaves the page as it was', async () => {
    const landing = await omega()
    const appendix = { type: 'appendix', title: 'Важно', text: 'Не является лекарственным средством.' }
    const blocks = [appendix, ...landing.published.blocks.slice(1).reverse()]
    const saved = await call(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: { title: landing.title, product: landing.product, blocks },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.draft!.blocks.map((b) => b.type)).toEqual(blocks.map((b) => b.type))
    expect((await loadProductLandingPreview('omega-3'))!.blocks[0]).toMatchObject(appendix)
    const discarded = await call(discardLandingDraftEndpoint, as.content, { id: landing.id })
    expect(discarded.body.draft).toBeNull()
    expect((await loadProductLandingPreview('omega-3'))!.blocks.map((b) => b.type)).toEqual(
      landing.published.blocks.map((b) => b.type),
    )
  })

  it('refuses a block that breaks its type schema, in Russian, naming the block and the field; nothing is saved', async () => {
    const landing = await omega()
    const reviewsAt = landing.published.blocks.findIndex((b) => b.type === 'reviews')
    const bad = landing.published.blocks.map((b, i) =>
      i === reviewsAt
        ? { ...b, reviews: [{ name: 'Анна', date: '2025-01-01', rate: 7, description: 'Хорошо' }] }
        : i === 0
          ? { ...b, title: 42 }
          : b,
    )
    const refused = await call<Refused>(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: { title: landing.title, product: landing.product, blocks: bad },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        {
          field: 'blocks.0.title',
          message: 'Блок 1 «Первый экран» — «Заголовок»: неверный формат значения.',
        },
        {
          field: `blocks.${reviewsAt}.reviews.0.rate`,
          message: `Блок ${reviewsAt + 1} «Отзывы» — «Оценка» (1): не больше 5.`,
        },
        expect.objectContaining({
          field: `blocks.${reviewsAt}.reviews.0.date`,
          message: expect.stringContaining('ДД.ММ.ГГГГ'),
        }),
      ]),
    )

    const unknown = await call<Refused>(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: { title: landing.title, product: landing.product, blocks: [{ type: 'carousel' }] },
    })
    expect(unknown.body.errors).toEqual([
      { field: 'blocks.0.type', message: `Блок 1: ${LANDING_MESSAGES.unknownType}` },
    ])

    const triple = await call<Refused>(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: {
        title: landing.title,
        product: landing.product,
        blocks: [{ type: 'tri-block', items: [{ title: 'a', description: 'b', image: '' }] }],
      },
    })
    expect(triple.body.error).toBe('Блок 1 «Три карточки» — «Элементы»: нужно ровно 3.')

    const script = await call<Refused>(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: {
        title: landing.title,
        product: landing.product,
        blocks: [
          {
            type: 'articles',
            title: 'Статьи',
            articles: [{ link: 'javascript:alert(1)', image: '', title: 'x' }],
          },
        ],
      },
    })
    expect(script.body.errors).toEqual([
      {
        field: 'blocks.0.articles.0.link',
        message: `Блок 1 «Статьи» — «Ссылка» (1): ${LANDING_MESSAGES.link}`,
      },
    ])

    const ghost = await call<Refused>(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: {
        title: landing.title,
        product: landing.product,
        blocks: [{ type: 'products-slider', title: 'Ещё', products: ['no-such-product'] }],
      },
    })
    expect(ghost.body.errors).toEqual([
      {
        field: 'blocks.0.products.0',
        message: 'Блок 1 «Слайдер товаров» — «Товары (коды)» (1): товар с кодом «no-such-product» не найден.',
      },
    ])

    const empty = await call<Refused>(saveLandingDraftEndpoint, as.content, {
      id: landing.id,
      body: { title: landing.title, product: landing.product, blocks: [] },
    })
    expect(empty.body.error).toBe(LANDING_MESSAGES.blocks)
    expect((await omega()).draft).toBeNull()
  })

  it('creates a hidden landing; a buyer does not see it until it is published, nor after it is hidden', async () => {
    const [product] = await db()
      .select({ code: products.code })
      .from(products)
      .where(eq(products.active, true))
      .limit(1)
    const created = await call(createLandingEndpoint, as.content, {
      body: { code: 'new-landing', title: 'Новый лендинг', product: product!.code },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ active: false, kind: 'product', blocks: 1 })
    expect(await loadProductLanding('new-landing')).toBeNull()
    expect(await loadProductLandingPreview('new-landing')).toMatchObject({ title: 'Новый лендинг' })
    expect((await call(publishLandingEndpoint, as.content, { id: created.body.id })).status).toBe(200)
    expect(await loadProductLanding('new-landing')).toMatchObject({ title: 'Новый лендинг' })
    const hidden = await call(updateLandingEndpoint, as.content, {
      id: created.body.id,
      body: { active: false },
    })
    expect(hidden.body.active).toBe(false)
    expect(await loadProductLanding('new-landing')).toBeNull()
    const taken = await call<Refused>(createLandingEndpoint, as.content, {
      body: { code: 'new-landing', title: 'Ещё один', product: product!.code },
    })
    expect(taken.body.errors).toEqual([{ field: 'code', message: LANDING_MESSAGES.codeTaken }])
  })

  it('refuses the warehouse and the manager a change, and the page stays', async () => {
    const landing = await omega()
    for (const role of ['warehouse', 'manager'] as const) {
      const refused = await call<Refused>(saveLandingDraftEndpoint, as[role], {
        id: landing.id,
        body: { title: 'x', product: landing.product, blocks: landing.published.blocks },
      })
      expect(refused).toMatchObject({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
      expect((await call<Refused>(publishLandingEndpoint, as[role], { id: landing.id })).status).toBe(403)
    }
    expect((await omega()).draft).toBeNull()
  })
})
