/**
 * The nutritionist question block of landings and the meal plan. The form itself belongs to the forms
 * domain (POST /ajax/question/ with PHONE empty); this block only frames it.
 */
export function NutritionistBlock({ title }: { title: string; productId: number | null; productName: string }) {
  return (
    <div className="rounded-3xl bg-brand-50 p-6 sm:p-10" data-nutritionist>
      <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
      <p className="mt-2 text-ink-600">Нутрициолог ответит на ваш вопрос по e-mail в течение рабочего дня.</p>
    </div>
  )
}
