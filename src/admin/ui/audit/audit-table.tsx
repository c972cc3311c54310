'use client'

import type { ColumnDef } from '@tanstack/react-table'
import { auditActionName, auditObjectName } from '@/domains/audit/audit-labels'
import { DataTable } from '../data-table'

export interface AuditRow {
  id: number
  at: string
  actor: string
  objectType: string
  objectId: string
  action: string
  before: unknown
  after: unknown
}

/** Only the fields that changed, "было → стало", so a settings save of twenty fields reads as one line. */
function changes(before: unknown, after: unknown): string[] {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
  if (!isRecord(before) || !isRecord(after)) {
    const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v))
    return [before, after].some((v) => v !== null && v !== undefined) ? [`${show(before) || '—'} → ${show(after) || '—'}`] : []
  }
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${JSON.stringify(before[key] ?? null)} → ${JSON.stringify(after[key] ?? null)}`)
}

const columns: ColumnDef<AuditRow, unknown>[] = [
  { header: 'Когда', cell: ({ row }) => <span className="whitespace-nowrap">{new Date(row.original.at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })}</span> },
  { header: 'Кто', accessorKey: 'actor' },
  {
    header: 'Объект',
    cell: ({ row }) => (
      <a className="font-medium text-brand-600 hover:underline" href={`/admin/audit/?objectType=${encodeURIComponent(row.original.objectType)}&objectId=${encodeURIComponent(row.original.objectId)}`}>
        {auditObjectName(row.original.objectType)} №{row.original.objectId}
      </a>
    ),
  },
  { header: 'Действие', cell: ({ row }) => auditActionName(row.original.action) },
  {
    header: 'Изменения',
    cell: ({ row }) => (
      <ul className="max-w-xl space-y-0.5 font-mono text-xs break-all">
        {changes(row.original.before, row.original.after).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
  },
]

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return <DataTable columns={columns} data={rows} rowId={(r) => String(r.id)} empty="Записей нет." />
}
