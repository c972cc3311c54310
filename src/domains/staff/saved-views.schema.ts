import { z } from 'zod'

/**
 * A staff member's saved list views (issue 18): a name and the list's URL query. Only the order list
 * has them so far; the table keeps a `list` column so other lists can follow without a migration.
 */
export const SAVED_VIEW_LISTS = ['orders'] as const
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number]

/** A view per button in one row above the list; more than this is a second filter, not a shortcut. */
export const MAX_SAVED_VIEWS = 20

export const SAVED_VIEW_MESSAGES = {
  tooMany: `Сохранено уже ${MAX_SAVED_VIEWS} видов — удалите ненужный.`,
  notFound: 'Такого сохранённого вида нет.',
  staffOnly: 'Виды сохраняются для сотрудника; у токена API их нет.',
} as const

/**
 * The query as the list's page reads it, without the page number (a view opens on its first page) and
 * in a stable order, so the same filter saved twice is the same text and the page can tell which view
 * it shows.
 */
export function normaliseViewQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''))
  const kept: [string, string][] = []
  for (const [key, value] of params) {
    if (key === 'page' || value.trim() === '') continue
    kept.push([key, value])
  }
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
  return new URLSearchParams(kept).toString()
}

export const savedViewListQuery = z.object({
  list: z.enum(SAVED_VIEW_LISTS).default('orders').describe('Какой список: пока только orders'),
})

export const savedViewInput = z.object({
  list: z.enum(SAVED_VIEW_LISTS).default('orders'),
  name: z.string().trim().min(1, 'Назовите вид.').max(60, 'Название — до 60 знаков.'),
  query: z
    .string()
    .max(2000, 'Слишком длинный фильтр.')
    .transform(normaliseViewQuery)
    .describe('Строка запроса списка, как в адресе страницы (status=new,paid&sort=-total); номер страницы не сохраняется'),
})
export type SavedViewInput = z.output<typeof savedViewInput>

export const savedViewIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const savedView = z.object({ id: z.number(), list: z.enum(SAVED_VIEW_LISTS), name: z.string(), query: z.string() })
export type SavedView = z.infer<typeof savedView>
