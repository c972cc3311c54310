import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'
import { WEBINAR_FIELDS } from '@/admin/ui/webinars/webinar-fields'

export const metadata: Metadata = { title: 'Новый вебинар' }

export default async function NewWebinarPage() {
  await requirePermission('content.write', '/admin/webinars/new/')
  return (
    <>
      <PageHeader
        title="Новый вебинар"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/webinars/">
            ← Все вебинары
          </Link>
        }
      />
      <RecordForm
        label="Вебинар"
        fields={WEBINAR_FIELDS}
        values={{ published: false }}
        create="/api/admin/webinars/"
        done="/admin/webinars/{id}/"
        canEdit
      />
    </>
  )
}
