import { stageInfo, subscriptionText, totalCalories, type TurboStage } from './turbo'

export interface MealPlanMailRecipe {
  list?: string[]
  info: { name: string; weight: string; cal: number }[]
}

export interface MealPlanMailStage {
  stage: TurboStage
  foods: { per: string; title: string; text: string; recipe: MealPlanMailRecipe | null }[]
  videos: { title: string }[]
}

/**
 * The stages whose menu a step's form promises ('Пришлём меню … программы на почту'): step 1 the
 * two-week programme (stage 1), step 2 the monthly one (stage 2), step 3 the full one (every stage).
 */
export function promisedStages(step: TurboStage): TurboStage[] {
  return step === 3 ? [1, 2, 3] : [step]
}

function foodLines(food: MealPlanMailStage['foods'][number]): string[] {
  const lines = [`${food.per} — ${food.title}${food.recipe ? ` (${totalCalories(food.recipe.info)} ккал)` : ''}`, food.text]
  if (food.recipe) {
    lines.push(`Состав: ${food.recipe.info.map((i) => `${i.name} — ${i.weight}`).join(', ')}.`)
    ;(food.recipe.list ?? []).forEach((step, i) => lines.push(`${i + 1}. ${step}`))
  }
  return lines
}

/**
 * The mail the meal-plan form sends (ADR 113): the menu itself, so it delivers what the form says,
 * with the workouts' names when the visitor subscribed from the video tab.
 */
export function mealPlanMail(step: TurboStage, type: 'menu' | 'video', stages: MealPlanMailStage[], pageUrl: string): { subject: string; text: string } {
  const promise = subscriptionText(step)
  const body: string[] = ['Здравствуйте!', '', `${promise.replace(/^Пришлём /, 'Присылаем ').replace(/ на почту$/, '')} «Турбослим».`]
  for (const s of stages) {
    body.push('', `Этап ${s.stage}: ${stageInfo(s.stage).tab}`.toUpperCase(), '')
    s.foods.forEach((food, i) => {
      if (i > 0) body.push('')
      body.push(...foodLines(food))
    })
    if (type === 'video' && s.videos.length > 0) {
      body.push('', `Тренировки этапа ${s.stage} (видео — на странице программы):`, ...s.videos.map((v) => `— ${v.title}`))
    }
  }
  body.push('', `Программа на сайте: ${pageUrl}`, '', 'Перед изменением питания проконсультируйтесь с врачом.')
  return { subject: `Турбослим: ${promise.replace(/^Пришлём /, '').replace(/ на почту$/, '')}`, text: body.join('\n') }
}
