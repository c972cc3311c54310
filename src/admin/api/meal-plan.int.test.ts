import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { auditLog, landingPages } from '@/db/schema'
import { EDIT_MESSAGES } from '@/domains/edits/edits'
import { loadMealPlan } from '@/domains/landings/landings.server'
import { VIDEO_LINK_MESSAGE } from '@/domains/landings/meal-plan-video'
import { MEAL_PLAN_MESSAGES, type MealPlanView } from '@/domains/landings/programme-meal-plan-admin.schema'
import { MEAL_PLAN_SIZES, MealPlanView as MealPlanPage } from '@/domains/landings/ui/meal-plan-view'
import { VideoPoster } from '@/domains/landings/ui/video-poster'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import { libraryPictureUploaded } from '../../../tests/support/library-picture'
import { reloadEnv } from '../../../tests/support/test-hooks'
import { deleteLibraryEndpoint, listLibraryEndpoint } from './banners'
import { readMealPlanEndpoint, updateMealPlanEndpoint } from './programme'

/** The meal plan's stages (foods, videos) and experts through /api/admin/ (issue 20, ADR 209), read back as the page loads them. */

// The cross-sell cards' buy button needs the mounted app router; the pictures are what is rendered here.
vi.mock('@/domains/cart/ui/buy-button', () => ({ BuyButton: () => null }))

type Auth = { cookie: string }
const as: Record<'content' | 'manager' | 'warehouse', Auth> = {} as never
type Refused = { error: string; errors: { field: string; message: string }[] }
let varDir: string

