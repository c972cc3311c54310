import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { PARTNER_FIELDS } from '@/admin/ui/partners/partner-fields'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый партнёр' }

export default async function NewPartnerPage() {
  await requirePermission('content.write', '/admin/partners/new/')
  return (
    <>
      <PageHeader
        title="Новый партнёр"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/partners/">
            ← Все партнёры
          </Link>
        }
      />
      <RecordForm
        label="Партнёр"
        fields={PARTNER_FIELDS}
        values={{ active: true, sort: 500 }}
        create="/api/admin/partners/"
        done="/admin/partners/{id}/"
        canEdit
      />
    </>
  )
}
