import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { StructureForm } from '@/admin/ui/catalog-structure/structure-form'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { sectionById } from '@/domains/catalog/catalog-structure.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Раздел' }

export default async function SectionPage({ params }: PageProps<'/admin/sections/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/sections/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const section = await sectionById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  return (
    <>
      <PageHeader
        title={section.name}
        description={`Товаров в разделе: ${section.products}.`}
        actions={
          <>
            <Link className={ui.buttonSecondary} href={`/catalog/${section.code}/`} target="_blank">
              На сайте
            </Link>
            <Link className={ui.buttonSecondary} href="/admin/sections/">
              ← Все разделы
            </Link>
          </>
        }
      />
      {/* Keyed by the id alone: a refresh after saving must not remount the form and drop «Сохранено.» */}
      <StructureForm key={section.id} kind="section" item={section} canEdit={can(actor.role, 'catalog.write')} />
    </>
  )
}
