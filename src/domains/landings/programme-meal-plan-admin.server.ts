import 'server-only'
import { and, asc, eq } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { landingPages, turboRecipes } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { changed, invalid, parsed, type FieldError } from '@/domains/edits/edits'
import { libraryPictures, requireLibraryPicture } from '@/domains/media/media-library.server'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { mealPlanData, recipeData, type MealPlanData } from './landing-data'
import {
  MEAL_PLAN_MESSAGES as M,
  mealPlanPatch,
  type MealPlanPatch,
  type MealPlanView,
} from './programme-meal-plan-admin.schema'

/**
 * The meal plan's stages (food slides and videos) and its experts as staff run them (ADR 209). They
 * live in the meal-plan landing's data, beside the parts still kept by the seed (farm, articles,
 * cross-sell); a save replaces only the lists it sends, checks each food's recipe by code, writes
 * the audit line ('meal_plan', only what moved) and announces 'landings', the tag the page is cached
 * under, in one transaction.
 */
const TAGS = ['landings'] as const
const MEAL_PLAN_CODE = 'turboslim-menu'

async function mealPlanRow(q: Db | Tx, lock = false) {
  const query = q
    .select({
      id: landingPages.id,
      code: landingPages.code,
      title: landingPages.title,
      active: landingPages.active,
      data: landingPages.data,
    })
    .from(landingPages)
    .where(and(eq(landingPages.code, MEAL_PLAN_CODE), eq(landingPages.kind, 'meal-plan')))
  const [row] = lock ? await query.for('update') : await query
  const data = mealPlanData.safeParse(row?.data)
  if (!row || !data.success) throw new Refusal('not-found', M.mealPlanNotFound)
  return { ...row, data: data.data }
}

async function recipes(q: Db | Tx) {
  const rows = await q.select().from(turboRecipes).orderBy(asc(turboRecipes.id))
  return rows.map((r) => {
    const d = recipeData.safeParse(r.data)
    return { code: r.code, title: d.success ? d.data.title : r.code, active: r.active }
  })
}

/** The stored steps without the ids the page resolves (recipes are named by code). */
function storedSteps(data: MealPlanData) {
  return data.steps.map((s) => ({
    stage: s.stage,
    foods: s.foods.map(({ recipe, title, img, pictureId, per, text }) => ({ recipe, title, img, pictureId, per, text })),
    videos: s.videos.map(({ id, title, img, pictureId, link }) => ({ id, title, img, pictureId, link })),
  }))
}

/** In the input's key order, so an unchanged save compares equal. */
function storedExperts(data: MealPlanData) {
  return data.experts.map(({ img, pictureId, name, position, text }) => ({ img, pictureId, name, position, text }))
}

/**
 * A chosen library picture is the item's picture: a typed address beside it would never be seen, so
 * it is not kept (what the editor sees is what the page shows).
 */
const libraryFirst = <T extends { img: string; pictureId: number | null }>(item: T): T =>
  item.pictureId === null ? item : { ...item, img: '' }

/** Every library picture the lists name, with the field that names it (first use). */
function chosenPictures(patch: MealPlanPatch): Map<number, string> {
  const out = new Map<number, string>()
  const add = (id: number | null, field: string) => {
    if (id !== null && !out.has(id)) out.set(id, field)
  }
  patch.steps?.forEach((s, i) => {
    s.foods.forEach((f, j) => add(f.pictureId, `steps.${i}.foods.${j}.pictureId`))
    s.videos.forEach((v, j) => add(v.pictureId, `steps.${i}.videos.${j}.pictureId`))
  })
  patch.experts?.forEach((e, i) => add(e.pictureId, `experts.${i}.pictureId`))
  return out
}

function namedPictureIds(steps: ReturnType<typeof storedSteps>, experts: ReturnType<typeof storedExperts>) {
  return [
    ...new Set(
      [...steps.flatMap((s) => [...s.foods, ...s.videos]), ...experts].flatMap((x) =>
        x.pictureId === null ? [] : [x.pictureId],
      ),
    ),
  ]
}

