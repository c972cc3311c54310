'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { EcoPointView } from '@/domains/eco/eco-admin.schema'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

const columns: ColumnDef<EcoPointView, unknown>[] = [
  { header: 'Город', cell: ({ row }) => row.original.city },
  {
    header: 'Пункт',
    cell: ({ row }) => (
      <div className="min-w-40">
        <Link className={ui.link} href={`/admin/eco/${row.original.id}/`}>
          {row.original.name}
        </Link>
        <div className="text-xs text-ink-600">{row.original.address}</div>
      </div>
    ),
  },
  {
    header: 'Часы работы',
    cell: ({ row }) => <span className="text-xs">{row.original.workTime || '—'}</span>,
  },
  {
    header: 'Координаты',
    cell: ({ row }) => (
      <span className="font-mono text-xs whitespace-nowrap">{`${row.original.lat}, ${row.original.lon}`}</span>
    ),
  },
  {
    header: 'Состояние',
    cell: ({ row }) => (
      <Badge tone={row.original.active ? 'good' : 'neutral'}>
        {row.original.active ? 'На карте' : 'Скрыт'}
      </Badge>
    ),
  },
]

export function EcoTable({ rows }: { rows: EcoPointView[] }) {
  return <DataTable columns={columns} data={rows} rowId={(r) => String(r.id)} empty="Эко-пунктов нет." />
}
