import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'
import { requirePermission } from '@/admin/session.server'
import { PageHeader } from '@/admin/ui/page-header'
import { editRefusal } from '@/domains/orders/order-edit'
import { ui } from '@/admin/ui/styles'
import { OrderDeliveryEdit } from '@/admin/ui/orders/order-delivery-edit'
import { OrderLinesEditor } from '@/admin/ui/orders/order-lines-editor'
import { OrderNoteForm } from '@/admin/ui/orders/order-note-form'
import { OrderHoldActions } from '@/admin/ui/orders/order-hold-actions'
import { OrderRefundForm } from '@/admin/ui/orders/order-refund-form'
import { OrderSettlementForm } from '@/admin/ui/orders/order-settlement-form'
import { OrderStatusActions } from '@/admin/ui/orders/order-status-actions'
import { OrderStatusBadge, PaymentBadge } from '@/admin/ui/orders/order-status-badge'
import { OrderTimelineList } from '@/admin/ui/orders/order-timeline-list'
import { OrderShipmentPanel } from '@/admin/ui/orders/order-shipment-panel'
import { can } from '@/domains/staff/permissions'
import { orderIdParams } from '@/domains/orders/order-admin-actions.schema'
import { orderDetail } from '@/domains/orders/order-admin.server'
import { refundSummary } from '@/domains/payment/refund.server'
import { PAYMENT_STATE_LABELS } from '@/domains/payment/payment-state'
import { yookassaPanel } from '@/domains/payment/providers/yookassa/yookassa-panel.server'
import type { PaymentStatus } from '@/db/schema'
import { amountDue } from '@/domains/payment/surcharge'
import { db } from '@/db/client'
import { formatRub } from '@/lib/money'

export async function generateMetadata({ params }: PageProps<'/admin/orders/[id]'>): Promise<Metadata> {
  return { title: `Заказ №${(await params).id}` }
}

const RECEIPT_STATE: Record<string, string> = { pending: 'регистрируется', succeeded: 'зарегистрирован', canceled: 'не зарегистрирован', requested: 'нет ответа ЮKassa', failed: 'не принят' }
const REFUND_STATE: Record<string, string> = { requested: 'запрошен', processing: 'в обработке', succeeded: 'выполнен', failed: 'не прошёл' }
const moscow = (iso: string) => new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`${ui.card} p-4`}>
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-ink-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

