import { z } from 'zod'

/**
 * The back office's customer list query (ADR 162): one schema for the page's URL and for
 * GET /api/admin/customers. An untouched field of the filter form arrives as '' and means "any".
 */
const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

export const CUSTOMER_PAGE_SIZE = 50

export const customerListQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()).describe('Поиск: имя, e-mail или телефон в любом виде'),
  page: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(100_000).default(1)),
  limit: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(200).default(CUSTOMER_PAGE_SIZE)),
})
export type CustomerListQuery = z.output<typeof customerListQuery>

export const customerIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
