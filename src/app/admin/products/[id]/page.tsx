import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { Badge } from '@/admin/ui/badge'
import { PageHeader } from '@/admin/ui/page-header'
import { OffersEditor } from '@/admin/ui/products/offers-editor'
import { PicturesEditor } from '@/admin/ui/products/pictures-editor'
import { ProductFilterValues } from '@/admin/ui/filter-properties/product-filter-values'
import { ProductForm } from '@/admin/ui/products/product-form'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { catalogOptions, productById } from '@/domains/catalog/catalog-admin.server'
import { listFilterProperties, readProductFilterValues } from '@/domains/catalog/filter-properties.server'
import { listPictures } from '@/domains/media/product-pictures.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Товар' }

export default async function ProductPage({ params }: PageProps<'/admin/products/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('catalog.read', `/admin/products/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound()
  const [product, options, pictures, properties, values] = await Promise.all([
    productById(db(), number).catch((error: unknown) => {
      if (error instanceof Refusal && error.kind === 'not-found') notFound()
      throw error
    }),
    catalogOptions(db()),
    // A missing product is productById's 404; only that refusal is let through here.
    listPictures(db(), number).catch((error: unknown) => {
      if (error instanceof Refusal && error.kind === 'not-found') return { pictures: [] }
      throw error
    }),
    listFilterProperties(db()),
    readProductFilterValues(db(), number).catch((error: unknown) => {
      if (error instanceof Refusal && error.kind === 'not-found') return { productId: number, optionIds: [] }
      throw error
    }),
  ])
  const canEdit = can(actor.role, 'catalog.write')
  return (
    <>
      <PageHeader
        title={product.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={product.published ? 'good' : 'neutral'}>{product.published ? 'Опубликован' : 'Скрыт'}</Badge>
            <span className="font-mono text-xs break-all">{product.url}</span>
            {product.oldCodes.length ? <span className="text-xs">Старые адреса переадресуются: {product.oldCodes.join(', ')}</span> : null}
          </span>
        }
        actions={
          <>
            {product.published ? (
              <a className={ui.buttonSecondary} href={product.url} target="_blank" rel="noreferrer">
                Открыть в магазине
              </a>
            ) : null}
            <Link className={ui.buttonSecondary} href="/admin/products/">
              ← Все товары
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        <PicturesEditor
          productId={product.id}
          initial={pictures.pictures}
          canEdit={canEdit}
          offers={product.offers.map((o) => ({ id: o.id, label: `${o.packageSize} ${o.packageUnit}${o.flavour ? `, ${o.flavour}` : ''} · ${o.sku}` }))}
        />
        <OffersEditor productId={product.id} offers={product.offers} canEdit={canEdit} canStock={can(actor.role, 'stock.write')} />
        {canEdit ? (
          <ProductForm product={product} options={options} canPublish />
        ) : (
          <p className="text-sm text-ink-600">Описание и цены товара меняют контент-редактор и владелец; склад меняет остатки.</p>
        )}
        <ProductFilterValues productId={product.id} properties={properties.items} optionIds={values.optionIds} canEdit={canEdit} />
      </div>
    </>
  )
}
