import { z } from 'zod'
import { FAVORITES_MESSAGES } from './favorites'

const productId = z
  .string({ error: FAVORITES_MESSAGES.badId })
  .regex(/^\s*\d{1,10}\s*$/, FAVORITES_MESSAGES.badId)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647, FAVORITES_MESSAGES.badId)

/** POST /ajax/favorites/: action get | add | remove; favoritesId is a PRODUCT id. */
export const favoritesInput = z
  .object({
    action: z.enum(['get', 'add', 'remove'], { error: FAVORITES_MESSAGES.action }),
    favoritesId: productId.optional(),
  })
  .transform((input, ctx) => {
    if (input.action === 'get') return { action: 'get' as const }
    if (input.favoritesId === undefined) {
      ctx.addIssue({ code: 'custom', message: FAVORITES_MESSAGES.badId, path: ['favoritesId'] })
      return z.NEVER
    }
    return { action: input.action, productId: input.favoritesId }
  })

export type FavoritesInput = z.output<typeof favoritesInput>
