import type { Metadata } from 'next'
import Link from 'next/link'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { ReviewQueue } from '@/admin/ui/inbox/review-queue'
import { reviewInboxQuery } from '@/domains/inbox/inbox.schema'
import { inboxReviews } from '@/domains/inbox/inbox.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Входящие: отзывы' }

const STATUSES = [
  { value: 'pending', label: 'На проверке' },
  { value: 'approved', label: 'Опубликованные' },
  { value: 'rejected', label: 'Отклонённые' },
] as const

export default async function InboxReviewsPage({ searchParams }: PageProps<'/admin/inbox'>) {
  const actor = await requirePermission('inbox.read', '/admin/inbox/')
  const parsed = reviewInboxQuery.safeParse(firstValues(await searchParams))
  const query = parsed.success ? parsed.data : reviewInboxQuery.parse({})
  const { items } = await inboxReviews(query)
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2 text-sm" role="group" aria-label="Статус отзывов">
        {STATUSES.map((s) => (
          <Link
            key={s.value}
            href={s.value === 'pending' ? '/admin/inbox/' : `/admin/inbox/?status=${s.value}`}
            aria-current={query.status === s.value ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 ${query.status === s.value ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-line bg-white text-ink-600 hover:bg-surface'}`}
          >
            {s.label}
          </Link>
        ))}
      </div>
      {query.status === 'pending' ? <p className="mb-3 text-sm text-ink-600">Старые сначала; показываются до 200 отзывов.</p> : null}
      <ReviewQueue key={query.status} items={items.map((r) => ({ ...r, status: query.status }))} canWrite={can(actor.role, 'inbox.write')} />
    </>
  )
}
