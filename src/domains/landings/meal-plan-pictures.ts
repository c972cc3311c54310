import { mealPlanData } from './landing-data'

/**
 * The media-library pictures a meal plan's data names (ADR 207, second addendum): food slides, video
 * posters and experts. They live in the landing's JSON, where no foreign key can guard them, so the
 * library's delete asks this list before it lets a picture go.
 */
export interface MealPlanPictureUse {
  id: number
  kind: 'meal-plan-food' | 'meal-plan-video' | 'meal-plan-expert'
  name: string
}

export function mealPlanPictureUses(data: unknown): MealPlanPictureUse[] {
  const parsed = mealPlanData.safeParse(data)
  if (!parsed.success) return anyPictureIds(data)
  const out: MealPlanPictureUse[] = []
  for (const step of parsed.data.steps) {
    for (const f of step.foods)
      if (f.pictureId !== null) out.push({ id: f.pictureId, kind: 'meal-plan-food', name: f.title })
    for (const v of step.videos)
      if (v.pictureId !== null) out.push({ id: v.pictureId, kind: 'meal-plan-video', name: v.title })
  }
  for (const e of parsed.data.experts)
    if (e.pictureId !== null) out.push({ id: e.pictureId, kind: 'meal-plan-expert', name: e.name })
  return out
}

/** Data the page cannot read still keeps its pictures: every `pictureId` anywhere in it counts. */
function anyPictureIds(data: unknown): MealPlanPictureUse[] {
  if (Array.isArray(data)) return data.flatMap(anyPictureIds)
  if (typeof data !== 'object' || data === null) return []
  const item = data as Record<string, unknown>
  const nested = Object.values(item).flatMap(anyPictureIds)
  if (typeof item.pictureId !== 'number') return nested
  const name = typeof item.name === 'string' ? item.name : typeof item.title === 'string' ? item.title : ''
  const kind = 'name' in item ? 'meal-plan-expert' : 'link' in item ? 'meal-plan-video' : 'meal-plan-food'
  return [{ id: item.pictureId, kind, name }, ...nested]
}
