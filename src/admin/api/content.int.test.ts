import { and, desc, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { articles, auditLog, encSections, products } from '@/db/schema'
import type {
  ArticleView,
  ContentListItem,
  EncElementView,
  LegalView,
  NewsView,
} from '@/domains/content/content-admin.schema'
import { articlePage, newsItem } from '@/domains/content/content.server'
import { legalPage } from '@/domains/content/legal.server'
import { PREVIEW_MESSAGES, previewTarget } from '@/domains/content/preview'
import { encElementPage, encSections as storefrontSections } from '@/domains/encyclopedia/encyclopedia.server'
import { createApiToken } from '@/domains/staff/staff-admin.server'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  articleEndpoints,
  articleTagsEndpoint,
  createEncSectionEndpoint,
  encElementEndpoints,
  legalEndpoints,
  listEncSectionsEndpoint,
  newsEndpoints,
  updateEncSectionEndpoint,
} from './content'
import { previewEndpoint, previewExitEndpoint } from './content-preview'

/**
 * Content management (issue 20, ADR 200) and the draft preview (ADR 201) through the back office's
 * API, read back through the storefront's own loaders.
 */

// Next's request scope does not exist under Vitest: draft mode and the request's cookies are faked.
const draft = vi.hoisted(() => ({
  enabled: false,
  cookie: undefined as string | undefined,
  enable: vi.fn(),
  disable: vi.fn(),
}))
vi.mock('next/headers', () => ({
  draftMode: async () => ({ isEnabled: draft.enabled, enable: draft.enable, disable: draft.disable }),
  cookies: async () => ({
    get: (name: string) =>
      name === 'admin_session' && draft.cookie ? { name, value: draft.cookie } : undefined,
  }),
}))
const { isPreview } = await import('@/domains/content/preview.server')

afterEach(() => {
  draft.enabled = false
  draft.cookie = undefined
  draft.enable.mockClear()
  draft.disable.mockClear()
})

type Auth = { cookie?: string; bearer?: string }
const as: Record<'owner' | 'content' | 'warehouse' | 'manager', Auth> = {} as never
let productId = 0

beforeAll(async () => {
  for (const role of ['owner', 'content', 'warehouse', 'manager'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
  const [p] = await db().select({ id: products.id }).from(products).where(eq(products.active, true)).limit(1)
  productId = p!.id
})

async function call<T = Record<string, unknown>>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown; query?: string } = {},
): Promise<{ status: number; body: T; response: Response }> {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
    query: options.query,
  })
  const text = await response.clone().text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, response }
}

const sessionToken = (auth: Auth) => auth.cookie!.split('=')[1]!

