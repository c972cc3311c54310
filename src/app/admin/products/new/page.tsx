import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { ProductForm } from '@/admin/ui/products/product-form'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { catalogOptions } from '@/domains/catalog/catalog-admin.server'

export const metadata: Metadata = { title: 'Новый товар' }

export default async function NewProductPage() {
  await requirePermission('catalog.write', '/admin/products/new/')
  return (
    <>
      <PageHeader
        title="Новый товар"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/products/">
            ← Все товары
          </Link>
        }
      />
      <ProductForm options={await catalogOptions(db())} canPublish={false} />
    </>
  )
}
