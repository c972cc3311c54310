import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { WebinarsTable } from '@/admin/ui/webinars/webinar-tables'
import { db } from '@/db/client'
import { can } from '@/domains/staff/permissions'
import { listWebinars } from '@/domains/webinars/webinars-admin.server'

export const metadata: Metadata = { title: 'Вебинары' }

export default async function WebinarsPage() {
  const actor = await requirePermission('catalog.read', '/admin/webinars/')
  const { items } = await listWebinars(db())
  return (
    <>
      <PageHeader
        title="Вебинары"
        description="Календарь вебинаров на /b2b/: опубликованные и ещё не начавшиеся видны покупателям."
        actions={
          can(actor.role, 'content.write') ? (
            <Link className={ui.button} href="/admin/webinars/new/">
              Новый вебинар
            </Link>
          ) : null
        }
      />
      <WebinarsTable rows={items} />
    </>
  )
}
