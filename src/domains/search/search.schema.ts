import { z } from 'zod'
import { MAX_TERM_LENGTH } from './search'

const text = (max: number) => z.string().max(max).optional().default('')

/** POST /ajax/search/: the header box's suggestion request (spec §7). */
export const suggestInput = z.object({
  SEARCH_STRING: z.string({ error: 'Введите запрос' }).max(MAX_TERM_LENGTH, 'Слишком длинный запрос'),
  originalSearchTerm: text(MAX_TERM_LENGTH),
  viewGuid: text(100),
  url: text(2000),
  referrer: text(2000),
})
export type SuggestInput = z.output<typeof suggestInput>

/** /search/?q=…&PAGEN_1=…: read leniently, a page is never an error. */
export function readSearchParams(params: Record<string, string | string[] | undefined>): { q: string; page: number } {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''
  const q = first(params.q).trim().slice(0, MAX_TERM_LENGTH)
  const n = Number.parseInt(first(params.PAGEN_1) || first(params.page), 10)
  return { q, page: Number.isFinite(n) && n >= 1 && n <= 1000 ? n : 1 }
}
