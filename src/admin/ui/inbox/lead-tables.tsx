'use client'

import type { ColumnDef } from '@tanstack/react-table'
import { DataTable } from '../data-table'

/** Rows formatted on the server (Moscow dates, Russian labels). */
export interface B2bRow {
  id: number
  date: string
  name: string
  company: string
  position: string
  phone: string
  email: string
  quantity: string
  interests: string
}

export interface WebinarRow {
  id: number
  date: string
  eventName: string
  eventDate: string
  name: string
  phone: string
  email: string
}

export interface SubscriberRow {
  id: number
  email: string
  status: string
  page: string
  promo: boolean
  date: string
  confirmed: string
}

/** Forms store bare digits (79001234567); anything else is shown as it came. */
const phone = (text: string) => (/^\d{11}$/.test(text) ? `+${text}` : text)
const nowrap = (text: string) => <span className="whitespace-nowrap">{text || '—'}</span>

const b2bColumns: ColumnDef<B2bRow, unknown>[] = [
  { header: 'Дата', cell: ({ row }) => nowrap(row.original.date) },
  { header: 'Контакт', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
  { header: 'Компания', cell: ({ row }) => [row.original.company, row.original.position].filter(Boolean).join(', ') || '—' },
  { header: 'Телефон', cell: ({ row }) => nowrap(phone(row.original.phone)) },
  { header: 'E-mail', accessorKey: 'email' },
  { header: 'Объём', cell: ({ row }) => row.original.quantity || '—' },
  { header: 'Интересует', cell: ({ row }) => row.original.interests || '—' },
]

const webinarColumns: ColumnDef<WebinarRow, unknown>[] = [
  { header: 'Зарегистрировался', cell: ({ row }) => nowrap(row.original.date) },
  { header: 'Вебинар', cell: ({ row }) => <span className="font-medium">{row.original.eventName}</span> },
  { header: 'Начало', cell: ({ row }) => nowrap(row.original.eventDate) },
  { header: 'Имя', accessorKey: 'name' },
  { header: 'Телефон', cell: ({ row }) => nowrap(phone(row.original.phone)) },
  { header: 'E-mail', accessorKey: 'email' },
]

const subscriberColumns: ColumnDef<SubscriberRow, unknown>[] = [
  { header: 'E-mail', cell: ({ row }) => <span className="font-medium">{row.original.email}</span> },
  { header: 'Статус', accessorKey: 'status' },
  { header: 'Страница', accessorKey: 'page' },
  { header: 'Промокод 10%', cell: ({ row }) => (row.original.promo ? 'да' : 'нет') },
  { header: 'Подписался', cell: ({ row }) => nowrap(row.original.date) },
  { header: 'Подтвердил', cell: ({ row }) => nowrap(row.original.confirmed) },
]

export function B2bTable({ rows }: { rows: B2bRow[] }) {
  return <DataTable columns={b2bColumns} data={rows} rowId={(r) => String(r.id)} empty="Заявок нет." />
}

export function WebinarTable({ rows }: { rows: WebinarRow[] }) {
  return <DataTable columns={webinarColumns} data={rows} rowId={(r) => String(r.id)} empty="Регистраций нет." />
}

export function SubscriberTable({ rows }: { rows: SubscriberRow[] }) {
  return <DataTable columns={subscriberColumns} data={rows} rowId={(r) => String(r.id)} empty="Подписчиков нет." />
}