beforeAll(async () => {
  varDir = await mkdtemp(path.join(tmpdir(), 'meal-plan-'))
  vi.stubEnv('VAR_DIR', varDir)
  reloadEnv()
  for (const role of ['content', 'manager', 'warehouse'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

afterAll(async () => {
  vi.unstubAllEnvs()
  reloadEnv()
  await rm(varDir, { recursive: true, force: true })
})

async function call<T = MealPlanView>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  body?: unknown,
) {
  const response = await callEndpoint(endpoint, auth, { body })
  return { status: response.status, body: (await response.json()) as T }
}

const read = async () => (await call(readMealPlanEndpoint, as.manager)).body
const editable = (plan: MealPlanView) => ({
  steps: plan.steps.map((s) => ({ ...s })),
  experts: plan.experts.map((e) => ({ ...e })),
})
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'

describe('the meal plan through /api/admin/', () => {
  it('reorders the experts and a stage’s foods, adds a YouTube video first on stage 2; the page shows them in that order', async () => {
    const plan = await read()
    const { steps, experts } = editable(plan)
    expect(experts.length).toBeGreaterThan(1)
    const reversed = [...experts].reverse()
    reversed[0] = { ...reversed[0]!, text: 'Пейте воду перед каждым приёмом пищи: так легче не переедать.' }
    const foods1 = [...steps[0]!.foods].reverse()
    const stage2 = steps[1]!
    const video = { title: 'Растяжка после тренировки', img: '/images/turbo/video-1.svg', link: YOUTUBE }
    const saved = await call(updateMealPlanEndpoint, as.content, {
      steps: [{ ...steps[0]!, foods: foods1 }, { ...stage2, videos: [video, ...stage2.videos] }, steps[2]],
      experts: reversed,
    })
    expect(saved.status).toBe(200)
    const added = saved.body.steps[1]!.videos[0]!
    expect(added).toMatchObject(video)
    expect(added.id).toMatch(/^s2-\d+$/)
    const ids = saved.body.steps.flatMap((s) => s.videos.map((v) => v.id))
    expect(new Set(ids).size).toBe(ids.length)

    const page = await loadMealPlan()
    expect(page!.experts.map((e) => e.name)).toEqual(reversed.map((e) => e.name))
    expect(page!.experts[0]!.text).toBe('Пейте воду перед каждым приёмом пищи: так легче не переедать.')
    expect(page!.steps[0]!.foods.map((f) => f.recipe)).toEqual(foods1.map((f) => f.recipe))
    expect(page!.steps[0]!.foods.every((f) => f.id > 0)).toBe(true)
    expect(page!.steps[1]!.videos[0]).toEqual({ ...video, id: added.id, pictureId: null, srcset: '' })
    expect(page!.steps[1]!.videos.slice(1)).toEqual(stage2.videos.map((v) => ({ ...v, srcset: '' })))

    const [line] = await db()
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'meal_plan'), eq(auditLog.objectId, String(plan.id))))
      .orderBy(auditLog.id)
    expect(Object.keys(line!.after as object).sort()).toEqual(['experts', 'steps'])
    expect((line!.before as { experts: unknown }).experts).toEqual(experts)
  })

  it('a video moved to another place keeps its code; saving the same lists again changes nothing', async () => {
    const plan = await read()
    const { steps } = editable(plan)
    const stage3 = steps[2]!
    expect(stage3.videos.length).toBeGreaterThan(1)
    const moved = [...stage3.videos].reverse()
    const saved = await call(updateMealPlanEndpoint, as.content, {
      steps: [steps[0], steps[1], { ...stage3, videos: moved }],
    })
    expect(saved.body.steps[2]!.videos).toEqual(moved)
    const lines = async () =>
      (await db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.objectType, 'meal_plan')))
        .length
    const before = await lines()
    await call(updateMealPlanEndpoint, as.content, { steps: saved.body.steps, experts: saved.body.experts })
    expect(await lines()).toBe(before)
  })

  it('refuses in Russian, by field: a video of another host, a javascript: poster, an unknown recipe, an expert twice, two stages; nothing changes', async () => {
    const plan = await read()
    const { steps, experts } = editable(plan)
    const bad = await call<Refused>(updateMealPlanEndpoint, as.content, {
      steps: [
        {
          ...steps[0]!,
          videos: [
            {
              title: 'Чужое видео',
              img: 'javascript:alert(1)',
              link: 'https://evil.example/watch?v=dQw4w9WgXcQ',
            },
          ],
        },
        steps[1],
        steps[2],
      ],
    })
    expect(bad.status).toBe(400)
    expect(Object.fromEntries(bad.body.errors.map((e) => [e.field, e.message]))).toEqual({
      'steps.0.videos.0.img': EDIT_MESSAGES.image,
      'steps.0.videos.0.link': VIDEO_LINK_MESSAGE,
    })
    const unknown = await call<Refused>(updateMealPlanEndpoint, as.content, {
      steps: [
        steps[0],
        { ...steps[1]!, foods: [{ ...steps[1]!.foods[0]!, recipe: 'net-takogo' }] },
        steps[2],
      ],
      experts: [experts[0], { ...experts[1]!, name: experts[0]!.name }],
    })
    expect(unknown.body.errors).toEqual([
      { field: 'steps.1.foods.0.recipe', message: MEAL_PLAN_MESSAGES.unknownRecipe('net-takogo') },
      { field: 'experts.1.name', message: MEAL_PLAN_MESSAGES.expertTwice(experts[0]!.name) },
    ])
    const two = await call<Refused>(updateMealPlanEndpoint, as.content, { steps: [steps[0], steps[1]] })
    expect(two.body.errors).toEqual([{ field: 'steps', message: MEAL_PLAN_MESSAGES.steps }])
    expect(await read()).toEqual(plan)
  })

  it('the manager and the warehouse read but may not change', async () => {
    const plan = await read()
    for (const role of ['manager', 'warehouse'] as const) {
      const refused = await call<Refused>(updateMealPlanEndpoint, as[role], {
        experts: plan.experts.slice(0, 1),
      })
      expect(refused).toMatchObject({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
      expect((await call(readMealPlanEndpoint, as[role])).status).toBe(200)
    }
    expect(await read()).toEqual(plan)
  })

  it('the page is really cached: a write past the editor is not seen until an edit announces the tag', async () => {
    const page = await loadMealPlan()
    const [row] = await db().select().from(landingPages).where(eq(landingPages.code, 'turboslim-menu'))
    const data = row!.data as { experts: { name: string }[] }
    await db()
      .update(landingPages)
      .set({
        data: {
          ...data,
          experts: data.experts.map((e, i) => (i === 0 ? { ...e, name: 'Мимо редактора' } : e)),
        },
      })
      .where(eq(landingPages.id, row!.id))
    expect((await loadMealPlan())!.experts[0]!.name).toBe(page!.experts[0]!.name)
    const plan = await read()
    await call(updateMealPlanEndpoint, as.content, {
      experts: plan.experts.map((e, i) => (i === 1 ? { ...e, position: 'Врач-диетолог' } : e)),
    })
    const after = (await loadMealPlan())!.experts
    expect(after[0]!.name).toBe('Мимо редактора')
    expect(after[1]!.position).toBe('Врач-диетолог')
  })
})

async function removePicture(id: number) {
  const response = await callEndpoint(deleteLibraryEndpoint, as.content, { params: { id: String(id) } })
  return { status: response.status, body: (await response.json()) as { error: string } }
}

