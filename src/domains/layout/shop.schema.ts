import { z } from 'zod'
import type { StoredShopDetails } from './shop'

const field = z.string().trim().max(500).optional()

/**
 * The `shop.details` settings row as the back office will write it, with some or all of the details and
 * `example: true` while they are demo data. A malformed row is ignored as a whole (the example shows).
 */
export const storedShopDetails = z.object({
  legalName: field,
  inn: field,
  kpp: field,
  ogrn: field,
  address: field,
  phone: field,
  hours: field,
  email: field,
  bankName: field,
  bik: field,
  account: field,
  corrAccount: field,
  leadsEmail: field,
  example: z.boolean().optional(),
}) satisfies z.ZodType<StoredShopDetails>
