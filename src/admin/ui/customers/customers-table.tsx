'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { DataTable } from '../data-table'

/** One buyer of the list, formatted on the server (money and Moscow dates). */
export interface CustomerRow {
  id: number
  name: string
  email: string
  phone: string
  registered: string
  orders: number
  spent: string
  lastOrder: string
}

const columns: ColumnDef<CustomerRow, unknown>[] = [
  {
    header: 'Покупатель',
    cell: ({ row }) => (
      <Link className="font-medium text-brand-600 hover:underline" href={`/admin/customers/${row.original.id}/`}>
        {row.original.name || 'Без имени'}
      </Link>
    ),
  },
  { header: 'E-mail', accessorKey: 'email' },
  { header: 'Телефон', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.phone || '—'}</span> },
  { header: 'Заказов', cell: ({ row }) => <span className="tabular-nums">{row.original.orders}</span> },
  { header: 'Сумма заказов', cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.spent}</span> },
  { header: 'Последний заказ', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.lastOrder || '—'}</span> },
  { header: 'Зарегистрирован', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.registered}</span> },
]

export function CustomersTable({ rows }: { rows: CustomerRow[] }) {
  return <DataTable columns={columns} data={rows} rowId={(r) => String(r.id)} empty="Покупатели не найдены." />
}
