import { mealPlanSubscribeInput } from '@/domains/landings/landings.schema'
import { subscribeMealPlan } from '@/domains/landings/landings.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(mealPlanSubscribeInput, subscribeMealPlan)
