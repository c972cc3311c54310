'use client'

import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { COUPON_KIND_LABELS, COUPON_STATE_LABELS, type CouponState } from '@/domains/coupons/coupons'
import type { CouponView } from '@/domains/coupons/coupons.schema'
import { Badge, type BadgeTone } from '../badge'
import { DataTable } from '../data-table'
import { ui } from '../styles'
import { conditionsText, discountText, usageText } from './coupon-format'

const TONE: Record<CouponState, BadgeTone> = { active: 'good', scheduled: 'info', expired: 'neutral', 'used-up': 'warn', paused: 'warn', ended: 'neutral' }

const columns: ColumnDef<CouponView, unknown>[] = [
  {
    header: 'Код',
    cell: ({ row }) => (
      <Link className={`${ui.link} font-mono`} href={`/admin/coupons/${row.original.id}/`}>
        {row.original.code}
      </Link>
    ),
  },
  { header: 'Тип', cell: ({ row }) => COUPON_KIND_LABELS[row.original.kind] },
  { header: 'Скидка', cell: ({ row }) => discountText(row.original) },
  { header: 'Условия', cell: ({ row }) => <span className="text-ink-600">{conditionsText(row.original)}</span> },
  { header: 'Использован', cell: ({ row }) => <span className="whitespace-nowrap">{usageText(row.original)}</span> },
  { header: 'Состояние', cell: ({ row }) => <Badge tone={TONE[row.original.state]}>{COUPON_STATE_LABELS[row.original.state]}</Badge> },
]

export function CouponsTable({ rows }: { rows: CouponView[] }) {
  return <DataTable columns={columns} data={rows} rowId={(c) => String(c.id)} empty="Промокодов не найдено." />
}
