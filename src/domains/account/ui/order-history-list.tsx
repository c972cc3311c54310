import { Link } from '@/ui/link'
import { DELIVERY_KIND_LABEL, type HistoryOrder } from '../order-history'
import { OrderActions } from './order-actions'

/** Expandable orders (native details/summary: works before any script, keyboard included). */
export function OrderHistoryList({ orders }: { orders: HistoryOrder[] }) {
  if (orders.length === 0) {
    return (
      <div className="rounded-2xl bg-surface p-6 text-ink-600">
        <p>Заказов пока нет.</p>
        <Link href="/catalog/" className="mt-3 inline-block font-semibold text-brand-700 underline">
          Перейти в каталог
        </Link>
      </div>
    )
  }
  return (
    <ul className="flex flex-col gap-3">
      {orders.map((order) => (
        <li key={order.id}>
          <details className="group rounded-2xl border border-line bg-white" data-order={order.number}>
            <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-4 gap-y-1 p-4 [&::-webkit-details-marker]:hidden">
              <span className="font-semibold">Заказ № {order.number}</span>
              {order.fitoId ? <span className="text-sm text-ink-600">({order.fitoId})</span> : null}
              <span className="text-sm text-ink-600">от {order.date}</span>
              <span className="text-sm font-semibold" style={{ color: order.status.COLOR }}>
                {order.status.NAME}
              </span>
              <span className="ml-auto text-sm font-semibold">{order.total}</span>
              <span aria-hidden="true" className="text-ink-400 transition group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="flex flex-col gap-4 border-t border-line p-4">
              <ul className="flex flex-col gap-3">
                {order.products.map((p, i) => (
                  <li key={i} className="flex gap-3">
                    {p.img ? (
                      <img src={p.img} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-lg border border-line object-contain" />
                    ) : (
                      <span className="h-14 w-14 shrink-0 rounded-lg bg-surface" />
                    )}
                    <div className="min-w-0 flex-1">
                      {p.link ? (
                        <Link href={p.link} className="font-medium hover:text-brand-700">
                          {p.name}
                        </Link>
                      ) : (
                        <span className="font-medium">{p.name}</span>
                      )}
                      {Object.keys(p.properties).length > 0 ? (
                        <p className="text-sm text-ink-600">
                          {Object.entries(p.properties)
                            .map(([k, v]) => `${k}: ${v}`)
                            .join(', ')}
                        </p>
                      ) : null}
                    </div>
                    <span className="shrink-0 text-sm text-ink-600">{p.quantity} шт.</span>
                  </li>
                ))}
              </ul>
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="text-ink-600">Доставка</dt>
                <dd>
                  {order.typeDelivery ? `${DELIVERY_KIND_LABEL[order.typeDelivery]}: ` : ''}
                  {order.nameDelivery}
                </dd>
                {order.address ? (
                  <>
                    <dt className="text-ink-600">Адрес</dt>
                    <dd className="break-words">{order.address}</dd>
                  </>
                ) : null}
                {order.track ? (
                  <>
                    <dt className="text-ink-600">Трек-номер</dt>
                    <dd>
                      {order.deliveryTrackLink ? (
                        <a href={order.deliveryTrackLink} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                          {order.track}
                        </a>
                      ) : (
                        order.track
                      )}
                    </dd>
                  </>
                ) : null}
                {order.carrierStatus ? (
                  <>
                    <dt className="text-ink-600">Статус доставки</dt>
                    <dd data-testid="carrier-status">{order.carrierStatus}</dd>
                  </>
                ) : null}
                <dt className="text-ink-600">Оплата</dt>
                <dd>{order.payment}</dd>
              </dl>
              <div className="flex flex-wrap items-center gap-3">
                {order.payUrl ? (
                  <Link
                    href={order.payUrl}
                    className="inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-accent-500 px-6 py-2.5 font-semibold text-white hover:opacity-90"
                  >
                    Оплатить
                  </Link>
                ) : null}
                <OrderActions orderId={order.id} canCancel={order.canCancel} />
              </div>
            </div>
          </details>
        </li>
      ))}
    </ul>
  )
}
