import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { CouponForm } from '@/admin/ui/coupons/coupon-form'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'

export const metadata: Metadata = { title: 'Новый промокод' }

export default async function NewCouponPage() {
  await requirePermission('coupons.write', '/admin/coupons/new/')
  return (
    <>
      <PageHeader
        title="Новый промокод"
        actions={
          <Link className={ui.buttonSecondary} href="/admin/coupons/">
            ← Все промокоды
          </Link>
        }
      />
      <CouponForm />
    </>
  )
}
