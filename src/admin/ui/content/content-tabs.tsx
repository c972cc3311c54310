import Link from 'next/link'

const TABS = [
  { href: '/admin/content/articles/', label: 'Статьи' },
  { href: '/admin/content/news/', label: 'Новости' },
  { href: '/admin/content/encyclopedia/', label: 'Энциклопедия' },
  { href: '/admin/content/legal/', label: 'Юридические страницы' },
] as const

/** The content areas (ADR 200), one row of links above each list. */
export function ContentTabs({ current }: { current: (typeof TABS)[number]['href'] }) {
  return (
    <nav
      aria-label="Разделы контента"
      className="mb-4 flex flex-wrap gap-2 border-b border-line pb-2 text-sm"
    >
      {TABS.map((t) => (
        <Link
          key={t.href}
          href={t.href}
          aria-current={t.href === current ? 'page' : undefined}
          className={`rounded-md px-3 py-1.5 font-medium ${t.href === current ? 'bg-brand-50 text-brand-700' : 'text-ink-600 hover:bg-surface'}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  )
}
