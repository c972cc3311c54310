import { z } from 'zod'

/**
 * List filters arrive as search params from GET forms, where an untouched field is an empty string:
 * `blank(schema)` reads '' as "not given", so `?status=&q=` means no filter.
 */
export function blank<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional())
}

export const pageParam = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(100_000).default(1))

/** Search params of a page as a plain record, the first value of each. */
export function firstValues(params: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value
    if (first !== undefined) out[key] = first
  }
  return out
}
