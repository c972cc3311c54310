import { z } from 'zod'

/**
 * Shapes of the landing data stored in `landing_pages.data` (and the seed JSON). Products are named
 * by catalogue code in the data and resolved to ids, links and pictures when the page is loaded.
 */

const text = z.string().max(5000)
const img = z.string().max(500)
const productCodes = z.array(z.string().min(1)).max(30)

const hero = z.object({ type: z.literal('hero'), title: text, description: text.default(''), image: img, color: z.string().default('#e8f5ee') })
const illustrated = z.object({
  type: z.literal('illustrated-blocks'),
  title: text.default(''),
  items: z.array(z.object({ title: text, description: text, image: img })).min(1),
})
const slidingText = z.object({ type: z.literal('sliding-text'), lines: z.array(text).min(1) })
const icons = z.object({
  type: z.literal('icons'),
  title: text.default(''),
  icons: z.array(z.object({ image: img, title: text })).min(1),
})
const triBlock = z.object({
  type: z.literal('tri-block'),
  title: text.default(''),
  items: z.array(z.object({ title: text, description: text, image: img })).length(3),
})
const textProduct = z.object({ type: z.literal('text-product'), title: text, description: text, image: img })
const video = z.object({
  type: z.literal('video'),
  title: text,
  description_video: text.default(''),
  /** A local file under /public; empty shows the poster with a placeholder (no external video). */
  video: z.string().default(''),
  video_preview_img: img,
})
const expert = z.object({ type: z.literal('expert'), name: text, title: text, description: text, image: img })
const productsSlider = z.object({ type: z.enum(['products-slider', 'products-slider-centered']), title: text, products: productCodes })
const about = z.object({
  type: z.templateLiteral(['about-', z.string().regex(/^[a-z0-9-]+$/)]),
  title: text,
  items: z.array(z.object({ title: text, text })).length(3),
})
const gmp = z.object({ type: z.literal('gmp'), title: text, description: text, image: img })
const reviews = z.object({
  type: z.literal('reviews'),
  title: text,
  reviews: z.array(z.object({ name: text, date: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/), rate: z.number().int().min(1).max(5), description: text })).min(1),
})
const articles = z.object({
  type: z.literal('articles'),
  title: text,
  articles: z.array(z.object({ link: z.string(), image: img, title: text })).min(1),
})
const nutritionForm = z.object({ type: z.literal('nutrition-form'), title: text })
const appendix = z.object({ type: z.literal('appendix'), title: text.default(''), text })

/**
 * One schema per block type (ADR 203): the back office's block forms and their checks are derived
 * from these. `about` stands for every `about-{product}` block.
 */
export const LANDING_BLOCK_SCHEMAS = {
  hero,
  'illustrated-blocks': illustrated,
  'sliding-text': slidingText,
  icons,
  'tri-block': triBlock,
  'text-product': textProduct,
  video,
  expert,
  'products-slider': productsSlider,
  about,
  gmp,
  reviews,
  articles,
  'nutrition-form': nutritionForm,
  appendix,
} as const

export const landingBlock = z.union([
  hero,
  illustrated,
  slidingText,
  icons,
  triBlock,
  textProduct,
  video,
  expert,
  productsSlider,
  about,
  gmp,
  reviews,
  articles,
  nutritionForm,
  appendix,
])
export type LandingBlockData = z.infer<typeof landingBlock>

export const productLandingData = z.object({
  product: z.string().min(1),
  blocks: z.array(landingBlock).min(1),
})

/** The weight-loss programme page: filter strip, carousels, products per stage. */
export const programmeData = z.object({
  intro: text,
  filters: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), text, img })).min(1),
  /** Catalogue codes with the filters they appear under and the programme stage they belong to. */
  products: z.array(z.object({ code: z.string(), filters: z.array(z.string()).min(1), stage: z.union([z.literal(1), z.literal(2), z.literal(3)]) })).min(1),
  steps: z.array(z.object({ stage: z.union([z.literal(1), z.literal(2), z.literal(3)]), text })).length(3),
})
export type ProgrammeData = z.infer<typeof programmeData>

/**
 * A media-library picture by id (ADR 207, second addendum): the page shows its stored sizes as a
 * srcset. null: the typed `img` (the seed's pictures) is the picture.
 */
const pictureId = z.number().int().positive().nullable().default(null)
const foodItem = z.object({ id: z.number().int().positive().optional(), recipe: z.string(), title: text, img, pictureId, per: text, text })
const videoItem = z.object({ id: z.string(), title: text, img, pictureId, link: z.string().default('') })

/** The meal-plan landing, blocks (1)–(8) of the spec. Recipes are named by code and resolved to ids. */
export const mealPlanData = z.object({
  intro: text,
  steps: z
    .array(
      z.object({
        stage: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        foods: z.array(foodItem).min(1),
        videos: z.array(videoItem).min(1),
      }),
    )
    .length(3),
  experts: z.array(z.object({ img, pictureId, name: text, position: text, text })).min(1),
  farm: z.array(z.object({ title: text, desc: text, link: z.string().optional() })).min(1),
  articles: z.array(z.object({ link: z.string(), image: img, title: text })).min(1),
  crossSell: productCodes,
  products: productCodes,
})
export type MealPlanData = z.infer<typeof mealPlanData>

export const recipeData = z.object({
  title: text,
  img,
  list: z.array(text).optional(),
  info: z.array(z.object({ name: text, weight: text, cal: z.number().nonnegative() })).min(1),
})
