import 'server-only'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { announceChanges } from '@/db/change-feed'
import type { Db, Tx } from '@/db/client'
import { landingPages, products, turboRecipes } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { EDIT_MESSAGES, changed, invalid, parsed, type FieldError } from '@/domains/edits/edits'
import type { Actor } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'
import { now } from '@/lib/clock'
import { mealPlanData, programmeData, recipeData } from './landing-data'
import {
  PROGRAMME_MESSAGES as M,
  programmePatch,
  recipeInput,
  recipePatch,
  type ProgrammeView,
  type RecipeView,
} from './programme-admin.schema'

/**
 * The weight-loss programme's products (in the programme landing's data) and the meal plan's recipes
 * as staff run them (ADR 202). Writes are audited and announce 'landings', the tag the programme and
 * the meal plan are cached under. A recipe is hidden, never deleted: the meal plan names it by code.
 */
const TAGS = ['landings'] as const
const PROGRAMME_CODE = 'turboslim'
const MEAL_PLAN_CODE = 'turboslim-menu'

async function programmeRow(q: Db | Tx, lock = false) {
  const query = q
    .select({
      id: landingPages.id,
      code: landingPages.code,
      title: landingPages.title,
      active: landingPages.active,
      data: landingPages.data,
    })
    .from(landingPages)
    .where(and(eq(landingPages.code, PROGRAMME_CODE), eq(landingPages.kind, 'programme')))
  const [row] = lock ? await query.for('update') : await query
  const data = programmeData.safeParse(row?.data)
  if (!row || !data.success) throw new Refusal('not-found', M.programmeNotFound)
  return { ...row, data: data.data }
}

export async function programme(q: Db | Tx): Promise<ProgrammeView> {
  const row = await programmeRow(q)
  const codes = row.data.products.map((p) => p.code)
  const names = new Map(
    codes.length
      ? (
          await q
            .select({ code: products.code, name: products.name })
            .from(products)
            .where(inArray(products.code, codes))
        ).map((r) => [r.code, r.name])
      : [],
  )
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    active: row.active === 1,
    intro: row.data.intro,
    filters: row.data.filters.map((f) => ({ id: f.id, text: f.text })),
    products: row.data.products.map((p) => ({ ...p, name: names.get(p.code) ?? null })),
  }
}

/** The programme's product list (codes, filters, stages) and its intro; unknown products and filters are refused by name. */
export async function updateProgramme(q: Db, actor: Actor, input: unknown): Promise<ProgrammeView> {
  const patch = parsed(programmePatch, input)
  await q.transaction(async (tx) => {
    const row = await programmeRow(tx, true)
    const next = {
      ...row.data,
      ...(patch.intro === undefined ? {} : { intro: patch.intro }),
      ...(patch.products === undefined ? {} : { products: patch.products }),
    }
    if (patch.products) {
      const errors: FieldError[] = []
      const filterIds = new Set(row.data.filters.map((f) => f.id))
      const codes = patch.products.map((p) => p.code)
      const found = new Set(
        (await tx.select({ code: products.code }).from(products).where(inArray(products.code, codes))).map(
          (r) => r.code,
        ),
      )
      const seen = new Set<string>()
      patch.products.forEach((p, i) => {
        if (!found.has(p.code))
          errors.push({ field: `products.${i}.code`, message: M.unknownProduct(p.code) })
        if (seen.has(p.code)) errors.push({ field: `products.${i}.code`, message: M.twice(p.code) })
        seen.add(p.code)
        const unknown = p.filters.find((f) => !filterIds.has(f))
        if (unknown !== undefined)
          errors.push({ field: `products.${i}.filters`, message: M.unknownFilter(unknown) })
      })
      if (errors.length) throw invalid(errors)
    }
    const data = programmeData.parse(next)
    const { before, after } = changed(
      { intro: row.data.intro, products: row.data.products },
      { intro: data.intro, products: data.products },
    )
    if (Object.keys(after).length === 0) return
    await tx.update(landingPages).set({ data, updatedAt: now() }).where(eq(landingPages.id, row.id))
    await recordChange(tx, actor, {
      objectType: 'programme',
      objectId: row.id,
      action: 'update',
      before,
      after,
    })
    await announceChanges(tx, TAGS)
  })
  return programme(q)
}

