import type { Metadata } from 'next'
import Link from 'next/link'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { CouponsTable } from '@/admin/ui/coupons/coupons-table'
import { FilterBar } from '@/admin/ui/filter-bar'
import { PageHeader } from '@/admin/ui/page-header'
import { Pagination } from '@/admin/ui/pagination'
import { ui } from '@/admin/ui/styles'
import { db } from '@/db/client'
import { couponListQuery } from '@/domains/coupons/coupons.schema'
import { listCoupons } from '@/domains/coupons/coupons.server'
import { can } from '@/domains/staff/permissions'

export const metadata: Metadata = { title: 'Промокоды' }

export default async function CouponsPage({ searchParams }: PageProps<'/admin/coupons'>) {
  const actor = await requirePermission('coupons.read', '/admin/coupons/')
  const values = firstValues(await searchParams)
  const parsed = couponListQuery.safeParse(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')))
  const query = parsed.success ? parsed.data : couponListQuery.parse({})
  const list = await listCoupons(db(), query)
  return (
    <>
      <PageHeader
        title="Промокоды"
        description="Скидка в процентах или суммой и подарки. Использованный промокод не удаляется — его завершают, он остаётся в заказах."
        actions={
          can(actor.role, 'coupons.write') ? (
            <Link className={ui.button} href="/admin/coupons/new/">
              Новый промокод
            </Link>
          ) : null
        }
      />
      <FilterBar
        action="/admin/coupons/"
        values={values}
        filters={[
          { name: 'q', label: 'Код', kind: 'text', placeholder: 'часть кода' },
          {
            name: 'state',
            label: 'Показывать',
            kind: 'select',
            options: [
              { value: 'active', label: 'Не завершённые' },
              { value: 'ended', label: 'Завершённые' },
            ],
          },
        ]}
      />
      <CouponsTable rows={list.items} />
      <Pagination path="/admin/coupons/" params={{ q: query.q, state: values.state }} page={list.page} pageSize={list.pageSize} total={list.total} />
    </>
  )
}
