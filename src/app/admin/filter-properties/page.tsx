import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { PropertiesList } from '@/admin/ui/filter-properties/properties-list'
import { PageHeader } from '@/admin/ui/page-header'
import { db } from '@/db/client'
import { listSections } from '@/domains/catalog/catalog-structure.server'
import { listFilterProperties } from '@/domains/catalog/filter-properties.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Свойства фильтра' }

export default async function FilterPropertiesPage() {
  const actor = await requirePermission('catalog.read', '/admin/filter-properties/')
  const [{ items }, { items: sections }] = await Promise.all([listFilterProperties(db()), listSections(db())])
  return (
    <>
      <PageHeader
        title="Свойства фильтра"
        description="Группы фильтра каталога после бренда и формы выпуска, в этом порядке. Перетащите свойство или нажмите ↑ ↓, чтобы переставить; значения товарам ставят в карточке товара."
      />
      <PropertiesList properties={items} sections={sections.map((s) => ({ id: s.id, name: s.name }))} canEdit={can(actor.role, 'catalog.write')} />
    </>
  )
}
