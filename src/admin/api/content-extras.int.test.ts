import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { POST as encElementsRoute } from '@/app/ajax/get-enc-elements/route'
import { followChanges } from '@/db/change-feed'
import { db } from '@/db/client'
import { auditLog, encSections as encSectionsTable } from '@/db/schema'
import {
  CONTENT_MESSAGES,
  type ArticleView,
  type EncElementView,
  type EncSectionView,
  type NewsView,
} from '@/domains/content/content-admin.schema'
import { ExpertBlock } from '@/domains/content/ui/article-blocks'
import {
  allArticles,
  allNews,
  articlePage,
  homeArticles,
  latestNews,
  newsItem,
  tagCloud,
} from '@/domains/content/content.server'
import { selectNextPublication } from '@/domains/content/content.db'
import { publicationTimer, LONGEST_WAIT_MS, type Timers } from '@/domains/content/publication-timer.server'
import type { EncElementLink } from '@/domains/encyclopedia/encyclopedia'
import {
  encElementsByLetter,
  encSections as storefrontSections,
} from '@/domains/encyclopedia/encyclopedia.server'
import { clearCache, invalidateTag, onInvalidate } from '@/lib/cache'
import { now } from '@/lib/clock'
import { waitFor } from '../../../tests/support/change-feed'
import { formPost, newVisitor } from '../../../tests/support/http'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { libraryPictureUploaded } from '../../../tests/support/library-picture'
import { reloadEnv, setClock } from '../../../tests/support/test-hooks'
import { deleteLibraryEndpoint } from './banners'
import { articleEndpoints, encElementEndpoints, newsEndpoints, reorderEncSectionsEndpoint } from './content'

/**
 * Issue 20's remaining content parts (ADR 208): the article's expert block and accordion edited in the
 * back office and shown by the storefront; the encyclopedia sections' order; drafts marked in the
 * storefront's lists during an editor's preview and never shown to buyers; scheduled publication on
 * an injected clock, with the timer that drops the caches when the date comes.
 */

// Next's request scope does not exist under Vitest: draft mode and the request's cookies are faked.
const draft = vi.hoisted(() => ({ enabled: false, cookie: undefined as string | undefined }))
vi.mock('next/headers', () => ({
  draftMode: async () => ({ isEnabled: draft.enabled, enable: () => undefined, disable: () => undefined }),
  cookies: async () => ({
    get: (name: string) =>
      name === 'admin_session' && draft.cookie ? { name, value: draft.cookie } : undefined,
  }),
}))

afterEach(() => {
  draft.enabled = false
  draft.cookie = undefined
  setClock(null)
})

type Auth = { cookie?: string; bearer?: string }
const as = {} as Record<'content' | 'warehouse', Auth>

let varDir: string

beforeAll(async () => {
  // Library uploads go to a directory of this file's own.
  varDir = await mkdtemp(path.join(tmpdir(), 'content-extras-'))
  vi.stubEnv('VAR_DIR', varDir)
  reloadEnv()
  for (const role of ['content', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await rm(varDir, { recursive: true, force: true })
})

async function call<T = Record<string, unknown>>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T }
}

let seq = 0
const uniq = (prefix: string) => `${prefix}-${Date.now()}-${++seq}`
const article = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Статья ${code}`,
  code,
  previewText: 'Анонс.',
  text: '<p>Текст.</p>',
  publishedAt: '2026-11-20T09:00:00Z',
  ...extra,
})
const newsBody = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Новость ${code}`,
  code,
  previewText: 'Анонс.',
  publishedAt: '2026-11-20T09:00:00Z',
  ...extra,
})

const EXPERT = {
  IMG: '/upload/content/experts/ivanova.svg',
  IMG_SIZE: 'big',
  TITLE: 'Мария Петрова',
  SUB_TITLE: 'врач-диетолог, к. м. н.',
  TEXT: 'Витамин D зимой нужен почти всем.\n\nДозу лучше подобрать по анализу.',
} as const
const ACCORDION = [
  { TITLE: 'Сколько принимать?', TEXT: 'Обычно 1000–2000 МЕ в день.' },
  { TITLE: 'Можно ли детям?', TEXT: 'Да, в детской дозировке.' },
]

