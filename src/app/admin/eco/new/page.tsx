import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { ECO_FIELDS } from '@/admin/ui/eco/eco-fields'
import { PageHeader } from '@/admin/ui/page-header'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый эко-пункт' }

export default async function NewEcoPointPage() {
  await requirePermission('content.write', '/admin/eco/new/')
  return (
    <>
      <PageHeader
        title="Новый эко-пункт"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/eco/">
            ← Все эко-пункты
          </Link>
        }
      />
      <RecordForm
        label="Эко-пункт"
        fields={ECO_FIELDS}
        values={{ active: true, sort: 500 }}
        create="/api/admin/eco-points/"
        done="/admin/eco/{id}/"
        canEdit
      />
    </>
  )
}
