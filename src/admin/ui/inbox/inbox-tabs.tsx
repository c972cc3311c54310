'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'

export const INBOX_TABS = [
  { href: '/admin/inbox/', label: 'Отзывы', count: 'reviews' },
  { href: '/admin/inbox/questions/', label: 'Вопросы', count: 'questions' },
  { href: '/admin/inbox/messages/', label: 'Сообщения', count: 'messages' },
  { href: '/admin/inbox/b2b/', label: 'B2B' },
  { href: '/admin/inbox/webinars/', label: 'Вебинары' },
  { href: '/admin/inbox/subscribers/', label: 'Подписчики' },
] as const

export type InboxCounts = Record<'reviews' | 'questions' | 'messages', number>

/** The inbox's tabs; a number says what waits (reviews to check, questions without a reply). */
export function InboxTabs({ counts }: { counts: InboxCounts }) {
  const path = usePathname()
  const here = path.endsWith('/') ? path : `${path}/`
  return (
    <nav aria-label="Разделы входящих" className="mb-4 flex gap-1 overflow-x-auto border-b border-line">
      {INBOX_TABS.map((tab) => {
        const active = here === tab.href
        const waiting = 'count' in tab ? counts[tab.count] : 0
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? 'page' : undefined}
            className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${active ? 'border-brand-500 text-brand-700' : 'border-transparent text-ink-600 hover:text-ink-900'}`}
          >
            {tab.label}
            {waiting > 0 ? (
              <span className="rounded-full bg-amber-100 px-1.5 text-xs text-amber-800" aria-label={`ждут: ${waiting}`}>
                {waiting}
              </span>
            ) : null}
          </Link>
        )
      })}
    </nav>
  )
}
