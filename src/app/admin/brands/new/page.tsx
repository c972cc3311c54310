import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { StructureForm } from '@/admin/ui/catalog-structure/structure-form'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый бренд' }

export default async function NewBrandPage() {
  await requirePermission('catalog.write', '/admin/brands/new/')
  return (
    <>
      <PageHeader
        title="Новый бренд"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/brands/">
            ← Все бренды
          </Link>
        }
      />
      <StructureForm kind="brand" canEdit />
    </>
  )
}