const auditCount = async (objectType: string, objectId: string) =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId)))
  ).length

describe('the expert block and the accordion of an article', () => {
  it('are edited in the back office and shown by the storefront, published or in the preview', async () => {
    const code = uniq('expert')
    const created = await call<ArticleView>(articleEndpoints.create, as.content, {
      body: article(code, { expert: EXPERT, accordion: ACCORDION }),
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ expert: EXPERT, accordion: ACCORDION, published: false })
    // The draft: the preview shows both blocks, a buyer gets nothing.
    expect(await articlePage(code, true)).toMatchObject({ DATA_EXPERT: EXPERT, accordion: ACCORDION })
    expect(await articlePage(code)).toBeNull()

    await call(articleEndpoints.update, as.content, { id: created.body.id, body: { published: true } })
    expect(await articlePage(code)).toMatchObject({ DATA_EXPERT: EXPERT, accordion: ACCORDION })

    // Reordered and one answer changed: the buyer's cached page follows the write.
    const reordered = [ACCORDION[1]!, { ...ACCORDION[0]!, TEXT: 'По анализу крови.' }]
    const patched = await call<ArticleView>(articleEndpoints.update, as.content, {
      id: created.body.id,
      body: { accordion: reordered, expert: { ...EXPERT, IMG_SIZE: 'small' } },
    })
    expect(patched.status).toBe(200)
    const page = await articlePage(code)
    expect(page?.accordion).toEqual(reordered)
    expect(page?.DATA_EXPERT?.IMG_SIZE).toBe('small')

    // Removing the expert block: null, and the page has none.
    await call(articleEndpoints.update, as.content, { id: created.body.id, body: { expert: null } })
    expect((await articlePage(code))?.DATA_EXPERT).toBeNull()
  })

  it('an unchanged save writes no audit line (the stored keys compare in the form’s order)', async () => {
    const code = uniq('same')
    const { body } = await call<ArticleView>(articleEndpoints.create, as.content, {
      body: article(code, { expert: EXPERT, accordion: ACCORDION }),
    })
    const before = await auditCount('article', String(body.id))
    const again = await call<ArticleView>(articleEndpoints.update, as.content, {
      id: body.id,
      body: { expert: { ...EXPERT }, accordion: ACCORDION.map((a) => ({ ...a })) },
    })
    expect(again.status).toBe(200)
    expect(await auditCount('article', String(body.id))).toBe(before)
    // Control: a real change does write one.
    await call(articleEndpoints.update, as.content, {
      id: body.id,
      body: { accordion: ACCORDION.slice(0, 1) },
    })
    expect(await auditCount('article', String(body.id))).toBe(before + 1)
  })

  it('refuses in Russian per field: no name, a javascript: photo, a wrong size, an unknown key, too many blocks', async () => {
    const code = uniq('bad-expert')
    const bad = await call<{ errors: { field: string; message: string }[] }>(
      articleEndpoints.create,
      as.content,
      {
        body: article(code, {
          expert: { ...EXPERT, TITLE: '', IMG: 'javascript:alert(1)', IMG_SIZE: 'huge' },
          accordion: [{ TITLE: 'Вопрос?', TEXT: '' }],
        }),
      },
    )
    expect(bad.status).toBe(400)
    expect(Object.fromEntries(bad.body.errors.map((e) => [e.field, e.message]))).toEqual({
      'expert.IMG': CONTENT_MESSAGES.expertImg,
      'expert.IMG_SIZE': 'Размер фото эксперта — small или big.',
      'expert.TITLE': 'Имя эксперта — от 2 до 200 символов.',
      'accordion.0.TEXT': 'Текст блока (ответ) — от 2 до 5 000 символов.',
    })
    const html = await call<{ errors: { field: string }[] }>(articleEndpoints.create, as.content, {
      body: article(uniq('html'), { expert: { ...EXPERT, HTML: '<script>alert(1)</script>' } }),
    })
    expect(html.status).toBe(400)
    expect(html.body.errors.map((e) => e.field)).toEqual(['expert'])
    const many = await call<{ errors: { field: string; message: string }[] }>(
      articleEndpoints.create,
      as.content,
      {
        body: article(uniq('many'), {
          accordion: Array.from({ length: 31 }, (_, i) => ({ TITLE: `Вопрос ${i}`, TEXT: 'Ответ.' })),
        }),
      },
    )
    expect(many.body.errors).toEqual([{ field: 'accordion', message: 'Раскрывающиеся блоки: до 30.' }])
  })

  it('the warehouse keeper may not change them', async () => {
    const { body } = await call<ArticleView>(articleEndpoints.create, as.content, {
      body: article(uniq('wh')),
    })
    const refused = await call(articleEndpoints.update, as.warehouse, {
      id: body.id,
      body: { expert: EXPERT },
    })
    expect(refused.status).toBe(403)
    expect((await articlePage(body.code, true))?.DATA_EXPERT).toBeNull()
  })
})

