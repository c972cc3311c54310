import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { OptionsEditor, PropertyForm } from '@/admin/ui/filter-properties/property-editor'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listSections } from '@/domains/catalog/catalog-structure.server'
import { filterPropertyById } from '@/domains/catalog/filter-properties.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Свойство фильтра' }

export default async function FilterPropertyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/filter-properties/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const [property, { items: sections }] = await Promise.all([
    filterPropertyById(db(), number).catch((error: unknown) => {
      if (error instanceof Refusal && error.kind === 'not-found') notFound()
      throw error
    }),
    listSections(db()),
  ])
  const canEdit = can(actor.role, 'catalog.write')
  return (
    <>
      <PageHeader
        title={property.name}
        description={`Значений: ${property.options.length}. В адресе каталога: ?p_${property.code}=…`}
        actions={
          <Link className={ui.buttonSecondary} href="/admin/filter-properties/">
            ← Все свойства
          </Link>
        }
      />
      <div className="space-y-6">
        {/* Keyed by the id alone: a refresh after saving keeps «Сохранено.» (as the section form, ADR 192). */}
        <PropertyForm key={property.id} property={property} sections={sections.map((s) => ({ id: s.id, name: s.name }))} canEdit={canEdit} />
        <OptionsEditor property={property} canEdit={canEdit} />
      </div>
    </>
  )
}
