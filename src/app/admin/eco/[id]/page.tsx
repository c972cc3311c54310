import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { ECO_FIELDS } from '@/admin/ui/eco/eco-fields'
import { PageHeader } from '@/admin/ui/page-header'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { ecoPointById } from '@/domains/eco/eco-admin.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Эко-пункт' }

export default async function EcoPointPage({ params }: PageProps<'/admin/eco/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/eco/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const point = await ecoPointById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  const { id: _id, ...values } = point
  return (
    <>
      <PageHeader
        title={point.name}
        description={`${point.city}, ${point.address}`}
        actions={
          <Link className={ui.buttonSecondary} href="/admin/eco/">
            ← Все эко-пункты
          </Link>
        }
      />
      <RecordForm
        key={point.id}
        label="Эко-пункт"
        fields={ECO_FIELDS}
        values={values}
        update={`/api/admin/eco-points/${point.id}/`}
        canEdit={can(actor.role, 'content.write')}
      />
    </>
  )
}
