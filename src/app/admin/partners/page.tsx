import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { DistributorsTable, PartnersTable } from '@/admin/ui/partners/partners-tables'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listDistributors, listPartners } from '@/domains/partners/partners-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Партнёры и дистрибьюторы' }

export default async function PartnersPage() {
  const actor = await requirePermission('catalog.read', '/admin/partners/')
  const canEdit = can(actor.role, 'content.write')
  const [partners, distributors] = await Promise.all([listPartners(db()), listDistributors(db())])
  return (
    <>
      <PageHeader
        title="Партнёры и дистрибьюторы"
        description="Аптеки-партнёры — в «Где купить» на карточках и на карте товара; дистрибьюторы — логотипы на главной."
        actions={
          canEdit ? (
            <>
              <Link className={ui.buttonSecondary} href="/admin/partners/distributors/new/">
                Новый дистрибьютор
              </Link>
              <Link className={ui.button} href="/admin/partners/new/">
                Новый партнёр
              </Link>
            </>
          ) : null
        }
      />
      <h2 className="mb-2 text-lg font-semibold">Аптеки-партнёры</h2>
      <PartnersTable rows={partners.items} />
      <h2 className="mt-8 mb-2 text-lg font-semibold">Дистрибьюторы</h2>
      <DistributorsTable rows={distributors.items} />
    </>
  )
}