describe('the article expert’s photo from the media library (ADR 207, second addendum)', () => {
  it('is saved by id, the page renders its srcset; in use it is not deleted; released, it is', async () => {
    const picture = await libraryPictureUploaded(as.content.cookie, '#7a4', 'Фото эксперта', { width: 900, height: 900 })
    const code = uniq('expert-photo')
    const created = await call<ArticleView>(articleEndpoints.create, as.content, {
      body: article(code, { expert: { ...EXPERT, PICTURE_ID: picture.id }, published: true }),
    })
    expect(created.status).toBe(200)
    // The typed address sent beside the chosen photo is not kept: the library photo is the photo.
    expect(created.body.expert).toEqual({ ...EXPERT, IMG: '', PICTURE_ID: picture.id })
    expect(created.body.expertPicture).toEqual(picture)

    const page = await articlePage(code)
    expect(page?.DATA_EXPERT).toEqual({
      ...EXPERT,
      IMG: picture.urls.card,
      IMG_SRCSET: `${picture.urls.thumb} 192w, ${picture.urls.card} 480w, ${picture.urls.gallery} 900w`,
    })
    const html = renderToStaticMarkup(createElement(ExpertBlock, { expert: page!.DATA_EXPERT! }))
    expect(html).toContain(`srcSet="${picture.srcset}" sizes="112px"`)

    const remove = async () => {
      const response = await callEndpoint(deleteLibraryEndpoint, as.content, { params: { id: String(picture.id) } })
      return { status: response.status, body: (await response.json()) as { error: string } }
    }
    expect(await remove()).toEqual({
      status: 409,
      body: {
        error: `Картинку нельзя удалить: она используется (фото эксперта в статье «Статья ${code}»). Сначала выберите там другую картинку.`,
      },
    })

    // Back on a typed photo: no srcset, and the picture is free to go.
    await call(articleEndpoints.update, as.content, { id: created.body.id, body: { expert: EXPERT } })
    expect((await articlePage(code))?.DATA_EXPERT).toEqual({ ...EXPERT, IMG_SRCSET: '' })
    expect((await remove()).status).toBe(200)
  })

  it('refuses an unknown library photo and an expert with no photo at all, by field', async () => {
    const unknown = await call<{ errors: { field: string; message: string }[] }>(
      articleEndpoints.create,
      as.content,
      { body: article(uniq('unknown-photo'), { expert: { ...EXPERT, PICTURE_ID: 2_000_000 } }) },
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([{ field: 'expert.PICTURE_ID', message: CONTENT_MESSAGES.expertPicture }])
    const none = await call<{ errors: { field: string; message: string }[] }>(
      articleEndpoints.create,
      as.content,
      { body: article(uniq('no-photo'), { expert: { ...EXPERT, IMG: '' } }) },
    )
    expect(none.body.errors).toEqual([{ field: 'expert.IMG', message: CONTENT_MESSAGES.expertImg }])
  })
})

describe('the order of the encyclopedia sections', () => {
  const ids = async () =>
    (
      await db()
        .select({ id: encSectionsTable.id })
        .from(encSectionsTable)
        .orderBy(asc(encSectionsTable.sort), asc(encSectionsTable.id))
    ).map((r) => r.id)

  it('a new order reaches the storefront’s tabs at once; a change written past the API does not (negative control)', async () => {
    clearCache()
    const order = await ids()
    expect(order.length).toBeGreaterThan(1)
    expect((await storefrontSections()).map((s) => s.ID)).toEqual(order)

    const reversed = [...order].reverse()
    const answer = await call<{ items: EncSectionView[] }>(reorderEncSectionsEndpoint, as.content, {
      body: { sectionIds: reversed },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((s) => s.id)).toEqual(reversed)
    expect((await storefrontSections()).map((s) => s.ID)).toEqual(reversed)
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'enc_section'), eq(auditLog.action, 'reorder')))
    expect(line).toMatchObject({ before: { sectionIds: order }, after: { sectionIds: reversed } })

    // Negative control: the same move written straight to the table announces nothing; the cached tabs stay.
    for (const [i, id] of order.entries())
      await db()
        .update(encSectionsTable)
        .set({ sort: (i + 1) * 10 })
        .where(eq(encSectionsTable.id, id))
    expect((await storefrontSections()).map((s) => s.ID)).toEqual(reversed)
    // Through the API the order moves again, and the tabs with it.
    await call(reorderEncSectionsEndpoint, as.content, {
      body: { sectionIds: order.slice(1).concat(order[0]!) },
    })
    expect((await storefrontSections()).map((s) => s.ID)).toEqual(order.slice(1).concat(order[0]!))
  })

  it('refuses an order that leaves out or repeats a section, and the warehouse keeper', async () => {
    const order = await ids()
    for (const sectionIds of [order.slice(1), [...order, order[0]!], [...order.slice(1), 2_000_000_000]]) {
      const refused = await call<{ errors: { field: string; message: string }[] }>(
        reorderEncSectionsEndpoint,
        as.content,
        {
          body: { sectionIds },
        },
      )
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual([
        {
          field: 'sectionIds',
          message: 'Порядок разделов — номера всех разделов энциклопедии, каждый один раз.',
        },
      ])
    }
    expect(
      (await call(reorderEncSectionsEndpoint, as.warehouse, { body: { sectionIds: order } })).status,
    ).toBe(403)
    expect(await ids()).toEqual(order)
  })
})

