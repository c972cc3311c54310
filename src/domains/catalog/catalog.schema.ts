import { z } from 'zod'
import { MAX_PRICE_RUB, PAGINATOR_NAME, PRODUCT_FORM_CODES, SORT_CODES } from './filter-state'
const MAX_CODES = 50

/** A list of codes from `brand=a,b` or `brand=a&brand=b`; anything odd becomes an empty list. */
const codeList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    [...new Set((Array.isArray(v) ? v : v ? [v] : []).flatMap((s) => s.split(',')).map((s) => s.trim()))]
      .filter((s) => /^[A-Za-z0-9_-]{1,80}$/.test(s))
      .slice(0, MAX_CODES),
  )

const single = (v: unknown) => (Array.isArray(v) ? v[0] : v)

/** Whole roubles, clamped; non-numeric or empty → no bound. */
const priceBound = z.preprocess((v) => {
  const s = single(v)
  if (typeof s !== 'string' || !/^\s*\d{1,12}([.,]\d+)?\s*$/.test(s)) return null
  return Math.min(MAX_PRICE_RUB, Math.floor(Number(s.replace(',', '.'))))
}, z.number().int().nonnegative().nullable())

const flag = z.preprocess((v) => single(v) === 'Y', z.boolean())

/**
 * The catalogue's address parameters. Never fails: unknown or malformed values are dropped or
 * clamped so any address renders a normal page (spec: bad filter input is ignored, never a 5xx).
 */
export const catalogQuerySchema = z.object({
  purpose: codeList,
  brand: codeList,
  form: codeList.transform((codes) =>
    codes.filter((c): c is (typeof PRODUCT_FORM_CODES)[number] => (PRODUCT_FORM_CODES as readonly string[]).includes(c)),
  ),
  price_from: priceBound,
  price_to: priceBound,
  in_stock: flag,
  discount: flag,
  sort: z.preprocess(single, z.enum(SORT_CODES).catch('popular')).default('popular'),
  [PAGINATOR_NAME]: z.preprocess((v) => {
    const s = single(v)
    return typeof s === 'string' && /^\d{1,9}$/.test(s) ? Math.max(1, Number(s)) : 1
  }, z.number().int().positive()),
})

export type CatalogQuery = z.output<typeof catalogQuerySchema>

/** `/showcase/partner-links/{id}/`: a product id (a card's 'В аптеках' asks for its partners on click, ADR 213). */
export const partnerLinksParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
