import { z } from 'zod'
import { BACK_OFFICE_STATUSES, TRACKING_CARRIERS } from './fulfilment'

/** Body of POST /api/admin/orders/{id}/status: the next status, a note for the timeline, the parcel. */
export const orderStatusInput = z.strictObject({
  status: z.enum(BACK_OFFICE_STATUSES, 'Выберите статус: assembling, shipped, delivered или cancelled.'),
  note: z.string().trim().max(1000, 'Комментарий — не длиннее 1000 символов.').optional(),
  trackNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'Трек-номер: от 4 до 40 латинских букв, цифр или дефисов.')
    .optional()
    .describe('Только при переводе в «Передан в доставку»; складу обязателен'),
  carrier: z.enum(TRACKING_CARRIERS).optional().describe('Перевозчик посылки, если это не выбранная покупателем служба'),
})
export type OrderStatusInput = z.output<typeof orderStatusInput>

/** Body of POST /api/admin/orders/{id}/notes. */
export const orderNoteInput = z.strictObject({
  text: z.string().trim().min(1, 'Напишите заметку.').max(2000, 'Заметка — не длиннее 2000 символов.'),
})
export type OrderNoteInput = z.output<typeof orderNoteInput>

/** The order id of a path: digits within the id column's range, else the order does not exist. */
export const orderIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