describe('drafts in the storefront’s lists during a preview', () => {
  it('articles and news: the preview lists drafts and scheduled items marked; buyers see neither, and their cache keeps none', async () => {
    const [pub, drft, later] = [uniq('list-pub'), uniq('list-draft'), uniq('list-later')]
    const future = new Date(now().getTime() + 24 * 3600_000).toISOString()
    await call(articleEndpoints.create, as.content, { body: article(pub, { published: true }) })
    await call(articleEndpoints.create, as.content, { body: article(drft) })
    await call(articleEndpoints.create, as.content, {
      body: article(later, { published: true, publishedAt: future }),
    })
    await call(newsEndpoints.create, as.content, { body: newsBody(pub, { published: true }) })
    await call(newsEndpoints.create, as.content, { body: newsBody(drft) })
    await call(newsEndpoints.create, as.content, {
      body: newsBody(later, { published: true, publishedAt: future }),
    })

    const buyerCodes = (await allArticles()).map((a) => a.code)
    expect(buyerCodes).toContain(pub)
    expect(buyerCodes).not.toContain(drft)
    expect(buyerCodes).not.toContain(later)
    expect((await allArticles()).some((a) => a.mark)).toBe(false)

    const preview = new Map((await allArticles(true)).map((a) => [a.code, a.mark]))
    expect([preview.has(pub), preview.get(pub), preview.get(drft), preview.get(later)]).toEqual([
      true,
      undefined,
      'draft',
      'scheduled',
    ])
    // The preview read past the cache: the buyers' list is as it was.
    expect((await allArticles()).map((a) => a.code)).toEqual(buyerCodes)

    const buyerNews = (await allNews()).map((n) => n.code)
    expect(buyerNews).toContain(pub)
    expect(buyerNews).not.toContain(drft)
    expect(buyerNews).not.toContain(later)
    const newsPreview = new Map((await allNews(true)).map((n) => [n.code, n.mark]))
    expect([newsPreview.get(pub), newsPreview.get(drft), newsPreview.get(later)]).toEqual([
      undefined,
      'draft',
      'scheduled',
    ])
    expect((await allNews()).map((n) => n.code)).toEqual(buyerNews)
  })

  it('encyclopedia: a hidden element is marked in the preview’s section list, through the ajax call only with a live staff session', async () => {
    const [section] = await db().select().from(encSectionsTable).limit(1)
    const code = uniq('enc-hidden')
    const created = await call<EncElementView>(encElementEndpoints.create, as.content, {
      body: { name: `Аааскорбат ${code}`, code, sectionId: section!.id },
    })
    expect(created.body.published).toBe(false)
    const flat = (groups: Record<string, EncElementLink[]>) => Object.values(groups).flat()

    expect(
      flat((await encElementsByLetter(section!.id)).elementsArr).find((e) => e.CODE === code),
    ).toBeUndefined()
    expect(
      flat((await encElementsByLetter(section!.id, true)).elementsArr).find((e) => e.CODE === code),
    ).toEqual({
      NAME: `Аааскорбат ${code}`,
      CODE: code,
      mark: 'draft',
    })
    expect(flat((await encElementsByLetter(section!.id)).elementsArr).some((e) => e.mark)).toBe(false)

    // The tab's ajax call: the draft cookie and a content editor's session → the hidden element, marked.
    const visitor = newVisitor()
    const ask = async () => {
      const res = await encElementsRoute(
        formPost(
          '/ajax/get-enc-elements/',
          { ID: section!.id },
          { ...visitor, cookie: `${visitor.cookie}; __prerender_bypass=1` },
        ),
      )
      return flat(((await res.json()) as { elementsArr: Record<string, EncElementLink[]> }).elementsArr).find(
        (e) => e.CODE === code,
      )
    }
    draft.enabled = true
    draft.cookie = as.content.cookie!.split('=')[1]
    expect(await ask()).toMatchObject({ mark: 'draft' })
    // Control: the draft cookie left after the staff session ended shows nothing hidden.
    draft.cookie = undefined
    expect(await ask()).toBeUndefined()
  })
})

