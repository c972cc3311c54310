'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { RegistrationView, WebinarView } from '@/domains/webinars/webinars-admin.schema'
import { Badge } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'

const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
export const moscowTime = (iso: string) => moscow.format(new Date(iso))

const columns: ColumnDef<WebinarView, unknown>[] = [
  {
    header: 'Дата',
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{moscowTime(row.original.startsAt)}</span>
    ),
  },
  {
    header: 'Вебинар',
    cell: ({ row }) => (
      <div className="min-w-48">
        <Link className={ui.link} href={`/admin/webinars/${row.original.id}/`}>
          {row.original.name}
        </Link>
        <div className="text-xs text-ink-600">{row.original.speaker || 'Ведущий не указан'}</div>
      </div>
    ),
  },
  {
    header: 'Регистраций',
    cell: ({ row }) => <span className="tabular-nums">{row.original.registrations}</span>,
  },
  {
    header: 'Состояние',
    cell: ({ row }) => (
      <Badge tone={row.original.published ? 'good' : 'neutral'}>
        {row.original.published ? 'Опубликован' : 'Черновик'}
      </Badge>
    ),
  },
]

export function WebinarsTable({ rows }: { rows: WebinarView[] }) {
  return <DataTable columns={columns} data={rows} rowId={(r) => String(r.id)} empty="Вебинаров пока нет." />
}

const registrationColumns: ColumnDef<RegistrationView, unknown>[] = [
  { header: '№', cell: ({ row }) => <span className="tabular-nums">{row.index + 1}</span> },
  { header: 'Имя', cell: ({ row }) => row.original.name },
  { header: 'Телефон', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.phone}</span> },
  { header: 'E-mail', cell: ({ row }) => <span className="break-all">{row.original.email}</span> },
  {
    header: 'Когда',
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{moscowTime(row.original.createdAt)}</span>
    ),
  },
]

export function RegistrationsTable({ rows }: { rows: RegistrationView[] }) {
  return (
    <DataTable
      columns={registrationColumns}
      data={rows}
      rowId={(r) => String(r.id)}
      empty="Пока никто не зарегистрировался."
    />
  )
}
