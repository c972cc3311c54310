import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { connection } from 'next/server'
import { loadMealPlan } from '@/domains/landings/landings.server'
import { MealPlanView } from '@/domains/landings/ui/meal-plan-view'

export const metadata: Metadata = {
  title: 'Меню программы Турбослим',
  alternates: { canonical: '/turboslim/menu/' },
}

export default async function MealPlanPage() {
  await connection()
  const plan = await loadMealPlan()
  if (!plan) notFound()
  return <MealPlanView plan={plan} />
}
