import type { Metadata } from 'next'
import { firstValues } from '@/admin/query'
import { requirePermission } from '@/admin/session.server'
import { CustomersTable } from '@/admin/ui/customers/customers-table'
import { FilterBar } from '@/admin/ui/filter-bar'
import { PageHeader } from '@/admin/ui/page-header'
import { Pagination } from '@/admin/ui/pagination'
import { CUSTOMER_MESSAGES } from '@/domains/customers/customers'
import { customerListQuery } from '@/domains/customers/customers.schema'
import { listCustomers } from '@/domains/customers/customers.server'
import { formatRub } from '@/lib/money'

export const metadata: Metadata = { title: 'Покупатели' }

const moscowDate = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })

export default async function CustomersPage({ searchParams }: PageProps<'/admin/customers'>) {
  await requirePermission('customers.read', '/admin/customers/')
  const values = firstValues(await searchParams)
  const parsed = customerListQuery.safeParse(values)
  const query = parsed.success ? parsed.data : customerListQuery.parse({})
  const page = await listCustomers(query)
  const anonymised = /^\d{1,6}$/.test(values.anonymised ?? '') ? Number(values.anonymised) : null
  return (
    <>
      <PageHeader title="Покупатели" description="Поиск по имени, e-mail или телефону в любом виде. Сумма заказов — без отменённых." />
      {anonymised !== null ? (
        <p role="status" className="mb-4 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-700">
          {CUSTOMER_MESSAGES.anonymised(anonymised)}
        </p>
      ) : null}
      <FilterBar action="/admin/customers/" values={values} filters={[{ name: 'q', label: 'Поиск', kind: 'text', placeholder: 'Анна Иванова, anna@mail.ru или 8 912 345-67-89' }]} />
      <CustomersTable
        rows={page.items.map((c) => ({
          id: c.id,
          name: c.name,
          email: c.email,
          phone: c.phone,
          registered: moscowDate(c.createdAt),
          orders: c.totals.orders,
          spent: formatRub(c.totals.spent),
          lastOrder: c.totals.lastOrderAt ? moscowDate(c.totals.lastOrderAt) : '',
        }))}
      />
      <Pagination path="/admin/customers/" params={{ q: query.q }} page={page.page} pageSize={page.limit} total={page.total} />
    </>
  )
}
