import { z } from 'zod'

/** POST /ajax/vkontakte/ with GET=Y: the social feed's posts. */
export const socialFeedInput = z.object({ GET: z.literal('Y', { error: 'Неверный запрос.' }) })
