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

const day = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' })
const time = (iso: string) => new Date(iso).toLocaleTimeString('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' })

/** Sort links in the headers: the page passes each one's URL (the list state lives in the URL). */
export interface SortLinks {
  current: string
  created: string
  total: string
}

function SortHeader({ label, href, active, descending }: { label: string; href: string; active: boolean; descending: boolean }) {
  return (
    <a href={href} className="inline-flex items-center gap-1 hover:text-ink-900">
      {label}
      <span aria-hidden>{active ? (descending ? '↓' : '↑') : '↕'}</span>
      {active ? <span className="sr-only">{descending ? '(по убыванию)' : '(по возрастанию)'}</span> : null}
    </a>
  )
}

function columnsFor(sort: SortLinks): ColumnDef<OrderTableRow, unknown>[] {
  return [
    {
      id: 'id',
      header: '№',
      cell: ({ row }) => (
        <a className={ui.link} href={`/admin/orders/${row.original.id}/`}>
          {row.original.id}
        </a>
      ),
    },
    {
      id: 'created',
      header: () => <SortHeader label="Дата" href={sort.created} active={sort.current.endsWith('created')} descending={sort.current === '-created'} />,
      cell: ({ row }) => (
        <div className="whitespace-nowrap">
          <div>{day(row.original.createdAt)}</div>
          <div className="text-xs text-ink-600">{time(row.original.createdAt)}</div>
        </div>
      ),
    },
    {
      id: 'buyer',
      header: 'Покупатель',
      cell: ({ row }) => (
        <div className="max-w-44 min-w-32 xl:max-w-52">
          <div className="font-medium">{row.original.buyerName || '—'}</div>
          <div className="text-xs text-ink-600">{row.original.phone}</div>
          <div className="truncate text-xs text-ink-600" title={row.original.email}>
            {row.original.email}
          </div>
        </div>
      ),
    },
    {
      id: 'delivery',
      header: 'Доставка',
      cell: ({ row }) => (
        <div className="max-w-36 min-w-24 xl:max-w-44">
          <div>{row.original.city}</div>
          <div className="text-xs text-ink-600">{row.original.deliveryName}</div>
          {row.original.trackNumber ? <div className="font-mono text-xs">{row.original.trackNumber}</div> : null}
        </div>
      ),
    },
    {
      id: 'total',
      header: () => <SortHeader label="Сумма" href={sort.total} active={sort.current.endsWith('total')} descending={sort.current === '-total'} />,
      cell: ({ row }) => (
        <div className="text-right whitespace-nowrap">
          <div className="font-semibold">{formatRub(row.original.total)}</div>
          <div className="text-xs text-ink-600">
            {row.original.items} шт.{row.original.couponCode ? ` · ${row.original.couponCode}` : ''}
          </div>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Статус и оплата',
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={row.original.status} />
          <PaymentBadge paid={row.original.paid} />
          <div className="hidden max-w-40 text-xs text-ink-600 xl:block">{row.original.paySystemName}</div>
        </div>
      ),
    },
  ]
}

/** The chosen orders' invoices or packing slips on one printable page (at most 100 at once). */
function BulkPrint({ ids }: { ids: number[] }) {
  const href = (form: 'invoice' | 'packing') => `/admin/orders/print/?ids=${ids.slice(0, 100).join(',')}&form=${form}`
  return (
    <>
      <a className={ui.buttonSecondary} href={href('invoice')} target="_blank" rel="noreferrer">
        Печать счетов
      </a>
      <a className={ui.buttonSecondary} href={href('packing')} target="_blank" rel="noreferrer">
        Упаковочные листы
      </a>
    </>
  )
}

/** The chosen rows as the list's CSV (UTF-8 with BOM, «;»), in the list's order. */
function BulkExport({ ids, sort }: { ids: number[]; sort: string }) {
  const query = new URLSearchParams({ ids: ids.join(','), sort })
  return (
    <a className={ui.buttonSecondary} href={`/api/admin/orders/export/?${query.toString()}`} download>
      Выгрузить в CSV
    </a>
  )
}

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

export function OrdersTable({ rows, bulkTargets, sort }: { rows: OrderTableRow[]; bulkTargets: readonly OrderStatus[]; sort: SortLinks }) {
  return (
    <DataTable
      columns={columnsFor(sort)}
      data={rows}
      rowId={(r) => String(r.id)}
      empty="Заказов по этим условиям нет."
      bulk={(selected, clear) => (
        <>
          <BulkPrint ids={selected.map((r) => r.id)} />
          <BulkExport ids={selected.map((r) => r.id)} sort={sort.current} />
          {bulkTargets.length ? <BulkStatus selected={selected} clear={clear} targets={bulkTargets} /> : null}
        </>
      )}
    />
  )
}
