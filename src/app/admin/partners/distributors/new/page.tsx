import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { DISTRIBUTOR_FIELDS } from '@/admin/ui/partners/partner-fields'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый дистрибьютор' }

export default async function NewDistributorPage() {
  await requirePermission('content.write', '/admin/partners/distributors/new/')
  return (
    <>
      <PageHeader
        title="Новый дистрибьютор"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/partners/">
            ← Партнёры и дистрибьюторы
          </Link>
        }
      />
      <RecordForm
        label="Дистрибьютор"
        fields={DISTRIBUTOR_FIELDS}
        values={{ active: true, sort: 500 }}
        create="/api/admin/distributors/"
        done="/admin/partners/distributors/{id}/"
        canEdit
      />
    </>
  )
}
