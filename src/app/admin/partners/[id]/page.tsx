import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { OutletsEditor } from '@/admin/ui/partners/outlets-editor'
import { PartnerProductsEditor } from '@/admin/ui/partners/partner-products-editor'
import { PARTNER_FIELDS } from '@/admin/ui/partners/partner-fields'
import { RecordForm } from '@/admin/ui/partners/record-form'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { listPartnerProducts } from '@/domains/partners/partner-products-admin.server'
import { partnerById } from '@/domains/partners/partners-admin.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Партнёр' }

export default async function PartnerPage({ params }: PageProps<'/admin/partners/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/partners/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const partner = await partnerById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  const canEdit = can(actor.role, 'content.write')
  const sold = await listPartnerProducts(db(), number)
  const { outlets, products: _products, id: _id, ...values } = partner
  return (
    <>
      <PageHeader
        title={partner.title}
        description={`Продаёт товаров магазина: ${partner.products}.`}
        actions={
          <Link className={ui.buttonSecondary} href="/admin/partners/">
            ← Все партнёры
          </Link>
        }
      />
      <div className="space-y-8">
        <RecordForm
          key={partner.id}
          label="Партнёр"
          fields={PARTNER_FIELDS}
          values={values}
          update={`/api/admin/partners/${partner.id}/`}
          canEdit={canEdit}
        />
        <PartnerProductsEditor
          key={`products-${partner.id}`}
          partnerId={partner.id}
          items={sold.items}
          canEdit={canEdit}
        />
        <OutletsEditor partnerId={partner.id} outlets={outlets} canEdit={canEdit} />
      </div>
    </>
  )
}