export default async function OrderPage({ params }: PageProps<'/admin/orders/[id]'>) {
  const { id: raw } = await params
  const actor = await requirePermission('orders.read', `/admin/orders/${encodeURIComponent(raw)}/`)
  const id = orderIdParams.safeParse({ id: raw })
  if (!id.success) notFound()
  const [order, money, yookassa] = await Promise.all([orderDetail(id.data.id, actor), refundSummary(db(), id.data.id), yookassaPanel(db(), id.data.id)])
  if (!order || !money) notFound()
  // A prepaid ЮKassa order sends its settlement receipt when shipped, with the marked pieces' codes (ADR 183).
  const settlementDue = yookassa.prepaid && (yookassa.settlement === null || yookassa.settlement.status === 'failed' || yookassa.settlement.status === 'requested')
  // An edit made the paid order dearer: its surcharge waits for the buyer (ADR 169).
  const due = amountDue({ paidAt: order.payment.paidAt, status: order.status }, order.payment.payments)
  const canNote = can(actor.role, 'orders.fulfil')
  const { totals, delivery, payment, buyer } = order
  return (
    <>
      <div className="mb-2 text-sm">
        <Link href="/admin/orders/" className={ui.link}>
          ← Все заказы
        </Link>
      </div>
      <PageHeader
        title={`Заказ №${order.id}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>от {moscow(order.createdAt)}</span>
            <OrderStatusBadge status={order.status} />
            <PaymentBadge paid={payment.paidAt !== null} />
            {order.source === 'one-click' ? <span>· в один клик</span> : null}
          </span>
        }
        actions={
          <>
            <Link className={ui.buttonSecondary} href={`/admin/orders/print/?ids=${order.id}&form=invoice`}>
              Счёт на оплату
            </Link>
            <Link className={ui.buttonSecondary} href={`/admin/orders/print/?ids=${order.id}&form=packing`}>
              Упаковочный лист
            </Link>
          </>
        }
      />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <Card title="Состав заказа">
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-ink-600">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-semibold">Товар</th>
                    <th scope="col" className="py-1 pr-2 text-right font-semibold">Цена</th>
                    <th scope="col" className="py-1 pr-2 text-right font-semibold">Кол-во</th>
                    <th scope="col" className="py-1 text-right font-semibold">Сумма</th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((l) => (
                    <tr key={l.id} className="border-t border-line">
                      <td className="py-2 pr-2">
                        {l.link ? (
                          <a className={ui.link} href={l.link} target="_blank" rel="noreferrer">
                            {l.name}
                          </a>
                        ) : (
                          l.name
                        )}
                        {l.gift ? <span className="ml-2 text-xs text-brand-700">подарок</span> : null}
                        {Object.keys(l.properties).length ? (
                          <div className="text-xs text-ink-600">
                            {Object.entries(l.properties)
                              .map(([k, v]) => `${k}: ${v}`)
                              .join(', ')}
                          </div>
                        ) : null}
                      </td>
                      <td className="py-2 pr-2 text-right whitespace-nowrap">
                        {formatRub(l.price)}
                        {l.basePrice > l.price ? <div className="text-xs text-ink-600 line-through">{formatRub(l.basePrice)}</div> : null}
                      </td>
                      <td className="py-2 pr-2 text-right">{l.quantity}</td>
                      <td className="py-2 text-right whitespace-nowrap">{formatRub(l.sum)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mt-3 ml-auto max-w-xs border-t border-line pt-2 text-sm">
              <div className="flex justify-between py-0.5">
                <dt className="text-ink-600">Товары без скидки</dt>
                <dd>{formatRub(totals.basePrice)}</dd>
              </div>
              {totals.basePrice > totals.goodsPrice ? (
                <div className="flex justify-between py-0.5">
                  <dt className="text-ink-600">Скидка{order.coupon ? ` (промокод ${order.coupon})` : ''}</dt>
                  <dd>−{formatRub(totals.basePrice - totals.goodsPrice)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between py-0.5">
                <dt className="text-ink-600">Доставка</dt>
                <dd>{totals.deliveryPrice ? formatRub(totals.deliveryPrice) : 'бесплатно'}</dd>
              </div>
              <div className="flex justify-between py-1 text-base font-semibold">
                <dt>Итого</dt>
                <dd>{formatRub(totals.total)}</dd>
              </div>
              {totals.weightGrams ? <div className="text-right text-xs text-ink-600">Вес {(totals.weightGrams / 1000).toLocaleString('ru-RU')} кг</div> : null}
            </dl>
            {can(actor.role, 'orders.write') && editRefusal({ status: order.status, paidAt: payment.paidAt ? new Date(payment.paidAt) : null }) === null ? (
              <OrderLinesEditor orderId={order.id} lines={order.lines.filter((l) => !l.gift).map((l) => ({ id: l.id, name: l.name, quantity: l.quantity }))} />
            ) : null}
          </Card>
          <Card title="История заказа">
            <OrderTimelineList entries={order.timeline} />
            {canNote ? (
              <div className="mt-4 border-t border-line pt-4">
                <OrderNoteForm orderId={order.id} />
              </div>
            ) : null}
          </Card>
        </div>
        <div className="min-w-0 space-y-4">
          <Card title="Статус">
            <OrderStatusActions
              orderId={order.id}
              steps={order.steps}
              trackRequired={!can(actor.role, 'orders.write')}
              currentTrack={delivery.trackNumber}
              settlement={settlementDue ? { pieces: yookassa.pieces } : null}
            />
          </Card>
          <Card title="Покупатель">
            <dl>
              <Row label="Имя">{buyer.name || '—'}</Row>
              <Row label="Телефон">{buyer.phone ? <a className={ui.link} href={`tel:${buyer.phone.replace(/[^\d+]/g, '')}`}>{buyer.phone}</a> : '—'}</Row>
              <Row label="E-mail">{buyer.email ? <a className={ui.link} href={`mailto:${buyer.email}`}>{buyer.email}</a> : '—'}</Row>
              <Row label="Аккаунт">{buyer.userId ? `№${buyer.userId}` : 'гость'}</Row>
              {order.comment ? <Row label="Комментарий">{order.comment}</Row> : null}
            </dl>
          </Card>
          <Card title="Доставка">
            <dl>
              <Row label="Способ">{delivery.name || '—'}</Row>
              <Row label="Город">{delivery.city || '—'}</Row>
              {delivery.pointId ? <Row label="Пункт выдачи">{delivery.pointId}</Row> : null}
              {delivery.address ? <Row label="Адрес">{delivery.address}</Row> : null}
              {delivery.slot ? (
                <Row label="Интервал">
                  {delivery.slot.date}, {delivery.slot.time}
                </Row>
              ) : null}
              <Row label="Трек-номер">
                {delivery.trackNumber ? (
                  delivery.trackingLink ? (
                    <a className={ui.link} href={delivery.trackingLink} target="_blank" rel="noreferrer">
                      {delivery.trackNumber}
                    </a>
                  ) : (
                    delivery.trackNumber
                  )
                ) : (
                  '—'
                )}
              </Row>
              {delivery.fitoId ? <Row label="№ в учётной системе">{delivery.fitoId}</Row> : null}
            </dl>
            {can(actor.role, 'orders.write') && editRefusal({ status: order.status, paidAt: payment.paidAt ? new Date(payment.paidAt) : null }) === null ? <OrderDeliveryEdit orderId={order.id} /> : null}
          </Card>
          <OrderShipmentPanel orderId={order.id} role={actor.role} />
          <Card title="Оплата">
            <dl>
              <Row label="Способ">{payment.name || '—'}</Row>
              <Row label="Оплачен">{payment.paidAt ? moscow(payment.paidAt) : 'нет'}</Row>
              {payment.cancelledAt ? <Row label="Отменён">{moscow(payment.cancelledAt)}</Row> : null}
            </dl>
            {payment.payments.length ? (
              <ul className="mt-2 space-y-1 border-t border-line pt-2 text-sm">
                {payment.payments.map((p) => {
                  const held = yookassa.held.find((h) => h.id === p.id)
                  const receipt = yookassa.receipts.get(p.id)
                  return (
                    <li key={p.id} data-testid={`payment-${p.id}`}>
                      {formatRub(p.amount)} · {PAYMENT_STATE_LABELS[p.status as PaymentStatus] ?? p.status}
                      <div className="font-mono text-xs break-all text-ink-600">
                        {p.provider} · {p.externalId}
                      </div>
                      {receipt?.status ? (
                        <div className="text-xs text-ink-600">
                          Чек прихода: {RECEIPT_STATE[receipt.status] ?? receipt.status}
                          {receipt.id ? ` · № ${receipt.id}` : ''}
                        </div>
                      ) : null}
                      {held ? (
                        <div className="mt-1 rounded-md bg-amber-50 px-2 py-1">
                          <strong>Деньги заблокированы{held.until ? ` до ${moscow(held.until)}` : ''}</strong>
                          {can(actor.role, 'orders.refund') ? <OrderHoldActions orderId={order.id} paymentId={p.id} held={held.amount} total={totals.total} /> : null}
                        </div>
                      ) : null}
                    </li>
                  )
                })}
              </ul>
            ) : null}
            {money.paid > 0 ? (
              <dl className="mt-2 border-t border-line pt-2" aria-label="Деньги по заказу">
                <Row label="Оплачено">{formatRub(money.paid)}</Row>
                <Row label="Возвращено">{formatRub(money.refunded)}</Row>
                <Row label="Остаток">
                  <strong>{formatRub(money.left)}</strong>
                </Row>
                {due > 0 ? (
                  <Row label="К доплате">
                    <strong className="text-sale-500" data-testid="order-due">
                      {formatRub(due)}
                    </strong>
                  </Row>
                ) : null}
              </dl>
            ) : null}
            {money.refunds.length ? (
              <ul className="mt-2 space-y-1 border-t border-line pt-2 text-sm" aria-label="Возвраты">
                {money.refunds.map((r) => (
                  <li key={r.id}>
                    Возврат {formatRub(r.amount)} · <span className={r.status === 'failed' ? 'text-sale-500' : ''}>{REFUND_STATE[r.status] ?? r.status}</span>
                    <div className="text-xs text-ink-600">
                      {moscow(r.createdAt)}
                      {r.author ? ` · ${r.author}` : ''}
                      {r.reason === 'paid-after-cancel' ? ' · оплата после отмены' : r.reason === 'edit' ? ' · заказ уменьшен' : ''}
                    </div>
                    {r.error ? <div className="text-xs text-sale-500">{r.error}</div> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {yookassa.settlement ? (
              <p className="mt-2 border-t border-line pt-2 text-sm" data-testid="settlement-receipt">
                Чек полного расчёта: {RECEIPT_STATE[yookassa.settlement.status] ?? yookassa.settlement.status}
                {yookassa.settlement.receiptId ? <span className="font-mono text-xs text-ink-600"> · № {yookassa.settlement.receiptId}</span> : null}
                {yookassa.settlement.error ? <span className="block text-xs text-sale-500">{yookassa.settlement.error}</span> : null}
              </p>
            ) : null}
            {settlementDue && ['shipped', 'delivered'].includes(order.status) && can(actor.role, 'orders.fulfil') ? <OrderSettlementForm orderId={order.id} pieces={yookassa.pieces} /> : null}
            {can(actor.role, 'orders.refund') && money.left > 0 ? (
              <OrderRefundForm
                orderId={order.id}
                facts={money.facts}
                lines={money.facts.order.lines.map((l) => ({ id: l.id, name: l.name, sold: l.quantity, left: money.lines.find((m) => m.id === l.id)?.quantity ?? 0 }))}
                deliveryLeft={money.deliveryLeft}
                left={money.left}
              />
            ) : null}
            {money.paid > 0 && money.left === 0 && ['paid', 'assembling'].includes(order.status) ? (
              <p className="mt-2 text-xs text-ink-600">Оплата возвращена полностью, а заказ ещё не отправлен: если отправлять его не нужно, отмените заказ.</p>
            ) : null}
            {can(actor.role, 'orders.refund') && money.paid === 0 && payment.paidAt ? (
              <p className="mt-2 text-xs text-ink-600">Оплата при получении: деньги возвращают вне магазина, через платёжную систему вернуть нечего.</p>
            ) : null}
          </Card>
        </div>
      </div>
    </>
  )
}
