import type { Metadata } from 'next'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { FilterBar } from '@/admin/ui/filter-bar'
import { PageHeader } from '@/admin/ui/page-header'
import { Pagination } from '@/admin/ui/pagination'
import { StockGrid } from '@/admin/ui/stock/stock-grid'
import { db } from '@/db/client'
import { catalogOptions } from '@/domains/catalog/catalog-admin.server'
import { stockGridQuery } from '@/domains/catalog/stock-grid.schema'
import { stockGrid } from '@/domains/catalog/stock-grid.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Остатки' }

export default async function StockPage({ searchParams }: PageProps<'/admin/stock'>) {
  const actor = await requirePermission('catalog.read', '/admin/stock/')
  const values = firstValues(await searchParams)
  const parsed = stockGridQuery.safeParse(values)
  const query = parsed.success ? parsed.data : stockGridQuery.parse({})
  const [list, options] = await Promise.all([stockGrid(db(), query), catalogOptions(db())])
  return (
    <>
      <PageHeader
        title="Остатки"
        description="Остатки, пороги «заканчивается» и цены многих предложений сразу. Изменения сохраняются одной кнопкой; если строку за это время изменил кто-то другой, она будет отмечена."
      />
      <FilterBar
        action="/admin/stock/"
        values={values}
        filters={[
          { name: 'q', label: 'Поиск', kind: 'text', placeholder: 'название товара или артикул' },
          { name: 'section', label: 'Раздел', kind: 'select', options: options.sections.map((s) => ({ value: s.code, label: s.name })) },
          { name: 'brand', label: 'Бренд', kind: 'select', options: options.brands.map((b) => ({ value: b.code, label: b.name })) },
          { name: 'low', label: 'Остаток', kind: 'select', options: [{ value: '1', label: 'Не больше порога' }] },
        ]}
      />
      <StockGrid
        key={JSON.stringify(query)}
        rows={list.items}
        canStock={can(actor.role, 'stock.write')}
        canPrice={can(actor.role, 'catalog.write')}
        defaultThreshold={list.defaultThreshold}
      />
      <Pagination
        path="/admin/stock/"
        params={{ q: query.q, section: query.section, brand: query.brand, low: query.low }}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
      />
    </>
  )
}
