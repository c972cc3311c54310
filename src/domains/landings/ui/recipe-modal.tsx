'use client'

import { useEffect, useState } from 'react'
import { Modal } from '@/ui/modal'
import type { RecipeModalAnswer } from '../landings.server'

type Recipe = RecipeModalAnswer['recipe']

/**
 * Meal plan block 7: opens when the id is above 0 (GET /ajax/turboslim/food-modal/{id}), closes and
 * forgets the recipe when the id is cleared. A failed fetch is logged and the modal stays closed.
 */
export function RecipeModal({ recipeId, onClose }: { recipeId: number; onClose: () => void }) {
  const [recipe, setRecipe] = useState<Recipe | null>(null)
  useEffect(() => {
    if (recipeId <= 0) return
    const controller = new AbortController()
    fetch(`/ajax/turboslim/food-modal/${recipeId}/`, { signal: controller.signal, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`food-modal ${res.status}`)
        setRecipe(((await res.json()) as RecipeModalAnswer).recipe)
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('recipe modal failed', error)
        onClose()
      })
    return () => {
      controller.abort()
      setRecipe(null)
    }
  }, [recipeId, onClose])

  return (
    <Modal open={recipeId > 0 && recipe !== null} onClose={onClose} title={recipe?.title ?? ''} size="lg">
      {recipe && (
        <div className="grid gap-6 sm:grid-cols-2" data-recipe-modal={recipe.id}>
          <img src={recipe.img} alt={recipe.title} className="w-full rounded-2xl" />
          <div>
            {recipe.list && recipe.list.length > 0 && (
              <ol className="mb-4 list-decimal space-y-1 pl-5 text-ink-600">
                {recipe.list.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            )}
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-ink-400">
                  <th className="pb-2 font-normal">Продукт</th>
                  <th className="pb-2 font-normal">Вес</th>
                  <th className="pb-2 text-right font-normal">Ккал</th>
                </tr>
              </thead>
              <tbody>
                {recipe.info.map((row) => (
                  <tr key={row.name} className="border-t border-line">
                    <td className="py-2">{row.name}</td>
                    <td className="py-2">{row.weight}</td>
                    <td className="py-2 text-right">{row.cal}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-ink-900 font-bold">
                  <td className="py-2" colSpan={2}>
                    Итого
                  </td>
                  <td className="py-2 text-right" data-recipe-total>
                    {recipe.total} ккал
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}
    </Modal>
  )
}
