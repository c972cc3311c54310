import Link from 'next/link'

/**
 * Pages as links that keep the list's other search params, so the list state stays in the URL and a
 * page can be reloaded, bookmarked or shared.
 */
export function Pagination({ path, params, page, pageSize, total }: { path: string; params: Record<string, string | undefined>; page: number; pageSize: number; total: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const href = (p: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, page: p > 1 ? String(p) : undefined }).filter((e): e is [string, string] => Boolean(e[1])))
    const text = query.toString()
    return text ? `${path}?${text}` : path
  }
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <nav aria-label="Страницы" className="mt-4 flex items-center justify-between text-sm text-ink-600">
      <span>
        {from}–{to} из {total}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className="rounded-md border border-line px-3 py-1 hover:bg-surface" href={href(page - 1)}>
            ← Назад
          </Link>
        ) : null}
        <span className="px-2 py-1">
          {page} / {pages}
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
