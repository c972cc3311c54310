import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { products, turboRecipes } from '@/db/schema'
import {
  PROGRAMME_MESSAGES,
  type ProgrammeView,
  type RecipeView,
} from '@/domains/landings/programme-admin.schema'
import { loadMealPlan, loadProgramme, recipeForModal } from '@/domains/landings/landings.server'
import { ADMIN_MESSAGES } from '../endpoint'
import { callEndpoint, signedInStaff } from '../../../tests/support/staff'
import {
  createRecipeEndpoint,
  listRecipesEndpoint,
  readProgrammeEndpoint,
  updateProgrammeEndpoint,
  updateRecipeEndpoint,
} from './programme'

/** The weight-loss programme's products and the meal plan's recipes through /api/admin/ (issue 20, ADR 202). */

type Auth = { cookie: string }
const as: Record<'content' | 'manager', Auth> = {} as never
type Refused = { error: string; errors: { field: string; message: string }[] }

beforeAll(async () => {
  for (const role of ['content', 'manager'] as const)
    as[role] = { cookie: (await signedInStaff(role)).cookie }
})

async function call<T>(
  endpoint: Parameters<typeof callEndpoint>[0],
  auth: Auth,
  options: { id?: number; body?: unknown } = {},
) {
  const response = await callEndpoint(endpoint, auth, {
    params: options.id === undefined ? undefined : { id: String(options.id) },
    body: options.body,
  })
  return { status: response.status, body: (await response.json()) as T }
}

describe('the programme through /api/admin/', () => {
  it('removes a product from the programme and adds another at a stage; the programme page follows', async () => {
    const current = (await call<ProgrammeView>(readProgrammeEndpoint, as.manager)).body
    expect(current.products.length).toBeGreaterThan(2)
    const [dropped, ...kept] = current.products
    const inProgramme = new Set(current.products.map((p) => p.code))
    const [extra] = (
      await db()
        .select({ code: products.code, name: products.name })
        .from(products)
        .where(eq(products.active, true))
    ).filter((p) => !inProgramme.has(p.code))
    const next = [
      ...kept.map(({ code, filters, stage }) => ({ code, filters, stage })),
      { code: extra!.code, filters: ['all', 'burn'], stage: 2 },
    ]
    const saved = await call<ProgrammeView>(updateProgrammeEndpoint, as.content, { body: { products: next } })
    expect(saved.status).toBe(200)
    expect(saved.body.products.at(-1)).toMatchObject({ code: extra!.code, name: extra!.name, stage: 2 })
    const page = await loadProgramme()
    expect(page!.products.map((p) => p.card.code)).not.toContain(dropped!.code)
    expect(page!.products.find((p) => p.card.code === extra!.code)).toMatchObject({
      stage: 2,
      filters: ['all', 'burn'],
    })
  })

  it('refuses unknown products and filters by name, in Russian; nothing changes', async () => {
    const before = await loadProgramme()
    const refused = await call<Refused>(updateProgrammeEndpoint, as.content, {
      body: {
        products: [
          { code: 'no-such-product', filters: ['all'], stage: 1 },
          { code: before!.products[0]!.card.code, filters: ['magic'], stage: 4 },
        ],
      },
    })
    expect(refused.status).toBe(400)
    expect(Object.fromEntries(refused.body.errors.map((e) => [e.field, e.message]))).toEqual({
      'products.1.stage': PROGRAMME_MESSAGES.stage,
    })
    const unknown = await call<Refused>(updateProgrammeEndpoint, as.content, {
      body: {
        products: [
          { code: 'no-such-product', filters: ['all'], stage: 1 },
          { code: before!.products[0]!.card.code, filters: ['magic'], stage: 3 },
        ],
      },
    })
    expect(unknown.body.errors).toEqual([
      { field: 'products.0.code', message: PROGRAMME_MESSAGES.unknownProduct('no-such-product') },
      { field: 'products.1.filters', message: PROGRAMME_MESSAGES.unknownFilter('magic') },
    ])
    expect((await loadProgramme())!.products.map((p) => p.card.code)).toEqual(
      before!.products.map((p) => p.card.code),
    )
    expect(
      (
        await call<Refused>(updateProgrammeEndpoint, as.manager, {
          body: { intro: 'Новое вступление программы' },
        })
      ).status,
    ).toBe(403)
  })
})

describe('meal-plan recipes through /api/admin/', () => {
  it('a hidden recipe leaves the meal plan and its modal for a buyer; shown again, it is back', async () => {
    const list = (await call<{ items: RecipeView[] }>(listRecipesEndpoint, as.manager)).body.items
    const used = list.find((r) => r.inMealPlan)!
    const foods = async () => (await loadMealPlan())!.steps.flatMap((s) => s.foods.map((f) => f.recipe))
    expect(await foods()).toContain(used.code)
    await call<RecipeView>(updateRecipeEndpoint, as.content, { id: used.id, body: { active: false } })
    expect(await foods()).not.toContain(used.code)
    await expect(recipeForModal(used.id)).rejects.toMatchObject({ kind: 'not-found' })
    await call<RecipeView>(updateRecipeEndpoint, as.content, {
      id: used.id,
      body: { active: true, info: [{ name: 'Овсяные хлопья', weight: '60 г', cal: 210 }] },
    })
    expect(await foods()).toContain(used.code)
    expect((await recipeForModal(used.id)).recipe).toMatchObject({
      info: [{ name: 'Овсяные хлопья', weight: '60 г', cal: 210 }],
      total: 210,
    })
    const refused = await call<Refused>(updateRecipeEndpoint, as.content, {
      id: used.id,
      body: { code: 'renamed-recipe' },
    })
    expect(refused.body.errors).toEqual([{ field: 'code', message: PROGRAMME_MESSAGES.codeInMealPlan }])
  })

  it('creates a recipe; refuses one without ingredients in Russian and the manager any change', async () => {
    const created = await call<RecipeView>(createRecipeEndpoint, as.content, {
      body: {
        code: 'grechka',
        title: 'Гречка с овощами',
        list: ['Отварите гречку.'],
        info: [{ name: 'Гречка', weight: '60 г', cal: 188 }],
      },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ code: 'grechka', active: true, inMealPlan: false })
    expect((await recipeForModal(created.body.id)).recipe.total).toBe(188)
    const empty = await call<Refused>(createRecipeEndpoint, as.content, {
      body: { code: 'pusto', title: 'Пусто', info: [] },
    })
    expect(empty.body.errors).toEqual([{ field: 'info', message: PROGRAMME_MESSAGES.ingredients }])
    const refused = await call<Refused>(createRecipeEndpoint, as.manager, {
      body: { code: 'chuzhoy', title: 'Чужой', info: [{ name: 'Соль', weight: '1 г', cal: 0 }] },
    })
    expect(refused).toMatchObject({ status: 403, body: { error: ADMIN_MESSAGES.forbidden } })
    const [row] = await db()
      .select({ id: turboRecipes.id })
      .from(turboRecipes)
      .where(eq(turboRecipes.code, 'chuzhoy'))
    expect(row).toBeUndefined()
  })
})
