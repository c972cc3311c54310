import type { Metadata } from 'next'
import { requirePermission } from '@/admin/session.server'
import { FilterBar } from '@/admin/ui/filter-bar'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import { Pagination } from '@/admin/ui/pagination'
import { apiParamsOf, keptByFilterForm, orderPageValues } from '@/admin/ui/orders/order-list-params'
import { OrdersTable } from '@/admin/ui/orders/orders-table'
import { SavedViewsBar } from '@/admin/ui/orders/saved-views-bar'
import { listOrders, orderListChoices } from '@/domains/orders/order-admin-list.server'
import { ORDER_STATUS_CODES, orderListQuery, parseOrderListQuery } from '@/domains/orders/order-admin.schema'
import { allowedSteps } from '@/domains/orders/order-admin.server'
import { ORDER_STATUS } from '@/domains/orders/order-status'
import { normaliseViewQuery } from '@/domains/staff/saved-views.schema'
import { listSavedViews } from '@/domains/staff/saved-views.server'

export const metadata: Metadata = { title: 'Заказы' }

const DELIVERY_KIND_NAMES = { pickup: 'Пункт выдачи', postal: 'Почта', courier: 'Курьер' } as const

export default async function OrdersPage({ searchParams }: PageProps<'/admin/orders'>) {
  const actor = await requirePermission('orders.read', '/admin/orders/')
  const values = orderPageValues(await searchParams)
  const apiParams = apiParamsOf(values)
  const parsed = parseOrderListQuery(apiParams)
  const query = parsed.success ? parsed.data : orderListQuery.parse({})
  const [page, choices, views] = await Promise.all([listOrders(query), orderListChoices(), listSavedViews(actor, 'orders')])
  const { page: _page, ...filterParams } = apiParams
  const exportQuery = new URLSearchParams(filterParams).toString()
  // Bulk changes are what this role may do from some status; each order is still checked on its own.
  const bulkTargets = [...new Set(ORDER_STATUS_CODES.flatMap((s) => allowedSteps(actor, s)))]
  const { page: _p, ...keep } = values
  // The list's state without its page: what a saved view keeps and how the page knows which one it shows.
  const current = normaliseViewQuery(new URLSearchParams(keep).toString())
  // A header click sorts by that column, newest or dearest first, and back; the filters stay.
  const sortHref = (desc: '-created' | '-total') => {
    const next = query.sort === desc ? desc.slice(1) : desc
    const { sort: _s, ...rest } = keep
    const text = new URLSearchParams(next === '-created' ? rest : { ...rest, sort: next }).toString()
    return text ? `/admin/orders/?${text}` : '/admin/orders/'
  }
  return (
    <>
      <PageHeader
        title="Заказы"
        description={page.totalExact ? `Найдено: ${page.total.toLocaleString('ru-RU')}` : `Найдено более ${page.total.toLocaleString('ru-RU')}`}
        actions={
          <a className={ui.buttonSecondary} href={`/api/admin/orders/export/${exportQuery ? `?${exportQuery}` : ''}`}>
            Скачать CSV
          </a>
        }
      />
      <SavedViewsBar views={views} current={current} path="/admin/orders/" />
      {/* Keyed by the list's state: a view or a link opened here redraws the form with its values. */}
      <FilterBar
        key={current}
        action="/admin/orders/"
        values={values}
        keep={keptByFilterForm(values)}
        filters={[
          { name: 'status', label: 'Статус', kind: 'choices', options: ORDER_STATUS_CODES.map((s) => ({ value: s, label: ORDER_STATUS[s].label })) },
          { name: 'q', label: 'Поиск', kind: 'text', placeholder: 'Номер, телефон, e-mail или имя' },
          { name: 'payment', label: 'Оплата', kind: 'select', options: [{ value: 'paid', label: 'Оплачен' }, { value: 'unpaid', label: 'Не оплачен' }] },
          { name: 'paySystem', label: 'Способ оплаты', kind: 'select', options: choices.paySystems.map((p) => ({ value: p.code, label: p.name })) },
          { name: 'deliveryType', label: 'Вид доставки', kind: 'select', options: Object.entries(DELIVERY_KIND_NAMES).map(([value, label]) => ({ value, label })) },
          { name: 'carrier', label: 'Служба доставки', kind: 'select', options: choices.carriers.map((c) => ({ value: c.code, label: c.name })) },
          { name: 'city', label: 'Город', kind: 'select', options: choices.cities.map((c) => ({ value: c.code, label: c.name })) },
          { name: 'coupon', label: 'Промокод', kind: 'text', placeholder: 'VITA10' },
          { name: 'from', label: 'С даты', kind: 'date' },
          { name: 'to', label: 'По дату', kind: 'date' },
          { name: 'sumFrom', label: 'Сумма от, ₽', kind: 'number' },
          { name: 'sumTo', label: 'Сумма до, ₽', kind: 'number' },
        ]}
      />
      {parsed.success ? null : (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          Фильтр не применён: {parsed.error.issues.map((i) => i.message).join(' ')}
        </p>
      )}
      <OrdersTable rows={page.items} bulkTargets={bulkTargets} sort={{ current: query.sort, created: sortHref('-created'), total: sortHref('-total') }} />
      <Pagination path="/admin/orders/" params={keep} page={page.page} pageSize={page.limit} total={page.total} totalExact={page.totalExact} pages={page.pages} />
    </>
  )
}
