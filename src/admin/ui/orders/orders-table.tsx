'use client'

import type { ColumnDef } from '@tanstack/react-table'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { ORDER_STATUS, type OrderStatus } from '@/domains/orders/order-status'
import { formatRub } from '@/lib/money'
import { AdminApiError, adminFetch } from '../api-client'
import { DataTable } from '../data-table'
import { ui } from '../styles'
import { OrderStatusBadge, PaymentBadge } from './order-status-badge'

export interface OrderTableRow {
  id: number
  createdAt: string
  status: OrderStatus
  paid: boolean
  buyerName: string
  phone: string
  email: string
  city: string
  deliveryName: string
  paySystemName: string
  couponCode: string | null
  items: number
  total: number
  trackNumber: string | null
}

const moscow = (iso: string) => new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

const columns: ColumnDef<OrderTableRow, unknown>[] = [
  {
    header: '№',
    cell: ({ row }) => (
      <a className={ui.link} href={`/admin/orders/${row.original.id}/`}>
        {row.original.id}
      </a>
    ),
  },
  { header: 'Дата', cell: ({ row }) => <span className="whitespace-nowrap">{moscow(row.original.createdAt)}</span> },
  {
    header: 'Покупатель',
    cell: ({ row }) => (
      <div className="min-w-40">
        <div className="font-medium">{row.original.buyerName || '—'}</div>
        <div className="text-xs text-ink-600">{row.original.phone}</div>
        <div className="max-w-56 truncate text-xs text-ink-600">{row.original.email}</div>
      </div>
    ),
  },
  {
    header: 'Доставка',
    cell: ({ row }) => (
      <div className="min-w-32">
        <div>{row.original.city}</div>
        <div className="text-xs text-ink-600">{row.original.deliveryName}</div>
        {row.original.trackNumber ? <div className="font-mono text-xs">{row.original.trackNumber}</div> : null}
      </div>
    ),
  },
  {
    header: 'Оплата',
    cell: ({ row }) => (
      <div className="space-y-1">
        <PaymentBadge paid={row.original.paid} />
        <div className="text-xs text-ink-600">{row.original.paySystemName}</div>
      </div>
    ),
  },
  {
    header: 'Сумма',
    cell: ({ row }) => (
      <div className="text-right whitespace-nowrap">
        <div className="font-semibold">{formatRub(row.original.total)}</div>
        <div className="text-xs text-ink-600">
          {row.original.items} шт.{row.original.couponCode ? ` · ${row.original.couponCode}` : ''}
        </div>
      </div>
    ),
  },
  { header: 'Статус', cell: ({ row }) => <OrderStatusBadge status={row.original.status} /> },
]

/** The bulk status change: each chosen order goes through the same API call, refusals are listed. */
function BulkStatus({ selected, clear, targets }: { selected: OrderTableRow[]; clear: () => void; targets: readonly OrderStatus[] }) {
  const router = useRouter()
  const [to, setTo] = useState<OrderStatus | ''>('')
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState('')
  const apply = async () => {
    if (!to) return
    if (to === 'cancelled' && !window.confirm(`Отменить заказы (${selected.length})? Товары вернутся на склад, купоны и слоты освободятся.`)) return
    setBusy(true)
    const failed: string[] = []
    for (const order of selected) {
      try {
        await adminFetch('POST', `/api/admin/orders/${order.id}/status/`, { status: to })
      } catch (error) {
        failed.push(`№${order.id}: ${error instanceof AdminApiError ? error.message : 'не получилось'}`)
      }
    }
    setBusy(false)
    setReport(failed.length ? `Не изменены — ${failed.join('; ')}` : '')
    if (!failed.length) clear()
    router.refresh()
  }
  return (
    <>
      <label className="flex items-center gap-2">
        <span>Статус:</span>
        <select className={`${ui.input} w-48`} value={to} onChange={(e) => setTo(e.target.value as OrderStatus | '')}>
          <option value="">Выберите…</option>
          {targets.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS[s].label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={ui.button} disabled={!to || busy} onClick={apply}>
        {busy ? 'Меняем…' : 'Применить'}
      </button>
      {report ? (
        <span role="alert" className="text-sale-500">
          {report}
        </span>
      ) : null}
    </>
  )
}

export function OrdersTable({ rows, bulkTargets }: { rows: OrderTableRow[]; bulkTargets: readonly OrderStatus[] }) {
  return (
    <DataTable
      columns={columns}
      data={rows}
      rowId={(r) => String(r.id)}
      empty="Заказов по этим условиям нет."
      {...(bulkTargets.length ? { bulk: (selected: OrderTableRow[], clear: () => void) => <BulkStatus selected={selected} clear={clear} targets={bulkTargets} /> } : {})}
    />
  )
}
