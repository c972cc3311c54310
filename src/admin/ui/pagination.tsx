import Link from 'next/link'

/**
 * Pages as links that keep the list's other search params, so the list state stays in the URL and a
 * page can be reloaded, bookmarked or shared. A list that counts only up to a cap (the orders,
 * order-admin-list.server.ts) passes `totalExact: false` and its own `pages`: the total then reads
 * "более N" and the pages go on while they come back full.
 */
export function Pagination({
  path,
  params,
  page,
  pageSize,
  total,
  totalExact = true,
  pages = Math.max(1, Math.ceil(total / pageSize)),
}: {
  path: string
  params: Record<string, string | undefined>
  page: number
  pageSize: number
  total: number
  totalExact?: boolean
  pages?: number
}) {
  const href = (p: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, page: p > 1 ? String(p) : undefined }).filter((e): e is [string, string] => Boolean(e[1])))
    const text = query.toString()
    return text ? `${path}?${text}` : path
  }
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = totalExact ? Math.min(total, page * pageSize) : page * pageSize
  const of = totalExact ? total.toLocaleString('ru-RU') : `более ${total.toLocaleString('ru-RU')}`
  return (
    <nav aria-label="Страницы" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-ink-600">
      <span>
        {from}–{to} из {of}
      </span>
      <span className="flex items-center gap-2">
        {page > 1 ? (
          <Link className="rounded-md border border-line px-3 py-1 hover:bg-surface" href={href(page - 1)}>
            ← Назад
          </Link>
        ) : null}
        <span className="px-2 py-1">
          {page} / {totalExact ? pages : `${pages}+`}
        </span>
        {page < pages ? (
          <Link className="rounded-md border border-line px-3 py-1 hover:bg-surface" href={href(page + 1)}>
            Вперёд →
          </Link>
        ) : null}
      </span>
    </nav>
  )
}
