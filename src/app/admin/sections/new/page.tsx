import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { StructureForm } from '@/admin/ui/catalog-structure/structure-form'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый раздел' }

export default async function NewSectionPage() {
  await requirePermission('catalog.write', '/admin/sections/new/')
  return (
    <>
      <PageHeader
        title="Новый раздел"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/sections/">
            ← Все разделы
          </Link>
        }
      />
      <StructureForm kind="section" canEdit />
    </>
  )
}
