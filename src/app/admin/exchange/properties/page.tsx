import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PropertyMapping } from '@/admin/ui/exchange/property-mapping'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { exchangePropertiesView } from '@/domains/exchange/exchange-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Свойства 1С и фильтры' }

export default async function ExchangePropertiesPage() {
  const actor = await requirePermission('catalog.read', '/admin/exchange/properties/')
  const view = await exchangePropertiesView(db())
  return (
    <>
      <PageHeader
        title="Свойства 1С и фильтры"
        description="Какое свойство фильтра каталога заполняют значения каждого свойства 1С. Значения из 1С, которых у свойства фильтра ещё нет, добавляются к нему при загрузке; свойство «Не в фильтре» фильтр не заполняет. Выбор здесь обмен не меняет; товары получают значения при следующей загрузке каталога."
        actions={
          <>
            <Link className={ui.buttonSecondary} href="/admin/exchange/groups/">
              Группы 1С и разделы
            </Link>
            {can(actor.role, 'settings.read') ? (
              <Link className={ui.buttonSecondary} href="/admin/exchange/">
                Журнал и настройки обмена
              </Link>
            ) : null}
          </>
        }
      />
      <PropertyMapping view={view} canEdit={can(actor.role, 'catalog.write')} />
    </>
  )
}
