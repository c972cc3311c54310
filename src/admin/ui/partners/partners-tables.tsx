'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { DistributorView, PartnerView } from '@/domains/partners/partners-admin.schema'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

const shown = (active: boolean) => (
  <Badge tone={active ? 'good' : 'neutral'}>{active ? 'Показан' : 'Скрыт'}</Badge>
)

const partnerColumns: ColumnDef<PartnerView, unknown>[] = [
  {
    header: 'Партнёр',
    cell: ({ row }) => (
      <div className="min-w-40">
        <Link className={ui.link} href={`/admin/partners/${row.original.id}/`}>
          {row.original.title}
        </Link>
        <div className="text-xs break-all text-ink-600">{row.original.link}</div>
      </div>
    ),
  },
  { header: 'Товаров', cell: ({ row }) => <span className="tabular-nums">{row.original.products}</span> },
  {
    header: 'Аптеки на карте',
    cell: ({ row }) => (
      <span className="text-xs text-ink-600">
        {row.original.outlets.length
          ? row.original.outlets
              .map((o) => o.address.split(',')[0])
              .filter((c, i, all) => all.indexOf(c) === i)
              .join(', ')
          : '—'}
        {row.original.outlets.length ? ` (${row.original.outlets.length})` : ''}
      </span>
    ),
  },
  { header: 'Порядок', cell: ({ row }) => <span className="tabular-nums">{row.original.sort}</span> },
  { header: 'Состояние', cell: ({ row }) => shown(row.original.active) },
]

export function PartnersTable({ rows }: { rows: PartnerView[] }) {
  return (
    <DataTable columns={partnerColumns} data={rows} rowId={(r) => String(r.id)} empty="Партнёров пока нет." />
  )
}

const distributorColumns: ColumnDef<DistributorView, unknown>[] = [
  {
    header: 'Дистрибьютор',
    cell: ({ row }) => (
      <div className="min-w-40">
        <Link className={ui.link} href={`/admin/partners/distributors/${row.original.id}/`}>
          {row.original.title}
        </Link>
        <div className="text-xs break-all text-ink-600">{row.original.link}</div>
      </div>
    ),
  },
  { header: 'Порядок', cell: ({ row }) => <span className="tabular-nums">{row.original.sort}</span> },
  { header: 'Состояние', cell: ({ row }) => shown(row.original.active) },
]

export function DistributorsTable({ rows }: { rows: DistributorView[] }) {
  return (
    <DataTable
      columns={distributorColumns}
      data={rows}
      rowId={(r) => String(r.id)}
      empty="Дистрибьюторов пока нет."
    />
  )
}
