import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { DISTRIBUTOR_FIELDS } from '@/admin/ui/partners/partner-fields'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { distributorById } from '@/domains/partners/partners-admin.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Дистрибьютор' }

export default async function DistributorPage({ params }: PageProps<'/admin/partners/distributors/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/partners/distributors/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const item = await distributorById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  const { id: _id, ...values } = item
  return (
    <>
      <PageHeader
        title={item.title}
        description="Логотип в блоке дистрибьюторов на главной."
        actions={
          <Link className={ui.buttonSecondary} href="/admin/partners/">
            ← Партнёры и дистрибьюторы
          </Link>
        }
      />
      <RecordForm
        key={item.id}
        label="Дистрибьютор"
        fields={DISTRIBUTOR_FIELDS}
        values={values}
        update={`/api/admin/distributors/${item.id}/`}
        canEdit={can(actor.role, 'content.write')}
      />
    </>
  )
}