describe('library pictures in the meal plan (ADR 207, second addendum)', () => {
  it('a food, a video poster and an expert take a library picture: saved by id, the page renders its srcset; in use it is not deleted', async () => {
    const picture = await libraryPictureUploaded(as.content.cookie, '#3a7', 'Салат для меню')
    expect(picture.srcset).toBe(`${picture.urls.thumb} 192w, ${picture.urls.card} 480w, ${picture.urls.gallery} 900w`)
    const plan = await read()
    const { steps, experts } = editable(plan)
    const food = steps[0]!.foods[0]!
    const video = steps[0]!.videos[0]!
    const saved = await call(updateMealPlanEndpoint, as.content, {
      steps: [
        {
          ...steps[0]!,
          // The typed address sent beside a chosen picture is not kept: the library picture is the picture.
          foods: [{ ...food, pictureId: picture.id }, ...steps[0]!.foods.slice(1)],
          videos: [{ ...video, pictureId: picture.id }, ...steps[0]!.videos.slice(1)],
        },
        steps[1],
        steps[2],
      ],
      experts: [{ ...experts[0]!, img: '', pictureId: picture.id }, ...experts.slice(1)],
    })
    expect(saved.status).toBe(200)
    expect(saved.body.steps[0]!.foods[0]).toEqual({ ...food, img: '', pictureId: picture.id })
    expect(saved.body.steps[0]!.videos[0]).toEqual({ ...video, img: '', pictureId: picture.id })
    expect(saved.body.experts[0]).toMatchObject({ img: '', pictureId: picture.id })
    expect(saved.body.pictures).toEqual([picture])
    // The rest keep their typed (seed) pictures.
    expect(saved.body.steps[0]!.foods[1]).toEqual(steps[0]!.foods[1])

    const page = (await loadMealPlan())!
    expect(page.steps[0]!.foods[0]).toMatchObject({ img: picture.urls.card, srcset: picture.srcset })
    expect(page.steps[0]!.foods[1]).toMatchObject({ img: steps[0]!.foods[1]!.img, srcset: '' })
    expect(page.steps[0]!.videos[0]).toMatchObject({ img: picture.urls.card, srcset: picture.srcset })
    expect(page.experts[0]).toMatchObject({ img: picture.urls.card, srcset: picture.srcset })
    const html = renderToStaticMarkup(createElement(MealPlanPage, { plan: page }))
    expect(html).toContain(`srcSet="${picture.srcset}" sizes="${MEAL_PLAN_SIZES.food}"`)
    expect(html).toContain(`srcSet="${picture.srcset}" sizes="${MEAL_PLAN_SIZES.expert}"`)
    const poster = renderToStaticMarkup(
      createElement(VideoPoster, {
        poster: page.steps[0]!.videos[0]!.img,
        posterSrcset: page.steps[0]!.videos[0]!.srcset,
        posterSizes: MEAL_PLAN_SIZES.video,
        title: video.title,
        src: video.link,
      }),
    )
    expect(poster).toContain(`srcSet="${picture.srcset}" sizes="${MEAL_PLAN_SIZES.video}"`)
    // A typed picture keeps no srcset.
    expect(html).toContain(`<img src="${steps[0]!.foods[1]!.img}" alt=""`)

    const refused = await removePicture(picture.id)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(
      `Картинку нельзя удалить: она используется (блюдо меню программы «${food.title}», обложка видео меню программы «${video.title}», эксперт меню программы «${experts[0]!.name}»). Сначала выберите там другую картинку.`,
    )
    const listed = (
      await call<{ items: { id: number; inUse: boolean }[] }>(listLibraryEndpoint, as.content)
    ).body.items.find((p) => p.id === picture.id)
    expect(listed?.inUse).toBe(true)
  })

  it('refuses an unknown library picture and an item with no picture at all, by field; nothing changes', async () => {
    const plan = await read()
    const { steps, experts } = editable(plan)
    const unknown = await call<Refused>(updateMealPlanEndpoint, as.content, {
      experts: [{ ...experts[0]!, pictureId: 2_000_000 }, ...experts.slice(1)],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([{ field: 'experts.0.pictureId', message: MEAL_PLAN_MESSAGES.picture }])
    const none = await call<Refused>(updateMealPlanEndpoint, as.content, {
      steps: [
        { ...steps[0]!, foods: [{ ...steps[0]!.foods[0]!, img: '', pictureId: null }] },
        steps[1],
        steps[2],
      ],
    })
    expect(none.body.errors).toEqual([{ field: 'steps.0.foods.0.img', message: MEAL_PLAN_MESSAGES.foodImg }])
    expect(await read()).toEqual(plan)
  })

  it('released by every item, the picture is deleted (the delete’s negative control)', async () => {
    const plan = await read()
    const used = plan.pictures[0]!
    const { steps, experts } = editable(plan)
    const typed = <T extends { img: string; pictureId: number | null }>(x: T, img: string): T =>
      x.pictureId === used.id ? { ...x, img, pictureId: null } : x
    const released = await call(updateMealPlanEndpoint, as.content, {
      steps: steps.map((s) => ({
        ...s,
        foods: s.foods.map((f) => typed(f, '/images/turbo/food-1.svg')),
        videos: s.videos.map((v) => typed(v, '/images/turbo/video-1.svg')),
      })),
      experts: experts.map((e) => typed(e, '/images/turbo/expert-1.svg')),
    })
    expect(released.status).toBe(200)
    expect(released.body.pictures).toEqual([])
    expect((await removePicture(used.id)).status).toBe(200)
    expect((await loadMealPlan())!.experts[0]).toMatchObject({ img: '/images/turbo/expert-1.svg', srcset: '' })
  })
})
