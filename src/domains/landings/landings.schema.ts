import { z } from 'zod'
import { wire } from '@/lib/ajax'
import { QUESTION_NAMES } from './turbo'

/** POST /ajax/product/get-price/ */
export const getPriceInput = z.object({ id: wire.id })
export type GetPriceInput = z.infer<typeof getPriceInput>

const answer = z.string().trim().max(20).optional()

/**
 * POST /ajax/turboslim/form/sub: step, type, email plus the test's answers when the visitor took it.
 * The client sends nothing for an empty e-mail; the server refuses one anyway.
 */
export const mealPlanSubscribeInput = z.object({
  step: z.coerce.number().int().min(1).max(3),
  type: z.enum(['menu', 'video'], { error: 'Неизвестный тип рассылки' }),
  email: z
    .string()
    .trim()
    .min(1, 'Введите e-mail')
    .max(254)
    .pipe(z.email({ error: 'Проверьте правильность ввода e-mail адреса' })),
  ...Object.fromEntries(QUESTION_NAMES.map((n) => [n, answer])),
  age: answer,
  weight: answer,
})
export type MealPlanSubscribeInput = z.infer<typeof mealPlanSubscribeInput>

/** GET /ajax/turboslim/food-modal/{id} and /product-modal/{id}: the id comes from the path. */
export const modalIdInput = z.object({ id: wire.id })
