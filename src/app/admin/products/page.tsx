import type { Metadata } from 'next'
import Link from 'next/link'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { FilterBar } from '@/admin/ui/filter-bar'
import { PageHeader } from '@/admin/ui/page-header'
import { Pagination } from '@/admin/ui/pagination'
import { ProductsTable } from '@/admin/ui/products/products-table'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { PRODUCT_STATE_NAMES, PRODUCT_STATES } from '@/domains/catalog/catalog-admin'
import { productListQuery } from '@/domains/catalog/catalog-admin.schema'
import { catalogOptions, listProducts } from '@/domains/catalog/catalog-admin.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Товары' }

export default async function ProductsPage({ searchParams }: PageProps<'/admin/products'>) {
  const actor = await requirePermission('catalog.read', '/admin/products/')
  const values = firstValues(await searchParams)
  const parsed = productListQuery.safeParse(values)
  const query = parsed.success ? parsed.data : productListQuery.parse({})
  const [list, options] = await Promise.all([listProducts(db(), query), catalogOptions(db())])
  return (
    <>
      <PageHeader
        title="Товары"
        description="Каталог: товары с предложениями (фасовка, вкус, цена, остаток). Новый товар создаётся скрытым и публикуется, когда у него есть предложение."
        actions={
          can(actor.role, 'catalog.write') ? (
            <Link className={ui.button} href="/admin/products/new/">
              Новый товар
            </Link>
          ) : null
        }
      />
      <FilterBar
        action="/admin/products/"
        values={values}
        filters={[
          { name: 'q', label: 'Поиск', kind: 'text', placeholder: 'название, код или артикул' },
          { name: 'section', label: 'Раздел', kind: 'select', options: options.sections.map((s) => ({ value: s.code, label: s.name })) },
          { name: 'brand', label: 'Бренд', kind: 'select', options: options.brands.map((b) => ({ value: b.code, label: b.name })) },
          { name: 'state', label: 'Состояние', kind: 'select', options: PRODUCT_STATES.map((s) => ({ value: s, label: PRODUCT_STATE_NAMES[s] })) },
        ]}
      />
      <ProductsTable rows={list.items} />
      <Pagination
        path="/admin/products/"
        params={{ q: query.q, section: query.section, brand: query.brand, state: query.state }}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
      />
    </>
  )
}
