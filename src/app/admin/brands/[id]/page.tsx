import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { StructureForm } from '@/admin/ui/catalog-structure/structure-form'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { brandById } from '@/domains/catalog/catalog-structure.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Бренд' }

export default async function BrandPage({ params }: PageProps<'/admin/brands/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/brands/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const brand = await brandById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  return (
    <>
      <PageHeader
        title={brand.name}
        description={`Товаров бренда: ${brand.products}.`}
        actions={
          <Link className={ui.buttonSecondary} href="/admin/brands/">
            ← Все бренды
          </Link>
        }
      />
      <StructureForm key={brand.id} kind="brand" item={brand} canEdit={can(actor.role, 'catalog.write')} />
    </>
  )
}
