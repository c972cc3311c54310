import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { LandingsTable } from '@/admin/ui/landings/landings-table'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listLandings } from '@/domains/landings/landings-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Лендинги' }

export default async function LandingsPage() {
  const actor = await requirePermission('catalog.read', '/admin/landings/')
  const { items } = await listLandings(db())
  return (
    <>
      <PageHeader
        title="Лендинги"
        description="Страницы товаров из блоков: правки копятся в черновике, «Предпросмотр» показывает его на сайте, «Опубликовать» — покупателям."
        actions={
          can(actor.role, 'content.write') ? (
            <Link className={ui.button} href="/admin/landings/new/">
              Новый лендинг
            </Link>
          ) : null
        }
      />
      <LandingsTable rows={items} />
    </>
  )
}
