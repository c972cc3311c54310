import { NutritionistForm } from '@/domains/forms/ui/question-form'

/**
 * The nutritionist question block of landings and the meal plan: the forms domain's form
 * (POST /ajax/question/ with PHONE empty), with the landing's product when it has one.
 */
export function NutritionistBlock({ title, productId, productName }: { title: string; productId: number | null; productName: string }) {
  return (
    <div className="rounded-3xl bg-brand-50 p-5 sm:p-10" data-nutritionist>
      <NutritionistForm title={title} productId={productId ?? undefined} productName={productName || undefined} />
    </div>
  )
}
