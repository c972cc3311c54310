import 'server-only'
import { db } from '@/db/client'
import { loadProductCards, type ProductCardData } from '@/domains/catalog/catalog.server'
import { enqueueMail } from '@/domains/mail/mail.server'
import type { LibraryPictureView } from '@/domains/media/media-library'
import { libraryPictures } from '@/domains/media/media-library.server'
import { Refusal } from '@/lib/refusal'
import { cached } from '@/lib/cache'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { kopecksToRubles } from '@/lib/money'
import {
  mealPlanData,
  productLandingData,
  programmeData,
  recipeData,
  type LandingBlockData,
  type MealPlanData,
  type ProgrammeData,
} from './landing-data'
import { pickPrice, type LandingHeroProduct, type LandingProductItem, type ProductLanding, type ResolvedBlock, type WirePrice } from './landings'
import type { GetPriceInput, MealPlanSubscribeInput } from './landings.schema'
import {
  insertTurboSubscription,
  selectLanding,
  selectProductIdsByCode,
  selectProductTexts,
  selectRecipe,
  selectRecipeIdsByCode,
} from './landings.db'
import { mealPlanMail, promisedStages, type MealPlanMailStage } from './meal-plan-mail'
import { QUESTION_NAMES, totalCalories, type TurboStage } from './turbo'

const TAGS = ['landings', 'catalog']

async function cardsByCode(codes: readonly string[]): Promise<Map<string, ProductCardData>> {
  const ids = await selectProductIdsByCode(db(), codes)
  const cards = await loadProductCards([...ids.values()])
  const byId = new Map(cards.map((c) => [c.id, c]))
  const out = new Map<string, ProductCardData>()
  for (const [code, id] of ids) {
    const card = byId.get(id)
    if (card) out.set(code, card)
  }
  return out
}

function toItem(card: ProductCardData): LandingProductItem {
  return {
    id: card.id,
    title: card.name,
    image: card.offers[0]?.picture ?? '',
    description: card.subTitle,
    link: card.url,
    rate: card.rating,
    rates: card.ratesCount,
    // Left out of the cached page on purpose: the page asks POST /ajax/product/get-price/ (ADR 081).
    price: null,
    offerId: null,
  }
}

/** A product landing with its products resolved; null when there is none (or its data is broken). */
export function loadProductLanding(code: string): Promise<ProductLanding | null> {
  return cached(`landings:product:${code}`, { tags: TAGS }, async () => {
    const row = await selectLanding(db(), code, 'product')
    return row ? resolveProductLanding(row.code, row.title, row.data) : null
  })
}

/** Stored landing data as the page shows it (the back office's preview resolves a draft the same way, ADR 203). */
export async function resolveProductLanding(code: string, title: string, stored: unknown): Promise<ProductLanding | null> {
  const parsed = productLandingData.safeParse(stored)
  if (!parsed.success) {
    logger.warn({ code, issues: parsed.error.issues.slice(0, 3) }, 'landing data does not match its schema')
    return null
  }
  const data = parsed.data
  const codes = [data.product, ...data.blocks.flatMap((b) => ('products' in b ? b.products : []))]
  const cards = await cardsByCode(codes)
  const main = cards.get(data.product)
  const blocks = data.blocks.map((b): ResolvedBlock => {
    if (!isProductsSlider(b)) return b
    const items = b.products.flatMap((c) => {
      const card = cards.get(c)
      return card ? [toItem(card)] : []
    })
    return { type: b.type, title: b.title, products: items }
  })
  return { code, title, product: main ? heroProduct(main) : null, blocks }
}

function isProductsSlider(b: LandingBlockData): b is Extract<LandingBlockData, { products: string[] }> {
  return b.type === 'products-slider' || b.type === 'products-slider-centered'
}

function heroProduct(card: ProductCardData): LandingHeroProduct {
  const { offer, price } = pickPrice(card.offers)
  return {
    id: card.id,
    offerId: offer?.id ?? null,
    image: card.offers[0]?.picture ?? '',
    price,
    categoryCode: card.sectionCode,
    categoryName: card.sectionName,
    name: card.name,
    line: card.line,
    url: card.url,
  }
}

