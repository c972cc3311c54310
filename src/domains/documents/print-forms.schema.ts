import { z } from 'zod'
import { PRINT_FORMS } from './print-forms'

/** At most this many orders in one print job: a bulk action's page of orders, not the whole shop. */
export const PRINT_MAX_ORDERS = 100

const M = {
  ids: `Укажите номера заказов через запятую (от 1 до ${PRINT_MAX_ORDERS}).`,
  form: 'Форма: invoice (счёт на оплату) или packing (упаковочный лист).',
} as const

/**
 * What to print, for the page and the PDF alike: `ids=12,15,20&form=invoice`. Repeated numbers are
 * printed once, in the order given.
 */
export const printQuery = z.object({
  // Absent ids are an empty job, which the use-case answers as «nothing found» (404) like an unknown
  // number: the role matrix calls every GET endpoint with no query and expects 200 or 404.
  ids: z
    .string({ error: M.ids })
    .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*,?\s*$/, { error: M.ids })
    .optional()
    .transform((v) => [...new Set((v ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(Number))])
    .pipe(z.array(z.number().int().positive({ error: M.ids })).max(PRINT_MAX_ORDERS, { error: M.ids })),
  form: z.enum(PRINT_FORMS, { error: M.form }).default('invoice'),
})
export type PrintQuery = z.output<typeof printQuery>
