import type { Metadata } from 'next'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { FilterBar } from '@/admin/ui/filter-bar'
import { SubscriberTable } from '@/admin/ui/inbox/lead-tables'
import { Pagination } from '@/admin/ui/pagination'
import { ui } from '@/admin/ui/styles'
import { SUBSCRIPTION_STATUS_LABELS } from '@/domains/inbox/inbox'
import { subscriberQuery } from '@/domains/inbox/inbox.schema'
import { inboxSubscribers } from '@/domains/inbox/inbox.server'
import { moscow } from '../format'

export const metadata: Metadata = { title: 'Входящие: подписчики' }

export default async function InboxSubscribersPage({ searchParams }: PageProps<'/admin/inbox/subscribers'>) {
  await requirePermission('inbox.read', '/admin/inbox/subscribers/')
  const values = firstValues(await searchParams)
  const parsed = subscriberQuery.safeParse(values)
  const query = parsed.success ? parsed.data : subscriberQuery.parse({})
  const page = await inboxSubscribers(query)
  const exportHref = `/api/admin/subscribers/export/${query.status ? `?status=${query.status}` : ''}`
  return (
    <>
      <div className="mb-2 flex justify-end">
        <a className={ui.buttonSecondary} href={exportHref} download>
          Скачать CSV
        </a>
      </div>
      <FilterBar
        action="/admin/inbox/subscribers/"
        values={values}
        filters={[{ name: 'status', label: 'Статус', kind: 'select', options: Object.entries(SUBSCRIPTION_STATUS_LABELS).map(([value, label]) => ({ value, label })) }]}
      />
      <SubscriberTable
        rows={page.items.map((s) => ({
          id: s.id,
          email: s.email,
          status: SUBSCRIPTION_STATUS_LABELS[s.status],
          page: s.page,
          promo: s.promo,
          date: moscow(s.createdAt),
          confirmed: s.confirmedAt ? moscow(s.confirmedAt) : '',
        }))}
      />
      <Pagination path="/admin/inbox/subscribers/" params={{ status: query.status }} page={page.page} pageSize={page.limit} total={page.total} />
    </>
  )
}
