import { z } from 'zod'

/** POST /ajax/get-eco-boxes/ */
export const ecoBoxesInput = z.object({ city: z.string().trim().min(1, 'Не выбран город').max(100) })
export type EcoBoxesInput = z.infer<typeof ecoBoxesInput>
