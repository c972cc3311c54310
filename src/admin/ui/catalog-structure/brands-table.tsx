'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { BrandView } from '@/domains/catalog/catalog-structure'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

const columns: ColumnDef<BrandView, unknown>[] = [
  {
    header: 'Бренд',
    cell: ({ row }) => (
      <div className="min-w-48">
        <Link className={ui.link} href={`/admin/brands/${row.original.id}/`}>
          {row.original.name}
        </Link>
        <div className="font-mono text-xs break-all text-ink-600">/brands/{row.original.code}/</div>
      </div>
    ),
  },
  { header: 'Товаров', cell: ({ row }) => <span className="tabular-nums">{row.original.products}</span> },
  { header: 'Логотип', cell: ({ row }) => (row.original.logo ? <span className="text-xs break-all text-ink-600">{row.original.logo}</span> : '—') },
  { header: 'Состояние', cell: ({ row }) => <Badge tone={row.original.active ? 'good' : 'neutral'}>{row.original.active ? 'Показан' : 'Скрыт'}</Badge> },
]

export function BrandsTable({ rows }: { rows: BrandView[] }) {
  return <DataTable columns={columns} data={rows} rowId={(b) => String(b.id)} empty="Брендов пока нет." />
}