const newArticle = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Витамин D зимой ${code}`,
  code,
  category: 'Статья',
  previewText: 'Зачем он нужен и сколько принимать.',
  picture: '/upload/content/articles/vitamin-d.svg',
  text: '<h2>Коротко</h2><p>Солнца мало — витамина D тоже.</p>',
  productIds: [productId],
  publishedAt: '2026-11-20T09:00:00Z',
  seoTitle: 'Витамин D зимой: сколько и зачем',
  ...extra,
})

describe('articles', () => {
  it('a content editor writes a draft: buyers get nothing, the preview shows it; publishing shows it to buyers at once', async () => {
    const code = `draft-d-${Date.now()}`
    const created = await call<ArticleView>(articleEndpoints.create, as.content, { body: newArticle(code) })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      code,
      published: false,
      productIds: [productId],
      url: `/health/item/${code}/`,
    })

    // The buyer's loader reads through the cache: a miss for the draft (kept as a miss)…
    expect(await articlePage(code)).toBeNull()
    // …the editor's preview reads past it, with the draft.
    const previewed = await articlePage(code, true)
    expect(previewed).toMatchObject({
      NAME: `Витамин D зимой ${code}`,
      published: false,
      seoTitle: 'Витамин D зимой: сколько и зачем',
      productIds: [productId],
    })
    // The preview did not put the draft into the buyers' cache.
    expect(await articlePage(code)).toBeNull()

    const published = await call<ArticleView>(articleEndpoints.update, as.content, {
      id: created.body.id,
      body: { published: true },
    })
    expect(published.body.published).toBe(true)
    // The write announced 'content': the cached miss is gone without waiting for its TTL.
    expect(await articlePage(code)).toMatchObject({ CODE: code, published: true })

    const lines = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'article'), eq(auditLog.objectId, String(created.body.id))))
      .orderBy(auditLog.id)
    expect(lines.map((l) => l.action)).toEqual(['create', 'publish'])
    expect(lines[1]).toMatchObject({ before: { published: false }, after: { published: true } })

    // Hidden again: 404 for buyers (the loader answers null), the link rows stay.
    await call(articleEndpoints.update, as.content, { id: created.body.id, body: { published: false } })
    expect(await articlePage(code)).toBeNull()
    expect(
      (await call<ArticleView>(articleEndpoints.read, as.manager, { id: created.body.id })).body.productIds,
    ).toEqual([productId])
  })

  it('negative control: a change written past the API announces nothing, and buyers keep the cached page', async () => {
    const code = `quiet-${Date.now()}`
    const created = await call<ArticleView>(articleEndpoints.create, as.content, {
      body: newArticle(code, { published: true }),
    })
    expect((await articlePage(code))?.NAME).toBe(`Витамин D зимой ${code}`)
    await db()
      .update(articles)
      .set({ name: 'Переписано мимо редактора' })
      .where(eq(articles.id, created.body.id))
    expect((await articlePage(code))?.NAME).toBe(`Витамин D зимой ${code}`)
    // Through the API the same kind of change is seen at once.
    await call(articleEndpoints.update, as.content, {
      id: created.body.id,
      body: { name: 'Переписано в редакторе' },
    })
    expect((await articlePage(code))?.NAME).toBe('Переписано в редакторе')
  })

  it('stores the body clean: scripts, handlers and javascript: links go, the text stays', async () => {
    const code = `dirty-${Date.now()}`
    const { body } = await call<ArticleView>(articleEndpoints.create, as.content, {
      body: newArticle(code, {
        text: '<p onclick="steal()">Текст<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">ссылка</a>',
      }),
    })
    expect(body.text).not.toMatch(/script|onclick|onerror|javascript:/i)
    expect(body.text).toContain('<p>Текст</p>')
    expect(body.text).toContain('ссылка')
    const patched = await call<ArticleView>(articleEndpoints.update, as.content, {
      id: body.id,
      body: { text: '<p>Ok</p><iframe src="https://evil.example"></iframe>' },
    })
    expect(patched.body.text).toBe('<p>Ok</p>')
  })

  it('refuses in Russian per field: a taken code, an unknown product, a bad date, a javascript: picture', async () => {
    const code = `taken-${Date.now()}`
    await call(articleEndpoints.create, as.content, { body: newArticle(code) })
    const taken = await call<{ errors: { field: string; message: string }[] }>(
      articleEndpoints.create,
      as.content,
      { body: newArticle(code) },
    )
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual([{ field: 'code', message: 'Такой код уже занят.' }])
    const bad = await call<{ errors: { field: string }[] }>(articleEndpoints.create, as.content, {
      body: newArticle(`${code}-2`, { publishedAt: 'вчера', picture: 'javascript:alert(1)' }),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(['picture', 'publishedAt'])
    const noProduct = await call<{ errors: { field: string }[] }>(articleEndpoints.create, as.content, {
      body: newArticle(`${code}-3`, { productIds: [2_000_000_000] }),
    })
    expect(noProduct.body.errors).toEqual([{ field: 'productIds', message: 'Такого товара нет.' }])
  })

  it('lets catalog.read roles read and only content.write roles change', async () => {
    expect(
      (
        await call<{ items: ContentListItem[] }>(articleEndpoints.list, as.manager, {
          query: 'state=published',
        })
      ).status,
    ).toBe(200)
    expect((await call(articleEndpoints.list, as.warehouse)).status).toBe(200)
    for (const role of ['manager', 'warehouse'] as const) {
      const refused = await call<{ error: string }>(articleEndpoints.create, as[role], {
        body: newArticle(`nope-${role}-${Date.now()}`),
      })
      expect(refused.status).toBe(403)
      expect(refused.body.error).toBe(ADMIN_MESSAGES.forbidden)
    }
    // The owner may (content.write comes with every permission).
    expect(
      (await call(articleEndpoints.create, as.owner, { body: newArticle(`owner-${Date.now()}`) })).status,
    ).toBe(200)
  })

  it('creates new tags by name, links an existing one of the same name, and records no change for an unchanged save', async () => {
    const word = `Тег${Date.now()}`
    const created = await call<ArticleView>(articleEndpoints.create, as.content, {
      body: newArticle(`tags-${Date.now()}`, { newTags: [word, 'сон'] }),
    })
    expect(created.status).toBe(200)
    const tags = (await call<{ items: { id: number; name: string }[] }>(articleTagsEndpoint, as.content)).body
      .items
    const mine = tags.find((t) => t.name === word)!
    const sleep = tags.filter((t) => t.name.toLowerCase() === 'сон')
    expect(sleep).toHaveLength(1)
    expect(created.body.tagIds).toEqual([mine.id, sleep[0]!.id].sort((a, b) => a - b))
    const auditCount = async () =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.objectType, 'article'), eq(auditLog.objectId, String(created.body.id))))
      ).length
    const before = await auditCount()
    // The form sends every field back, lists in its own order and no new tags: nothing changed.
    // As the form does: the read-only expert photo view is never sent back.
    const { id: _id, url: _url, expertPicture: _expertPicture, ...same } = created.body
    expect(
      (
        await call(articleEndpoints.update, as.content, {
          id: created.body.id,
          body: { ...same, tagIds: [...same.tagIds].reverse(), newTags: [] },
        })
      ).status,
    ).toBe(200)
    expect(await auditCount()).toBe(before)
  })

  it('lists with a search and a state', async () => {
    const code = `listed-${Date.now()}`
    await call(articleEndpoints.create, as.content, { body: newArticle(code) })
    const drafts = await call<{ items: ContentListItem[] }>(articleEndpoints.list, as.content, {
      query: `q=${code}&state=draft`,
    })
    expect(drafts.body.items.map((i) => i.code)).toEqual([code])
    expect(
      (
        await call<{ items: ContentListItem[] }>(articleEndpoints.list, as.content, {
          query: `q=${code}&state=published`,
        })
      ).body.items,
    ).toEqual([])
  })
})

describe('news, encyclopedia, legal pages', () => {
  it('news: a draft is hidden from buyers and seen in the preview; publishing shows it', async () => {
    const code = `news-${Date.now()}`
    const created = await call<NewsView>(newsEndpoints.create, as.content, {
      body: {
        name: 'Открылся новый пункт выдачи',
        code,
        previewText: 'В центре.',
        text: '<p>Ждём вас.</p>',
        publishedAt: '2026-11-25T10:00:00+03:00',
      },
    })
    expect(created.status).toBe(200)
    expect(await newsItem(code)).toBeNull()
    expect(await newsItem(code, true)).toMatchObject({ name: 'Открылся новый пункт выдачи', active: false })
    await call(newsEndpoints.update, as.content, { id: created.body.id, body: { published: true } })
    expect(await newsItem(code)).toMatchObject({ code, publishedAt: '2026-11-25T07:00:00.000Z' })
  })

  it('encyclopedia: an element in a section, with explicit product links; hidden → 404, published → page', async () => {
    const sections = await call<{ items: { id: number }[] }>(listEncSectionsEndpoint, as.manager)
    const sectionId = sections.body.items[0]!.id
    const code = `element-${Date.now()}`
    const created = await call<EncElementView>(encElementEndpoints.create, as.content, {
      body: {
        name: 'Кверцетин',
        code,
        sectionId,
        previewText: 'Флавоноид.',
        text: '<p>Антиоксидант.</p><script>x()</script>',
        matchTerms: ['Кверцетин'],
        productIds: [productId],
      },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      published: false,
      matchTerms: ['кверцетин'],
      productIds: [productId],
      text: '<p>Антиоксидант.</p>',
    })
    expect(await encElementPage(code)).toBeNull()
    expect((await encElementPage(code, true))?.productIds).toContain(productId)
    await call(encElementEndpoints.update, as.content, { id: created.body.id, body: { published: true } })
    expect((await encElementPage(code))?.name).toBe('Кверцетин')
    const wrongSection = await call<{ errors: { field: string }[] }>(encElementEndpoints.update, as.content, {
      id: created.body.id,
      body: { sectionId: 2_000_000_000 },
    })
    expect(wrongSection.body.errors).toEqual([
      { field: 'sectionId', message: 'Такого раздела энциклопедии нет.' },
    ])
    const [section] = await db().select().from(encSections).where(eq(encSections.id, sectionId))
    expect(section).toBeDefined()
  })

  it('encyclopedia sections: added at the end, renamed, codes unique; the storefront tabs follow', async () => {
    const code = `sec-${Date.now()}`
    const created = await call<{ id: number; name: string }>(createEncSectionEndpoint, as.content, {
      body: { name: 'Ферменты', code },
    })
    expect(created.status).toBe(200)
    const all = (await call<{ items: { id: number }[] }>(listEncSectionsEndpoint, as.content)).body.items
    expect(all.at(-1)?.id).toBe(created.body.id)
    expect((await storefrontSections()).at(-1)?.NAME).toBe('Ферменты')
    await call(updateEncSectionEndpoint, as.content, {
      id: created.body.id,
      body: { name: 'Ферменты и коферменты' },
    })
    expect((await storefrontSections()).find((s) => s.CODE === code)?.NAME).toBe('Ферменты и коферменты')
    const taken = await call<{ errors: { field: string }[] }>(createEncSectionEndpoint, as.content, {
      body: { name: 'Дубль', code },
    })
    expect(taken.body.errors).toEqual([{ field: 'code', message: 'Такой код уже занят.' }])
    expect(
      (await call(updateEncSectionEndpoint, as.manager, { id: created.body.id, body: { name: 'Нельзя' } }))
        .status,
    ).toBe(403)
  })

  it('legal pages: the seeded offer is a row; an edit reaches the storefront, a hidden page 404s', async () => {
    const list = await call<{ items: ContentListItem[] }>(legalEndpoints.list, as.manager)
    const offer = list.body.items.find((p) => p.code === 'dogovor_publichnoy_oferty')!
    expect(offer).toMatchObject({ published: true, url: '/about/dogovor_publichnoy_oferty/' })
    const before = await legalPage('dogovor_publichnoy_oferty')
    expect(before?.sections.length).toBeGreaterThan(0)
    const sections = [
      {
        heading: '1. Предмет договора',
        paragraphs: ['Продавец {legalName} передаёт товар.', 'Покупатель платит.'],
      },
    ]
    const edited = await call<LegalView>(legalEndpoints.update, as.content, {
      id: offer.id,
      body: { sections },
    })
    expect(edited.body.sections).toEqual(sections)
    expect((await legalPage('dogovor_publichnoy_oferty'))?.sections).toEqual(sections)
    await call(legalEndpoints.update, as.content, { id: offer.id, body: { published: false } })
    expect(await legalPage('dogovor_publichnoy_oferty')).toBeNull()
    expect((await legalPage('dogovor_publichnoy_oferty', true))?.published).toBe(false)
    await call(legalEndpoints.update, as.content, {
      id: offer.id,
      body: { published: true, sections: before!.sections },
    })
    // The footer and the checkout link to it by address: its code stays.
    const renamed = await call<{ errors: { field: string; message: string }[] }>(
      legalEndpoints.update,
      as.content,
      { id: offer.id, body: { slug: 'oferta-new' } },
    )
    expect(renamed.body.errors).toEqual([
      {
        field: 'slug',
        message: 'На эту страницу ссылаются подвал сайта и оформление заказа: её код менять нельзя.',
      },
    ])
    // A page of the editor's own may change its code.
    const own = await call<LegalView>(legalEndpoints.create, as.content, {
      body: { title: 'Правила акции', slug: `promo-${Date.now()}`, sections, published: true },
    })
    expect(
      (
        await call<LegalView>(legalEndpoints.update, as.content, {
          id: own.body.id,
          body: { slug: `${own.body.slug}-2` },
        })
      ).body.url,
    ).toBe(`/about/${own.body.slug}-2/`)
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'legal_page'), eq(auditLog.objectId, String(offer.id))))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(audit?.action).toBe('publish')
  })
})

describe('the draft preview (ADR 201)', () => {
  it('sends a content editor to a same-site storefront page in draft mode', async () => {
    const { status, response } = await call(previewEndpoint, as.content, {
      query: `path=${encodeURIComponent('/health/item/some-draft/?utm=x')}`,
    })
    expect(status).toBe(303)
    expect(response.headers.get('location')).toBe('/health/item/some-draft/?utm=x')
    expect(draft.enable).toHaveBeenCalledTimes(1)
    const exit = await call(previewExitEndpoint, as.content, { query: 'path=/news/' })
    expect(exit.status).toBe(303)
    expect(exit.response.headers.get('location')).toBe('/news/')
    expect(draft.disable).toHaveBeenCalledTimes(1)
  })

  it('refuses another site, the back office, a missing path, an API token and a role without content.write', async () => {
    for (const path of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/admin/staff/',
      '/api/admin/staff',
      '',
      'health/item/x/',
    ]) {
      const refused = await call<{ error: string }>(previewEndpoint, as.content, {
        query: `path=${encodeURIComponent(path)}`,
      })
      expect([refused.status, refused.body.error], path).toEqual([400, PREVIEW_MESSAGES.badPath])
    }
    const owner = await signedInStaff('owner')
    const { secret } = await createApiToken(
      { kind: 'staff', id: owner.id, name: 'owner', role: 'owner' },
      { name: 'preview', role: 'content' },
    )
    expect(
      (await call<{ error: string }>(previewEndpoint, { bearer: secret }, { query: 'path=/news/' })).body
        .error,
    ).toBe(PREVIEW_MESSAGES.tokenRefused)
    expect((await call(previewEndpoint, as.manager, { query: 'path=/news/' })).status).toBe(403)
    expect(draft.enable).not.toHaveBeenCalled()
    expect(previewTarget('/health/item/x/')).toBe('/health/item/x/')
  })

  it('isPreview needs both the draft cookie and a live session that may change content', async () => {
    expect(await isPreview()).toBe(false)
    draft.enabled = true
    expect(await isPreview()).toBe(false) // a cookie left behind, no session
    draft.cookie = sessionToken(as.manager)
    expect(await isPreview()).toBe(false) // a session without content.write
    draft.cookie = sessionToken(as.content)
    expect(await isPreview()).toBe(true)
    draft.enabled = false
    expect(await isPreview()).toBe(false) // a session but no draft mode
  })
})
