import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requirePermission } from '@/admin/session.server'
import { Badge, type BadgeTone } from '@/admin/ui/badge'
import { AnonymiseButton } from '@/admin/ui/customers/anonymise-button'
import { PageHeader } from '@/admin/ui/page-header'
import { ui } from '@/admin/ui/styles'
import type { ReviewStatus, SubscriptionStatus } from '@/db/schema'
import { customerIdParams } from '@/domains/customers/customers.schema'
import { customerDetail } from '@/domains/customers/customers.server'
import { SUBSCRIPTION_STATUS_LABELS } from '@/domains/inbox/inbox'
import { ORDER_STATUS } from '@/domains/orders/order-status'
import { can } from '@/domains/staff/permissions'
import { formatRub } from '@/lib/money'
import { Refusal } from '@/lib/refusal'

export const metadata: Metadata = { title: 'Покупатель' }

const moscow = (iso: string) => new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' })
const REVIEW_LABELS: Record<ReviewStatus, [string, BadgeTone]> = { pending: ['На проверке', 'warn'], approved: ['Опубликован', 'good'], rejected: ['Отклонён', 'bad'] }
const SUBSCRIPTION_TONES: Record<SubscriptionStatus, BadgeTone> = { pending: 'warn', confirmed: 'good', unsubscribed: 'neutral' }

async function load(id: number) {
  try {
    return await customerDetail(id)
  } catch (error) {
    if (error instanceof Refusal && error.kind === 'not-found') return null
    throw error
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`${ui.card} p-4`}>
      <h2 className="mb-3 text-sm font-semibold text-ink-600">{title}</h2>
      {children}
    </section>
  )
}

export default async function CustomerPage({ params }: PageProps<'/admin/customers/[id]'>) {
  const raw = await params
  const actor = await requirePermission('customers.read', `/admin/customers/${raw.id}/`)
  const parsed = customerIdParams.safeParse(raw)
  const customer = parsed.success ? await load(parsed.data.id) : null
  if (!customer) notFound()
  const ordersLink = can(actor.role, 'orders.read')
  return (
    <>
      <p className="mb-2 text-sm">
        <Link className={ui.link} href="/admin/customers/">
          ← Покупатели
        </Link>
      </p>
      <PageHeader
        title={customer.name || customer.email}
        description={`Покупатель №${customer.id}, зарегистрирован ${moscow(customer.createdAt)}`}
        actions={can(actor.role, 'customers.write') ? <AnonymiseButton customerId={customer.id} /> : undefined}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Section title="Контакты">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-600">E-mail</dt>
            <dd className="break-all">{customer.email}</dd>
            <dt className="text-ink-600">Телефон</dt>
            <dd>{customer.phone || '—'}</dd>
            <dt className="text-ink-600">День рождения</dt>
            <dd>{customer.birthday ? new Date(`${customer.birthday}T12:00:00Z`).toLocaleDateString('ru-RU') : '—'}</dd>
            <dt className="text-ink-600">Пароль</dt>
            <dd>{customer.hasPassword ? 'задан' : 'не задан (аккаунт создан при заказе)'}</dd>
          </dl>
        </Section>
        <Section title="Заказы">
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs text-ink-600">Всего заказов</dt>
              <dd className="text-2xl font-bold" data-figure="orders">
                {customer.totals.orders}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-600">Без отменённых</dt>
              <dd className="text-2xl font-bold">{customer.totals.active}</dd>
            </div>
            <div>
              <dt className="text-xs text-ink-600">Сумма заказов</dt>
              <dd className="text-lg font-bold whitespace-nowrap" data-figure="spent">
                {formatRub(customer.totals.spent)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-600">Оплачено</dt>
              <dd className="text-lg font-bold whitespace-nowrap">{formatRub(customer.totals.paid)}</dd>
            </div>
          </dl>
        </Section>
        <Section title="Подписка на рассылку">
          <p className="text-sm">{customer.subscribed ? 'Согласие в личном кабинете: да' : 'Согласия в личном кабинете нет'}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {customer.subscriptions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2">
                <Badge tone={SUBSCRIPTION_TONES[s.status]}>{SUBSCRIPTION_STATUS_LABELS[s.status]}</Badge>
                <span className="text-ink-600">
                  форма на {s.page}, {moscow(s.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <div className="mt-4">
        <Section title={`История заказов${customer.orders.length < customer.totals.orders ? ` (последние ${customer.orders.length})` : ''}`}>
          {customer.orders.length === 0 ? (
            <p className="text-sm text-ink-600">Заказов нет.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs uppercase tracking-wide text-ink-600">
                  <tr>
                    <th className="py-2 pr-3">Заказ</th>
                    <th className="py-2 pr-3">Дата</th>
                    <th className="py-2 pr-3">Статус</th>
                    <th className="py-2 pr-3">Товаров</th>
                    <th className="py-2 pr-3">Доставка</th>
                    <th className="py-2 pr-3 text-right">Сумма</th>
                  </tr>
                </thead>
                <tbody>
                  {customer.orders.map((o) => (
                    <tr key={o.id} className="border-t border-line">
                      <td className="py-2 pr-3">
                        {ordersLink ? (
                          <Link className={ui.link} href={`/admin/orders/${o.id}/`}>
                            №{o.id}
                          </Link>
                        ) : (
                          `№${o.id}`
                        )}
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{moscow(o.createdAt)}</td>
                      <td className="py-2 pr-3">
                        <span className="inline-flex items-center gap-1.5">
                          <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: ORDER_STATUS[o.status].color }} />
                          {ORDER_STATUS[o.status].label}
                          {o.paidAt && o.status !== 'cancelled' ? <Badge tone="good">оплачен</Badge> : null}
                        </span>
                      </td>
                      <td className="py-2 pr-3 tabular-nums">{o.items}</td>
                      <td className="py-2 pr-3">
                        {o.deliveryName}
                        {o.address ? <span className="block text-xs text-ink-600">{o.address}</span> : null}
                      </td>
                      <td className={`py-2 pr-3 text-right whitespace-nowrap tabular-nums ${o.status === 'cancelled' ? 'text-ink-400 line-through' : ''}`}>{formatRub(o.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Section title="Адреса доставки">
          {customer.addresses.length === 0 ? (
            <p className="text-sm text-ink-600">Адресов в личном кабинете нет.</p>
          ) : (
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {customer.addresses.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ol>
          )}
        </Section>
        <Section title="Отзывы">
          {customer.reviews.length === 0 ? (
            <p className="text-sm text-ink-600">Отзывов нет.</p>
          ) : (
            <ul className="space-y-3 text-sm">
              {customer.reviews.map((r) => (
                <li key={r.id}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{r.productName}</span>
                    <span aria-label={`${r.rating} из 5`}>{'★'.repeat(r.rating)}</span>
                    <Badge tone={REVIEW_LABELS[r.status][1]}>{REVIEW_LABELS[r.status][0]}</Badge>
                    <span className="text-ink-600">{moscow(r.createdAt)}</span>
                  </div>
                  <p className="mt-1 line-clamp-3 whitespace-pre-line text-ink-900">{r.text}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  )
}
