import Link from 'next/link'

/**
 * Pages of the order list as links that keep the filters in the URL. The list counts up to a cap
 * (order-admin-list.server.ts): past it the total reads "более N" and the pages go on while full.
 */
export function OrderPagination({ params, page, limit, total, totalExact, pages }: { params: Record<string, string>; page: number; limit: number; total: number; totalExact: boolean; pages: number }) {
  const href = (p: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, page: p > 1 ? String(p) : '' }).filter(([, v]) => v !== ''))
    const text = query.toString()
    return text ? `/admin/orders/?${text}` : '/admin/orders/'
  }
  const from = total === 0 ? 0 : (page - 1) * limit + 1
  const to = totalExact ? Math.min(total, page * limit) : page * limit
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
