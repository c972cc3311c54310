import type { Metadata } from 'next'
import Link from 'next/link'
import { requirePermission } from '@/admin/session.server'
import { RevenueChart } from '@/admin/ui/dashboard/revenue-chart'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { dashboard } from '@/domains/dashboard/dashboard.server'
import type { Totals } from '@/domains/dashboard/dashboard'
import { ORDER_STATUS } from '@/domains/orders/order-status'
import { can } from '@/domains/staff/permissions'
import { formatRub } from '@/lib/money'

export const metadata: Metadata = { title: 'Обзор' }

function Figures({ title, totals }: { title: string; totals: Totals }) {
  return (
    <section className={`${ui.card} p-4`}>
      <h2 className="text-sm font-semibold text-ink-600">{title}</h2>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        <div>
          <dt className="text-xs text-ink-600">Заказов</dt>
          <dd className="text-2xl font-bold" data-figure="orders">
            {totals.orders}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-ink-600">Выручка</dt>
          <dd className="text-2xl font-bold whitespace-nowrap">{formatRub(totals.revenue)}</dd>
        </div>
        <div>
          <dt className="text-xs text-ink-600">Средний чек</dt>
          <dd className="text-2xl font-bold whitespace-nowrap">{formatRub(totals.average)}</dd>
        </div>
      </dl>
    </section>
  )
}

export default async function DashboardPage() {
  const actor = await requirePermission('dashboard.read', '/admin/')
  const board = await dashboard()
  const ordersLink = can(actor.role, 'orders.read')
  return (
    <>
      <PageHeader title="Обзор" description="Сегодня и последние 7 дней по московскому времени; отменённые заказы не считаются." />
      <div className="grid gap-4 lg:grid-cols-2">
        <Figures title="Сегодня" totals={board.today} />
        <Figures title="За 7 дней" totals={board.week} />
      </div>
      <section className={`${ui.card} mt-4 p-4`}>
        <h2 className="mb-2 text-sm font-semibold text-ink-600">Выручка за 14 дней</h2>
        <RevenueChart days={board.days} />
      </section>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section className={`${ui.card} p-4`}>
          <h2 className="text-sm font-semibold text-ink-600">Ждут действий</h2>
          <ul className="mt-3 divide-y divide-line">
            {board.waiting.map((w) => (
              <li key={w.status} className="flex items-center justify-between py-2">
                <span className="flex items-center gap-2">
                  <span aria-hidden className="size-2.5 rounded-full" style={{ background: ORDER_STATUS[w.status].color }} />
                  {ordersLink ? (
                    <Link className={ui.link} href={`/admin/orders/?status=${w.status}`}>
                      {ORDER_STATUS[w.status].label}
                    </Link>
                  ) : (
                    ORDER_STATUS[w.status].label
                  )}
                </span>
                <span className="font-semibold">{w.count}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className={`${ui.card} p-4`}>
          <div className="flex items-baseline justify-between gap-3">
            <h2 className="text-sm font-semibold text-ink-600">Заканчиваются на складе</h2>
            <Link className={`${ui.link} text-sm`} href="/admin/stock/?low=1">
              Все в остатках
            </Link>
          </div>
          {board.lowStock.length ? (
            <ul className="mt-3 divide-y divide-line">
              {board.lowStock.map((o) => (
                <li key={o.offerId} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 truncate">
                    {o.name} <span className="text-ink-600">· {o.sku}</span>
                  </span>
                  <span className={`font-semibold whitespace-nowrap ${o.stock === 0 ? 'text-sale-500' : ''}`}>{o.stock} шт.</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-ink-600">Остатков не больше порога нет.</p>
          )}
        </section>
      </div>
    </>
  )
}
