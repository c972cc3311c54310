import type { Metadata } from 'next'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { WebinarTable } from '@/admin/ui/inbox/lead-tables'
import { Pagination } from '@/admin/ui/pagination'
import { leadInboxQuery } from '@/domains/inbox/inbox.schema'
import { inboxWebinarRegistrations } from '@/domains/inbox/inbox.server'
import { moscow } from '../format'

export const metadata: Metadata = { title: 'Входящие: регистрации на вебинары' }

export default async function InboxWebinarsPage({ searchParams }: PageProps<'/admin/inbox/webinars'>) {
  await requirePermission('inbox.read', '/admin/inbox/webinars/')
  const parsed = leadInboxQuery.safeParse(firstValues(await searchParams))
  const query = parsed.success ? parsed.data : leadInboxQuery.parse({})
  const page = await inboxWebinarRegistrations(query)
  return (
    <>
      <WebinarTable
        rows={page.items.map((r) => ({ id: r.id, date: moscow(r.createdAt), eventName: r.eventName, eventDate: moscow(r.eventStartsAt), name: r.name, phone: r.phone, email: r.email }))}
      />
      <Pagination path="/admin/inbox/webinars/" params={{}} page={page.page} pageSize={page.limit} total={page.total} />
    </>
  )
}
