import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { EcoTable } from '@/admin/ui/eco/eco-table'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listEcoPoints } from '@/domains/eco/eco-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Эко-пункты' }

export default async function EcoPointsPage() {
  const actor = await requirePermission('catalog.read', '/admin/eco/')
  const { items } = await listEcoPoints(db())
  return (
    <>
      <PageHeader
        title="Эко-пункты"
        description="Аптеки с эко-боксом для упаковки — карта на /eco/eco-box/, по городам."
        actions={
          can(actor.role, 'content.write') ? (
            <Link className={ui.button} href="/admin/eco/new/">
              Новый пункт
            </Link>
          ) : null
        }
      />
      <EcoTable rows={items} />
    </>
  )
}
