import type { Metadata } from 'next'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { B2bTable } from '@/admin/ui/inbox/lead-tables'
import { Pagination } from '@/admin/ui/pagination'
import { leadInboxQuery } from '@/domains/inbox/inbox.schema'
import { inboxB2bRequests } from '@/domains/inbox/inbox.server'
import { moscow } from '../format'

export const metadata: Metadata = { title: 'Входящие: заявки B2B' }

export default async function InboxB2bPage({ searchParams }: PageProps<'/admin/inbox/b2b'>) {
  await requirePermission('inbox.read', '/admin/inbox/b2b/')
  const parsed = leadInboxQuery.safeParse(firstValues(await searchParams))
  const query = parsed.success ? parsed.data : leadInboxQuery.parse({})
  const page = await inboxB2bRequests(query)
  return (
    <>
      <B2bTable
        rows={page.items.map((r) => ({
          id: r.id,
          date: moscow(r.createdAt),
          name: r.name,
          company: r.company,
          position: r.position,
          phone: r.phone,
          email: r.email,
          quantity: r.quantity,
          interests: r.interests.join(', '),
        }))}
      />
      <Pagination path="/admin/inbox/b2b/" params={{}} page={page.page} pageSize={page.limit} total={page.total} />
    </>
  )
}
