import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { CouponActions } from '@/admin/ui/coupons/coupon-actions'
import { CouponForm } from '@/admin/ui/coupons/coupon-form'
import { moscowDate, usageText } from '@/admin/ui/coupons/coupon-format'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { COUPON_STATE_LABELS } from '@/domains/coupons/coupons'
import { couponById } from '@/domains/coupons/coupons.server'
import { can } from '@/domains/staff/permissions'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Промокод' }

export default async function CouponPage({ params }: PageProps<'/admin/coupons/[id]'>) {
  const { id } = await params
  const actor = await requirePermission('coupons.read', `/admin/coupons/${id}/`)
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0) notFound()
  const coupon = await couponById(db(), number).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') notFound()
    throw error
  })
  const writable = can(actor.role, 'coupons.write')
  return (
    <>
      <PageHeader
        title={`Промокод ${coupon.code}`}
        description={`${COUPON_STATE_LABELS[coupon.state]}. Использован: ${usageText(coupon)}. Создан ${moscowDate(coupon.createdAt)}${coupon.endedAt ? `, завершён ${moscowDate(coupon.endedAt)}` : ''}.`}
        actions={
          <>
            <Link className={ui.buttonSecondary} href={`/admin/orders/?coupon=${encodeURIComponent(coupon.code)}`}>
              Заказы с промокодом
            </Link>
            <Link className={ui.buttonSecondary} href="/admin/coupons/">
              ← Все промокоды
            </Link>
          </>
        }
      />
      {writable ? (
        <div className="mb-4">
          <CouponActions coupon={coupon} />
        </div>
      ) : null}
      {coupon.state === 'ended' ? <p className="mb-4 rounded-md bg-surface px-3 py-2 text-sm text-ink-600">Промокод завершён: он больше не действует и не меняется.</p> : null}
      {writable ? <CouponForm coupon={coupon} /> : <p className="text-sm text-ink-600">Изменять промокоды может менеджер или владелец.</p>}
    </>
  )
}
