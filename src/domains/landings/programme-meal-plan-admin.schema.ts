import { z } from 'zod'
import { EDIT_MESSAGES, image, strict, text } from '@/domains/edits/edits'
import { libraryPictureView } from '@/domains/media/media-library.schema'
import { VIDEO_LINK_MESSAGE, videoSource } from './meal-plan-video'

/**
 * What staff send for the meal plan (/turboslim/menu/, ADR 209): per stage the food slides (each
 * opens a recipe) and the videos, and the expert tabs, each list in the page's order.
 */
export const MEAL_PLAN_MESSAGES = {
  intro: 'Вступление — от 10 до 5 000 символов.',
  steps: 'Нужны все три этапа, по одному разу.',
  stage: 'Этап — 1, 2 или 3.',
  foods: 'На этапе нужно от 1 до 30 блюд.',
  videos: 'На этапе может быть до 20 видео.',
  recipe: 'Выберите рецепт.',
  unknownRecipe: (code: string) => `Рецепта с кодом «${code}» нет.`,
  hiddenRecipe: (code: string) => `Рецепт «${code}» скрыт: покажите его или выберите другой.`,
  foodTitle: 'Название блюда — от 2 до 200 символов.',
  per: 'Приём пищи — от 2 до 50 символов (например, «Завтрак»).',
  foodText: 'Описание блюда — от 2 до 1 000 символов.',
  foodImg: 'Картинка блюда обязательна: загрузите её, выберите из медиатеки или укажите путь на сайте («/…») или https://….',
  expertImg: 'Фото эксперта обязательно: загрузите его, выберите из медиатеки или укажите путь на сайте («/…») или https://….',
  picture: 'Выберите картинку из медиатеки или загрузите новую.',
  videoTitle: 'Название видео — от 2 до 200 символов.',
  poster: 'Обложка видео обязательна: загрузите её, выберите из медиатеки или укажите путь на сайте («/…») или https://….',
  videoId: 'Код видео — латиница, цифры и «-», до 50 символов.',
  videoTwice: (id: string) => `Код видео «${id}» на странице дважды.`,
  experts: 'Нужен хотя бы один эксперт, не больше 20.',
  expertName: 'Имя эксперта — от 2 до 100 символов.',
  position: 'Должность — от 2 до 100 символов.',
  expertText: 'Совет эксперта — от 10 до 2 000 символов.',
  expertTwice: (name: string) => `Эксперт «${name}» указан дважды.`,
  mealPlanNotFound: 'Меню программы не найдено.',
} as const
const M = MEAL_PLAN_MESSAGES

const stage = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: M.stage })
/** A typed address (the seed's pictures, or an outside one); empty when a library picture is chosen. */
const typed = z.string({ error: EDIT_MESSAGES.image }).trim().pipe(image).default('')
/** A media-library picture by id (ADR 207, second addendum); null: the typed address is the picture. */
const pictureId = z
  .number({ error: M.picture })
  .int({ error: M.picture })
  .positive({ error: M.picture })
  .max(2_147_483_647, { error: M.picture })
  .nullable()
  .default(null)
/** One of the two is the picture; without either the item has none, refused on `img`. */
const pictured =
  (message: string) =>
  (item: { img: string; pictureId: number | null }, ctx: z.RefinementCtx) => {
    if (item.img === '' && item.pictureId === null) ctx.addIssue({ code: 'custom', path: ['img'], message })
  }

export const mealPlanFood = z.strictObject(
  {
    recipe: z
      .string({ error: M.recipe })
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,100}$/, { error: M.recipe }),
    title: text(2, 200, M.foodTitle),
    img: typed,
    pictureId,
    per: text(2, 50, M.per),
    text: text(2, 1_000, M.foodText),
  },
  strict,
).superRefine(pictured(M.foodImg))

export const mealPlanVideo = z.strictObject(
  {
    /** Kept from the stored video; a new one gets its code on save. */
    id: z
      .string({ error: M.videoId })
      .regex(/^[a-z0-9-]{1,50}$/, { error: M.videoId })
      .optional(),
    title: text(2, 200, M.videoTitle),
    img: typed,
    pictureId,
    /** Empty: the poster opens «Видео готовится к публикации». */
    link: z
      .string({ error: VIDEO_LINK_MESSAGE })
      .trim()
      .max(500, { error: VIDEO_LINK_MESSAGE })
      .refine((v) => videoSource(v) !== null, { error: VIDEO_LINK_MESSAGE }),
  },
  strict,
).superRefine(pictured(M.poster))

export const mealPlanExpert = z.strictObject(
  {
    img: typed,
    pictureId,
    name: text(2, 100, M.expertName),
    position: text(2, 100, M.position),
    text: text(10, 2_000, M.expertText),
  },
  strict,
).superRefine(pictured(M.expertImg))

export const mealPlanStep = z.strictObject(
  {
    stage,
    foods: z.array(mealPlanFood, { error: M.foods }).min(1, { error: M.foods }).max(30, { error: M.foods }),
    videos: z.array(mealPlanVideo, { error: M.videos }).max(20, { error: M.videos }),
  },
  strict,
)

export const mealPlanPatch = z.strictObject(
  {
    intro: text(10, 5_000, M.intro).optional(),
    steps: z
      .array(mealPlanStep, { error: M.steps })
      .length(3, { error: M.steps })
      // One message for a wrong count or a stage twice, not two.
      .refine((s) => s.length !== 3 || new Set(s.map((x) => x.stage)).size === 3, { error: M.steps })
      .optional(),
    experts: z
      .array(mealPlanExpert, { error: M.experts })
      .min(1, { error: M.experts })
      .max(20, { error: M.experts })
      .optional(),
  },
  strict,
)
export type MealPlanPatch = z.output<typeof mealPlanPatch>

const picture = { img: z.string(), pictureId: z.number().nullable() }
const food = z.object({
  recipe: z.string(),
  title: z.string(),
  ...picture,
  per: z.string(),
  text: z.string(),
})
const video = z.object({ id: z.string(), title: z.string(), ...picture, link: z.string() })
const expert = z.object({ ...picture, name: z.string(), position: z.string(), text: z.string() })
export const mealPlanView = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  active: z.boolean(),
  intro: z.string(),
  steps: z.array(z.object({ stage: z.number(), foods: z.array(food), videos: z.array(video) })),
  experts: z.array(expert),
  /** Every recipe, for the food's recipe select; a hidden one is marked. */
  recipes: z.array(z.object({ code: z.string(), title: z.string(), active: z.boolean() })),
  /** The library pictures the items name, for the pickers' previews. */
  pictures: z.array(libraryPictureView),
})
export type MealPlanView = z.infer<typeof mealPlanView>
