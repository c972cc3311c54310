import { z } from 'zod'
import { wire } from '@/lib/ajax'

/** POST /ajax/recently-viewed/: record a view (add) or read the visitor's list (get). */
export const recentlyViewedInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), productId: wire.id }),
  z.object({
    action: z.literal('get'),
    /** The product on screen, left out of the list. */
    exclude: z.union([z.literal('').transform(() => null), wire.id]).optional().default(null),
  }),
])

/** POST /ajax/get-enc-elements/: ID of an encyclopedia section; 0 or empty means every section. */
export const encElementsInput = z.object({
  ID: z
    .union([z.literal('').transform(() => 0), z.coerce.number().int().min(0).max(2_147_483_647)])
    .optional()
    .default(0),
})

/** POST /ajax/vkontakte/ with GET=Y: the social feed's posts. */
export const socialFeedInput = z.object({ GET: z.literal('Y', { error: 'Неверный запрос.' }) })
