import { z } from 'zod'
import { active, code, image, patchOf, strict, text } from '@/domains/edits/edits'

/** What staff send for the weight-loss programme's products and the meal plan's recipes (ADR 202). */
export const PROGRAMME_MESSAGES = {
  productCode: 'Код товара — латиница, цифры, «-» или «_».',
  filters: 'Отметьте хотя бы один фильтр.',
  unknownFilter: (id: string) => `Фильтра «${id}» в программе нет.`,
  unknownProduct: (code: string) => `Товар с кодом «${code}» не найден.`,
  stage: 'Этап — 1, 2 или 3.',
  products: 'В программе должен быть хотя бы один товар, не больше 60.',
  twice: (code: string) => `Товар «${code}» указан дважды.`,
  intro: 'Вступление — от 10 до 5 000 символов.',
  programmeNotFound: 'Программа похудения не найдена.',
  recipeTitle: 'Название — от 2 до 200 символов.',
  recipeStep: 'Шаг приготовления — от 2 до 1 000 символов.',
  ingredients: 'Добавьте хотя бы один ингредиент (не больше 40).',
  ingredientName: 'Ингредиент — от 2 до 200 символов.',
  weight: 'Вес или количество — от 1 до 50 символов.',
  cal: 'Калории — число от 0 до 10 000.',
  recipeNotFound: 'Рецепт не найден.',
  codeInMealPlan: 'Рецепт есть в меню программы, которое называет его по коду: код менять нельзя.',
} as const
const M = PROGRAMME_MESSAGES

const stage = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: M.stage })
export const programmeProduct = z.strictObject(
  {
    code: z
      .string({ error: M.productCode })
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,100}$/, { error: M.productCode }),
    filters: z
      .array(z.string({ error: M.filters }).max(50), { error: M.filters })
      .min(1, { error: M.filters })
      .max(20, { error: M.filters }),
    stage,
  },
  strict,
)
export const programmePatch = z.strictObject(
  {
    intro: text(10, 5_000, M.intro).optional(),
    products: z
      .array(programmeProduct, { error: M.products })
      .min(1, { error: M.products })
      .max(60, { error: M.products })
      .optional(),
  },
  strict,
)

export const programmeView = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  active: z.boolean(),
  intro: z.string(),
  filters: z.array(z.object({ id: z.string(), text: z.string() })),
  products: z.array(
    z.object({
      code: z.string(),
      name: z.string().nullable(),
      filters: z.array(z.string()),
      stage: z.number(),
    }),
  ),
})
export type ProgrammeView = z.infer<typeof programmeView>

const recipeFields = {
  code,
  title: text(2, 200, M.recipeTitle),
  img: image,
  list: z.array(text(2, 1_000, M.recipeStep), { error: M.recipeStep }).max(30, { error: M.recipeStep }),
  info: z
    .array(
      z.strictObject(
        {
          name: text(2, 200, M.ingredientName),
          weight: text(1, 50, M.weight),
          cal: z.number({ error: M.cal }).min(0, { error: M.cal }).max(10_000, { error: M.cal }),
        },
        strict,
      ),
      { error: M.ingredients },
    )
    .min(1, { error: M.ingredients })
    .max(40, { error: M.ingredients }),
  active,
}
export const recipeInput = z.strictObject(
  {
    ...recipeFields,
    img: image.default(''),
    list: recipeFields.list.default([]),
    active: active.default(true),
  },
  strict,
)
export const recipePatch = patchOf(recipeFields)

export const recipeView = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  img: z.string(),
  list: z.array(z.string()),
  info: z.array(z.object({ name: z.string(), weight: z.string(), cal: z.number() })),
  active: z.boolean(),
  /** The meal plan names it: hiding it takes it off the plan. */
  inMealPlan: z.boolean(),
})
export const recipeList = z.object({ items: z.array(recipeView) })
export type RecipeView = z.infer<typeof recipeView>
