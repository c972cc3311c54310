import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { SectionsList } from '@/admin/ui/catalog-structure/sections-list'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listSections } from '@/domains/catalog/catalog-structure.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Разделы' }

export default async function SectionsPage() {
  const actor = await requirePermission('catalog.read', '/admin/sections/')
  const canEdit = can(actor.role, 'catalog.write')
  const { items } = await listSections(db())
  return (
    <>
      <PageHeader
        title="Разделы"
        description="Разделы по назначению — меню каталога на сайте, в этом порядке. Перетащите раздел или нажмите ↑ ↓, чтобы переставить."
        actions={
          <>
            <Link className={ui.buttonSecondary} href="/admin/brands/">
              Бренды
            </Link>
            {canEdit ? (
              <Link className={ui.button} href="/admin/sections/new/">
                Новый раздел
              </Link>
            ) : null}
          </>
        }
      />
      <SectionsList sections={items} canEdit={canEdit} />
    </>
  )
}
