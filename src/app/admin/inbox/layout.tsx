import type { ReactNode } from 'react'
import { requirePermission } from '@/admin/session.server'
import { InboxTabs } from '@/admin/ui/inbox/inbox-tabs'
import { PageHeader } from '@/admin/ui/page-header'
import { inboxCounts } from '@/domains/inbox/inbox.server'

/** Every tab of the inbox under one header; each page checks the permission again for itself. */
export default async function InboxLayout({ children }: { children: ReactNode }) {
  await requirePermission('inbox.read', '/admin/inbox/')
  const counts = await inboxCounts()
  return (
    <>
      <PageHeader title="Входящие" description="Отзывы на проверке, вопросы и сообщения покупателей, заявки B2B, регистрации на вебинары и подписчики рассылки." />
      <InboxTabs counts={counts} />
      {children}
    </>
  )
}