/** POST /ajax/product/get-price/: the product's current price in roubles, or '-' when it cannot be bought. */
export async function productPrice({ id }: GetPriceInput): Promise<{ id: number; price: WirePrice; oldPrice: number | null; offerId: number | null }> {
  const [card] = await loadProductCards([id])
  if (!card) return { id, price: '-', oldPrice: null, offerId: null }
  const { offer, price } = pickPrice(card.offers)
  return { id, price, oldPrice: offer?.oldPrice ? kopecksToRubles(offer.oldPrice) : null, offerId: offer?.id ?? null }
}

export interface ProgrammeProduct {
  card: ProductCardData
  filters: string[]
  stage: TurboStage
}

export interface Programme extends Omit<ProgrammeData, 'products'> {
  title: string
  products: ProgrammeProduct[]
}

export function loadProgramme(code = 'turboslim'): Promise<Programme | null> {
  return cached(`landings:programme:${code}`, { tags: TAGS }, async () => {
    const row = await selectLanding(db(), code, 'programme')
    const parsed = programmeData.safeParse(row?.data)
    if (!row || !parsed.success) return null
    const cards = await cardsByCode(parsed.data.products.map((p) => p.code))
    const products = parsed.data.products.flatMap((p) => {
      const card = cards.get(p.code)
      return card ? [{ card, filters: p.filters, stage: p.stage }] : []
    })
    return { ...parsed.data, title: row.title, products }
  })
}

/** `srcset`: a library picture's stored sizes (ADR 207, second addendum); '' for a typed address. */
type Pictured<T> = T & { srcset: string }
type Step = MealPlanData['steps'][number]

export interface MealPlan extends Omit<MealPlanData, 'steps' | 'experts' | 'crossSell' | 'products'> {
  title: string
  steps: (Omit<Step, 'foods' | 'videos'> & {
    foods: Pictured<Step['foods'][number] & { id: number }>[]
    videos: Pictured<Step['videos'][number]>[]
  })[]
  experts: Pictured<MealPlanData['experts'][number]>[]
  crossSell: LandingProductItem[]
  products: { id: number; title: string; image: string }[]
}

/** A chosen library picture shows its card size with every stored size in the srcset. */
function withPicture<T extends { img: string; pictureId: number | null }>(
  pictures: ReadonlyMap<number, LibraryPictureView>,
  item: T,
): Pictured<T> {
  const picture = item.pictureId === null ? undefined : pictures.get(item.pictureId)
  return picture ? { ...item, img: picture.urls.card, srcset: picture.srcset } : { ...item, srcset: '' }
}

export function loadMealPlan(code = 'turboslim-menu'): Promise<MealPlan | null> {
  return cached(`landings:meal-plan:${code}`, { tags: TAGS }, async () => {
    const row = await selectLanding(db(), code, 'meal-plan')
    const parsed = mealPlanData.safeParse(row?.data)
    if (!row || !parsed.success) return null
    const data = parsed.data
    const recipeIds = await selectRecipeIdsByCode(db(), data.steps.flatMap((s) => s.foods.map((f) => f.recipe)))
    const cards = await cardsByCode([...data.crossSell, ...data.products])
    const named = [...data.steps.flatMap((s) => [...s.foods, ...s.videos]), ...data.experts]
    const pictures = await libraryPictures(db(), [
      ...new Set(named.flatMap((x) => (x.pictureId === null ? [] : [x.pictureId]))),
    ])
    return {
      ...data,
      title: row.title,
      steps: data.steps.map((s) => ({
        ...s,
        foods: s.foods.flatMap((f) => {
          const id = recipeIds.get(f.recipe)
          return id ? [withPicture(pictures, { ...f, id })] : []
        }),
        videos: s.videos.map((v) => withPicture(pictures, v)),
      })),
      experts: data.experts.map((e) => withPicture(pictures, e)),
      crossSell: data.crossSell.flatMap((c) => (cards.has(c) ? [toItem(cards.get(c) as ProductCardData)] : [])),
      products: data.products.flatMap((c) => {
        const card = cards.get(c)
        return card ? [{ id: card.id, title: card.name, image: card.offers[0]?.picture ?? '' }] : []
      }),
    }
  })
}