describe('scheduled publication', () => {
  function manualTimers() {
    const pending = new Map<number, { ms: number; fire: () => void }>()
    let next = 0
    const timers: Timers = {
      set: (ms, fire) => (pending.set(++next, { ms, fire }), next),
      clear: (handle) => void pending.delete(handle as number),
    }
    const only = () => {
      expect(pending.size).toBe(1)
      const [handle, timer] = [...pending][0]!
      return { handle, ...timer }
    }
    return {
      timers,
      waitMs: () => only().ms,
      fire: () => {
        const { handle, fire } = only()
        pending.delete(handle)
        fire()
      },
    }
  }

  it('an article and a news item with a later date are hidden until then, and appear when the timer fires; without it the cache keeps them out (negative control)', async () => {
    const t0 = new Date('2031-03-01T09:00:00Z')
    const at = new Date(t0.getTime() + 10 * 60_000)
    let clock = t0
    setClock(() => clock)
    clearCache()
    // Signed in on the moved clock: a session from the real time would be too old there.
    const editor = { cookie: (await signedInStaff('content')).cookie }
    const code = uniq('scheduled')
    const created = await call<ArticleView>(articleEndpoints.create, editor, {
      body: article(code, {
        published: true,
        recommended: true,
        publishedAt: at.toISOString(),
        newTags: [`Тег ${code}`],
      }),
    })
    expect(created.status).toBe(200)
    await call<NewsView>(newsEndpoints.create, editor, {
      body: newsBody(code, { published: true, publishedAt: at.toISOString() }),
    })

    const seen = async () => ({
      list: (await allArticles()).some((a) => a.code === code),
      page: (await articlePage(code)) !== null,
      home: (await homeArticles()).some((a) => a.CODE === code),
      tags: (await tagCloud()).some((t) => t.UF_NAME === `Тег ${code}`),
      news: (await allNews()).some((n) => n.code === code),
      newsPage: (await newsItem(code)) !== null,
      latest: (await latestNews(50)).some((n) => n.code === code),
    })
    const none = {
      list: false,
      page: false,
      home: false,
      tags: false,
      news: false,
      newsPage: false,
      latest: false,
    }
    const all = { list: true, page: true, home: true, tags: true, news: true, newsPage: true, latest: true }
    expect(await seen()).toEqual(none)
    // The preview shows the page, marked as scheduled.
    expect(await articlePage(code, true)).toMatchObject({ mark: 'scheduled' })

    const heard: (string | null)[] = []
    const stopHearing = onInvalidate((tag) => heard.push(tag))
    const manual = manualTimers()
    const timer = publicationTimer({
      nextAt: (when) => selectNextPublication(db(), when),
      now,
      announce: () => invalidateTag('content'),
      timers: manual.timers,
      subscribe: onInvalidate,
    })
    try {
      await timer.rearm()
      expect(timer.planned()).toEqual(at)
      expect(manual.waitMs()).toBe(10 * 60_000)

      // Fired early (the clock not there yet): nothing is announced, the timer is set for the rest.
      clock = new Date(at.getTime() - 1_000)
      manual.fire()
      await timer.rearm()
      expect(heard).toEqual([])
      expect(manual.waitMs()).toBe(1_000)

      // Negative control: the date has come, but until the timer fires the cached lists keep it out.
      clock = new Date(at.getTime() + 1)
      expect(await seen()).toEqual(none)

      manual.fire()
      expect(heard).toEqual(['content'])
      expect(await seen()).toEqual(all)
      await timer.rearm()
      // Nothing else scheduled: the next look is the longest wait.
      expect(timer.planned()).toBeNull()
      expect(manual.waitMs()).toBe(LONGEST_WAIT_MS)
    } finally {
      timer.stop()
      stopHearing()
    }
  })

  it('a write that schedules something sooner sets the timer for it (the timer hears the content tag)', async () => {
    const t0 = new Date('2032-05-01T09:00:00Z')
    setClock(() => t0)
    // As the server does: the writer's own announcement leaves the transaction before the commit, and
    // the feed's message after it is what the timer looks again on (another connection sees the row then).
    await followChanges()
    const editor = { cookie: (await signedInStaff('content')).cookie }
    const manual = manualTimers()
    const timer = publicationTimer({
      nextAt: (when) => selectNextPublication(db(), when),
      now,
      announce: () => invalidateTag('content'),
      timers: manual.timers,
      subscribe: onInvalidate,
    })
    try {
      await call(newsEndpoints.create, editor, {
        body: newsBody(uniq('later'), { published: true, publishedAt: '2032-05-01T12:00:00Z' }),
      })
      await timer.rearm()
      expect(timer.planned()).toEqual(new Date('2032-05-01T12:00:00Z'))
      await call(articleEndpoints.create, editor, {
        body: article(uniq('sooner'), { published: true, publishedAt: '2032-05-01T09:30:00Z' }),
      })
      await waitFor(() => timer.planned()?.getTime() === new Date('2032-05-01T09:30:00Z').getTime())
      expect(manual.waitMs()).toBe(30 * 60_000)
      // A draft with an earlier date schedules nothing: it waits for «Опубликовано».
      await call(articleEndpoints.create, editor, {
        body: article(uniq('draft-soon'), { publishedAt: '2032-05-01T09:10:00Z' }),
      })
      await timer.rearm()
      expect(timer.planned()).toEqual(new Date('2032-05-01T09:30:00Z'))
    } finally {
      timer.stop()
    }
  })
})
