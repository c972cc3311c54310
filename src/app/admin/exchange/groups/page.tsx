import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { GroupMapping } from '@/admin/ui/exchange/group-mapping'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { exchangeGroupsView } from '@/domains/exchange/exchange-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Группы 1С и разделы' }

export default async function ExchangeGroupsPage() {
  const actor = await requirePermission('catalog.read', '/admin/exchange/groups/')
  const view = await exchangeGroupsView(db())
  return (
    <>
      <PageHeader
        title="Группы 1С и разделы"
        description="Куда попадают товары каждой группы 1С. Новая группа становится разделом с её именем; выбранный здесь раздел обмен больше не меняет и не переименовывает."
        actions={
          <>
            <Link className={ui.buttonSecondary} href="/admin/exchange/properties/">
              Свойства 1С и фильтры
            </Link>
            {can(actor.role, 'settings.read') ? (
              <Link className={ui.buttonSecondary} href="/admin/exchange/">
                Журнал и настройки обмена
              </Link>
            ) : null}
          </>
        }
      />
      <GroupMapping view={view} canEdit={can(actor.role, 'catalog.write')} />
    </>
  )
}