/** GET /ajax/turboslim/food-modal/{id}: `data.recipe` with the total calories rounded down. */
export async function recipeForModal(id: number) {
  const row = await selectRecipe(db(), id)
  const parsed = recipeData.safeParse(row?.data)
  if (!row || !parsed.success) throw new Refusal('not-found', 'Рецепт не найден')
  return { recipe: { id: row.id, ...parsed.data, total: totalCalories(parsed.data.info) } }
}

const PALETTE = ['#e8f5ee', '#fdf1e4', '#e6f1fb', '#fdeef2', '#f1ecfb']

/** GET /ajax/turboslim/product-modal/{id}: the product with every offer for the size and flavour switchers. */
export async function productForModal(id: number) {
  const [card] = await loadProductCards([id])
  const texts = card ? await selectProductTexts(db(), id) : undefined
  if (!card || !texts) throw new Refusal('not-found', 'Товар не найден')
  const { offer } = pickPrice(card.offers)
  const initial = offer ?? card.offers[0]
  const info = [
    { title: 'Описание', text: texts.description },
    { title: 'Состав', text: texts.composition },
    { title: 'Способ применения', text: texts.howToUse },
  ].filter((i) => i.text.trim() !== '')
  return {
    product: {
      id: card.id,
      name: card.name,
      img: initial?.picture ?? '',
      productImg: initial?.picture ?? '',
      color: PALETTE[card.id % PALETTE.length],
      list: [
        { icon: 'brand', text: card.brandName },
        { icon: 'section', text: card.sectionName },
        ...(card.line ? [{ icon: 'line', text: card.line }] : []),
      ],
      url: card.url,
      instructionLink: `${card.url}#instruction`,
      offerId: initial?.id ?? null,
      price: initial ? { current: kopecksToRubles(initial.price), old: initial.oldPrice ? kopecksToRubles(initial.oldPrice) : null } : null,
      info,
      offers: card.offers.map((o) => ({
        offerId: o.id,
        img: o.picture,
        inStock: o.inStock,
        maxQuantity: o.maxQuantity,
        price: { current: kopecksToRubles(o.price), old: o.oldPrice ? kopecksToRubles(o.oldPrice) : null },
        offProp: {
          size: { id: o.packageSize, value: `${o.packageSize} ${o.packageUnit}` },
          tasty: o.flavour ? { id: o.flavour, value: o.flavour } : null,
        },
      })),
    },
  }
}
export type ProductModalAnswer = Awaited<ReturnType<typeof productForModal>>
export type RecipeModalAnswer = Awaited<ReturnType<typeof recipeForModal>>

/** The stages a step's form promises, with each food's recipe, for the mail (ADR 113). */
async function promisedMenu(step: TurboStage): Promise<MealPlanMailStage[]> {
  const plan = await loadMealPlan()
  if (!plan) throw new Refusal('not-found', 'Программа не найдена')
  const stages = promisedStages(step)
  return Promise.all(
    plan.steps
      .filter((s) => stages.includes(s.stage))
      .map(async (s) => ({
        stage: s.stage,
        videos: s.videos,
        foods: await Promise.all(
          s.foods.map(async (f) => {
            const parsed = recipeData.safeParse((await selectRecipe(db(), f.id))?.data)
            return { per: f.per, title: f.title, text: f.text, recipe: parsed.success ? parsed.data : null }
          }),
        ),
      })),
  )
}

/**
 * POST /ajax/turboslim/form/sub: stores the request once per e-mail, step and type and queues, in the
 * same transaction, the mail with the menu the form promises (not a promise of a later mail).
 */
export async function subscribeMealPlan(input: MealPlanSubscribeInput): Promise<{ success: true }> {
  const email = input.email.toLowerCase()
  const step = input.step as TurboStage
  const extra: Record<string, string> = {}
  for (const name of [...QUESTION_NAMES, 'age', 'weight'] as const) {
    const value = (input as Record<string, unknown>)[name]
    if (typeof value === 'string' && value !== '') extra[name] = value
  }
  const mail = mealPlanMail(step, input.type, await promisedMenu(step), `${env().PUBLIC_URL.replace(/\/$/, '')}/turboslim/menu/`)
  await db().transaction(async (tx) => {
    const added = await insertTurboSubscription(tx, { email, step, type: input.type, extra })
    if (!added) return
    await enqueueMail(tx, { to: email, ...mail, dedupeKey: `turbo-sub:${email}:${step}:${input.type}` })
  })
  return { success: true }
}
