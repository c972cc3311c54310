'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { RecipeView } from '@/domains/landings/programme-admin.schema'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

const columns: ColumnDef<RecipeView, unknown>[] = [
  {
    header: 'Рецепт',
    cell: ({ row }) => (
      <div className="min-w-40">
        <Link className={ui.link} href={`/admin/programme/recipes/${row.original.id}/`}>
          {row.original.title}
        </Link>
        <div className="font-mono text-xs text-ink-600">{row.original.code}</div>
      </div>
    ),
  },
  {
    header: 'Ккал',
    cell: ({ row }) => (
      <span className="tabular-nums">{Math.floor(row.original.info.reduce((s, i) => s + i.cal, 0))}</span>
    ),
  },
  { header: 'В меню', cell: ({ row }) => (row.original.inMealPlan ? 'да' : '—') },
  {
    header: 'Состояние',
    cell: ({ row }) => (
      <Badge tone={row.original.active ? 'good' : 'neutral'}>
        {row.original.active ? 'Показан' : 'Скрыт'}
      </Badge>
    ),
  },
]

export function RecipesTable({ rows }: { rows: RecipeView[] }) {
  return <DataTable columns={columns} data={rows} rowId={(r) => String(r.id)} empty="Рецептов нет." />
}
