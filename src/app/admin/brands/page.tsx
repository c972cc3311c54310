import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { BrandsTable } from '@/admin/ui/catalog-structure/brands-table'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listBrands } from '@/domains/catalog/catalog-structure.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Бренды' }

export default async function BrandsPage() {
  const actor = await requirePermission('catalog.read', '/admin/brands/')
  const { items } = await listBrands(db())
  return (
    <>
      <PageHeader
        title="Бренды"
        description="Производители: страница бренда на сайте и фильтр каталога. Скрытый бренд пропадает с сайта, его товары остаются."
        actions={
          <>
            <Link className={ui.buttonSecondary} href="/admin/sections/">
              Разделы
            </Link>
            {can(actor.role, 'catalog.write') ? (
              <Link className={ui.button} href="/admin/brands/new/">
                Новый бренд
              </Link>
            ) : null}
          </>
        }
      />
      <BrandsTable rows={items} />
    </>
  )
}
