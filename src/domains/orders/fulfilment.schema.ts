import { z } from 'zod'
import { BACK_OFFICE_STATUSES, TRACKING_CARRIERS } from './fulfilment'

/**
 * Body of POST /api/admin/orders/{id}/fulfilment/ (JSON). A field left out is not touched; null
 * clears it; at least one field must be given. Unknown fields are refused, so a typo is not
 * silently ignored by the exchange that sent it.
 */
export const fulfilmentInput = z
  .strictObject({
    fitoId: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./_-]*$/u, 'Номер заказа в учётной системе: буквы, цифры, пробел, точка, дефис, косая черта.')
      .nullable()
      .optional(),
    trackNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, 'Трек-номер: от 4 до 40 латинских букв, цифр или дефисов.')
      .nullable()
      .optional(),
    carrier: z.enum(TRACKING_CARRIERS).nullable().optional(),
    status: z.enum(BACK_OFFICE_STATUSES).optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), 'Укажите хотя бы одно поле: fitoId, trackNumber, carrier или status.')

export type FulfilmentInput = z.output<typeof fulfilmentInput>

/** The order id of the path: digits within the id column's range, else the order does not exist. */
export const orderIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= 2_147_483_647)
