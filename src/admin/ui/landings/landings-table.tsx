'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { LandingSummary } from '@/domains/landings/landings-admin.schema'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

const KIND_NAMES: Record<LandingSummary['kind'], string> = {
  product: 'Лендинг товара',
  programme: 'Программа похудения',
  'meal-plan': 'Меню программы',
}
const SITE: Record<LandingSummary['kind'], (code: string) => string> = {
  product: (code) => `/landing/${code}/`,
  programme: () => '/turboslim/',
  'meal-plan': () => '/turboslim/menu/',
}

const columns: ColumnDef<LandingSummary, unknown>[] = [
  {
    header: 'Страница',
    cell: ({ row }) => (
      <div className="min-w-48">
        <Link
          className={ui.link}
          href={row.original.kind === 'product' ? `/admin/landings/${row.original.id}/` : '/admin/programme/'}
        >
          {row.original.title}
        </Link>
        <div className="font-mono text-xs text-ink-600">{SITE[row.original.kind](row.original.code)}</div>
      </div>
    ),
  },
  { header: 'Вид', cell: ({ row }) => <span className="text-xs">{KIND_NAMES[row.original.kind]}</span> },
  {
    header: 'Блоков',
    cell: ({ row }) => (
      <span className="tabular-nums">{row.original.kind === 'product' ? row.original.blocks : '—'}</span>
    ),
  },
  {
    header: 'Состояние',
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        <Badge tone={row.original.active ? 'good' : 'neutral'}>
          {row.original.active ? 'Опубликован' : 'Скрыт'}
        </Badge>
        {row.original.hasDraft ? <Badge tone="warn">Черновик</Badge> : null}
      </div>
    ),
  },
]

export function LandingsTable({ rows }: { rows: LandingSummary[] }) {
  return <DataTable columns={columns} data={rows} rowId={(r) => String(r.id)} empty="Лендингов пока нет." />
}
