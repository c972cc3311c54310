'use client'

import { Link } from '@/ui/link'

/**
 * The page links under a list. A client component with nothing that reacts: the payload carries the
 * page numbers and addresses, not the links' markup a second time after the HTML (ADR 213).
 */
export function Pagination({
  pages,
  current,
  prev,
  next,
}: {
  /** The page numbers shown, ascending, each with its address. */
  pages: { n: number; url: string }[]
  current: number
  prev: string | null
  next: string | null
}) {
  return (
    <nav aria-label="Страницы" className="mt-6 flex flex-wrap items-center justify-center gap-1 text-sm" data-pagination>
      {prev && (
        <Link href={prev} rel="prev" className="rounded-lg px-3 py-2 hover:bg-surface">
          ← Назад
        </Link>
      )}
      {pages.map((p, i) => (
        <span key={p.n} className="flex items-center">
          {i > 0 && p.n - (pages[i - 1]?.n ?? p.n) > 1 && <span className="px-1 text-ink-400">…</span>}
          <Link
            href={p.url}
            aria-current={p.n === current ? 'page' : undefined}
            className={`min-w-9 rounded-lg px-3 py-2 text-center ${p.n === current ? 'bg-brand-500 font-semibold text-white' : 'hover:bg-surface'}`}
          >
            {p.n}
          </Link>
        </span>
      ))}
      {next && (
        <Link href={next} rel="next" className="rounded-lg px-3 py-2 hover:bg-surface">
          Вперёд →
        </Link>
      )}
    </nav>
  )
}