export async function mealPlan(q: Db | Tx): Promise<MealPlanView> {
  const row = await mealPlanRow(q)
  const steps = storedSteps(row.data)
  const experts = storedExperts(row.data)
  const [recipeList, pictures] = await Promise.all([
    recipes(q),
    libraryPictures(q, namedPictureIds(steps, experts)),
  ])
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    active: row.active === 1,
    intro: row.data.intro,
    steps,
    experts,
    recipes: recipeList,
    pictures: [...pictures.values()],
  }
}

/**
 * Stages in order 1–3; a video keeps its code, a new one gets the first free `s{stage}-{n}`, so the
 * page's keys stay unique.
 */
function withVideoIds(steps: NonNullable<MealPlanPatch['steps']>, errors: FieldError[]) {
  const sorted = [...steps].sort((a, b) => a.stage - b.stage)
  const used = new Set<string>()
  sorted.forEach((s) =>
    s.videos.forEach((v, j) => {
      if (v.id === undefined) return
      if (used.has(v.id))
        errors.push({ field: `steps.${steps.indexOf(s)}.videos.${j}.id`, message: M.videoTwice(v.id) })
      used.add(v.id)
    }),
  )
  return sorted.map((s) => ({
    stage: s.stage,
    foods: s.foods.map(libraryFirst),
    videos: s.videos.map((v) => {
      let id = v.id
      for (let n = 1; id === undefined; n++) if (!used.has(`s${s.stage}-${n}`)) id = `s${s.stage}-${n}`
      used.add(id)
      return libraryFirst({ ...v, id })
    }),
  }))
}

export async function updateMealPlan(q: Db, actor: Actor, input: unknown): Promise<MealPlanView> {
  const patch = parsed(mealPlanPatch, input)
  await q.transaction(async (tx) => {
    const row = await mealPlanRow(tx, true)
    const errors: FieldError[] = []
    let steps = storedSteps(row.data)
    if (patch.steps) {
      const known = new Map((await recipes(tx)).map((r) => [r.code, r.active]))
      patch.steps.forEach((s, i) =>
        s.foods.forEach((f, j) => {
          const field = `steps.${i}.foods.${j}.recipe`
          const active = known.get(f.recipe)
          if (active === undefined) errors.push({ field, message: M.unknownRecipe(f.recipe) })
          else if (!active) errors.push({ field, message: M.hiddenRecipe(f.recipe) })
        }),
      )
      steps = withVideoIds(patch.steps, errors)
    }
    const experts = patch.experts?.map(libraryFirst) ?? storedExperts(row.data)
    const names = new Set<string>()
    experts.forEach((e, i) => {
      if (names.has(e.name)) errors.push({ field: `experts.${i}.name`, message: M.expertTwice(e.name) })
      names.add(e.name)
    })
    if (errors.length) throw invalid(errors)
    // Key share on each chosen picture: a library delete at the same moment waits for this commit and
    // then sees the use, or has already removed it and this save is refused (ADR 207 addendum).
    for (const [id, field] of chosenPictures(patch)) await requireLibraryPicture(tx, id, field, M.picture)
    const next = { intro: patch.intro ?? row.data.intro, steps, experts }
    const { before, after } = changed(
      { intro: row.data.intro, steps: storedSteps(row.data), experts: storedExperts(row.data) },
      next,
    )
    if (Object.keys(after).length === 0) return
    const data = mealPlanData.parse({ ...row.data, ...next })
    await tx.update(landingPages).set({ data, updatedAt: now() }).where(eq(landingPages.id, row.id))
    await recordChange(tx, actor, {
      objectType: 'meal_plan',
      objectId: row.id,
      action: 'update',
      before,
      after,
    })
    await announceChanges(tx, TAGS)
  })
  return mealPlan(q)
}