async function mealPlanCodes(q: Db | Tx): Promise<Set<string>> {
  const [row] = await q
    .select({ data: landingPages.data })
    .from(landingPages)
    .where(and(eq(landingPages.code, MEAL_PLAN_CODE), eq(landingPages.kind, 'meal-plan')))
  const data = mealPlanData.safeParse(row?.data)
  return new Set(data.success ? data.data.steps.flatMap((s) => s.foods.map((f) => f.recipe)) : [])
}

function recipeOf(
  row: { id: number; code: string; data: unknown; active: boolean },
  used: Set<string>,
): RecipeView {
  const d = recipeData.safeParse(row.data)
  const data = d.success ? d.data : { title: row.code, img: '', list: [], info: [] }
  return {
    id: row.id,
    code: row.code,
    title: data.title,
    img: data.img,
    list: data.list ?? [],
    info: data.info,
    active: row.active,
    inMealPlan: used.has(row.code),
  }
}

export async function listRecipes(q: Db | Tx): Promise<{ items: RecipeView[] }> {
  const [rows, used] = await Promise.all([
    q.select().from(turboRecipes).orderBy(asc(turboRecipes.id)),
    mealPlanCodes(q),
  ])
  return { items: rows.map((r) => recipeOf(r, used)) }
}

export async function recipeById(q: Db | Tx, id: number): Promise<RecipeView> {
  const [row] = await q.select().from(turboRecipes).where(eq(turboRecipes.id, id))
  if (!row) throw new Refusal('not-found', M.recipeNotFound)
  return recipeOf(row, await mealPlanCodes(q))
}

async function codeTaken(tx: Tx, value: string, except = 0): Promise<boolean> {
  const rows = await tx
    .select({ id: turboRecipes.id })
    .from(turboRecipes)
    .where(and(sql`lower(${turboRecipes.code}) = lower(${value})`, ne(turboRecipes.id, except)))
  return rows.length > 0
}

export async function createRecipe(q: Db, actor: Actor, input: unknown): Promise<RecipeView> {
  const { code, active, ...fields } = parsed(recipeInput, input)
  const id = await q.transaction(async (tx) => {
    await tx.execute(sql`lock table ${turboRecipes} in share row exclusive mode`)
    if (await codeTaken(tx, code)) throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    const data = recipeData.parse(fields)
    const [row] = await tx
      .insert(turboRecipes)
      .values({ code, active, data })
      .returning({ id: turboRecipes.id })
    await recordChange(tx, actor, {
      objectType: 'recipe',
      objectId: row!.id,
      action: 'create',
      after: { code, active, ...data },
    })
    await announceChanges(tx, TAGS)
    return row!.id
  })
  return recipeById(q, id)
}

export async function updateRecipe(q: Db, actor: Actor, id: number, input: unknown): Promise<RecipeView> {
  const patch = parsed(recipePatch, input)
  await q.transaction(async (tx) => {
    const [row] = await tx.select().from(turboRecipes).where(eq(turboRecipes.id, id)).for('update')
    if (!row) throw new Refusal('not-found', M.recipeNotFound)
    const view = recipeOf(row, new Set())
    const current = {
      code: view.code,
      title: view.title,
      img: view.img,
      list: view.list,
      info: view.info,
      active: view.active,
    }
    const { before, after } = changed(current, patch)
    if (Object.keys(after).length === 0) return
    if (after.code !== undefined && (await codeTaken(tx, after.code, id)))
      throw invalid([{ field: 'code', message: EDIT_MESSAGES.codeTaken }])
    if (after.code !== undefined && (await mealPlanCodes(tx)).has(row.code))
      throw invalid([{ field: 'code', message: M.codeInMealPlan }])
    const next = { ...current, ...after }
    const data = recipeData.parse({ title: next.title, img: next.img, list: next.list, info: next.info })
    await tx
      .update(turboRecipes)
      .set({ code: next.code, active: next.active, data })
      .where(eq(turboRecipes.id, id))
    await recordChange(tx, actor, { objectType: 'recipe', objectId: id, action: 'update', before, after })
    await announceChanges(tx, TAGS)
  })
  return recipeById(q, id)
}
