import { z } from 'zod'

/** POST /ajax/get-enc-elements/: ID of an encyclopedia section; 0 or empty means every section. */
export const encElementsInput = z.object({
  ID: z
    .union([z.literal('').transform(() => 0), z.coerce.number().int().min(0).max(2_147_483_647)])
    .optional()
    .default(0),
})
