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
