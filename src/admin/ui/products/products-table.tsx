'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { PRODUCT_STATE_NAMES } from '@/domains/catalog/catalog-admin'
import type { ProductRow } from '@/domains/catalog/catalog-admin.schema'
import { formatRub } from '@/lib/money'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

const columns: ColumnDef<ProductRow, unknown>[] = [
  {
    header: 'Товар',
    cell: ({ row }) => (
      <div className="min-w-48">
        <Link className={ui.link} href={`/admin/products/${row.original.id}/`}>
          {row.original.name}
        </Link>
        <div className="font-mono text-xs break-all text-ink-600">{row.original.code}</div>
      </div>
    ),
  },
  // One column for both, so that at 1024 px the state still fits beside the side menu.
  {
    header: 'Раздел и бренд',
    cell: ({ row }) => (
      <div>
        <div>{row.original.sectionName}</div>
        <div className="text-xs text-ink-600">{row.original.brandName}</div>
      </div>
    ),
  },
  { header: 'Предл.', cell: ({ row }) => <span className="tabular-nums" title="Предложений">{row.original.offers}</span> },
  { header: 'Цена от', cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.minPrice === null ? '—' : formatRub(row.original.minPrice)}</span> },
  { header: 'Остаток', cell: ({ row }) => <span className="tabular-nums">{row.original.stock === null ? 'не учитывается' : row.original.stock}</span> },
  {
    header: 'Состояние',
    cell: ({ row }) => <Badge tone={row.original.published ? 'good' : 'neutral'}>{PRODUCT_STATE_NAMES[row.original.published ? 'published' : 'hidden']}</Badge>,
  },
]

export function ProductsTable({ rows }: { rows: ProductRow[] }) {
  return <DataTable columns={columns} data={rows} rowId={(p) => String(p.id)} empty="Товаров не найдено." />
}
