import { Link } from '@/ui/link'
import { formatRub } from '@/lib/money'
import type { ConfirmationView } from '../checkout-page.server'

/** /personal/order/?ORDER_ID=: number, lines, delivery, payment, total and 'Оплатить' for online methods. */
export function OrderConfirmation({ view }: { view: ConfirmationView }) {
  const { order, lines } = view
  return (
    <article className="mx-auto max-w-2xl" data-testid="order-confirmation">
      <h1 className="text-2xl font-bold sm:text-3xl">Заказ №{order.id} оформлен</h1>
      <p className="mt-2">
        Статус:{' '}
        <span className="font-semibold" style={{ color: view.statusColor }} data-testid="order-status">
          {view.statusLabel}
        </span>
      </p>
      <ul className="mt-5 divide-y divide-line rounded-2xl border border-line">
        {lines.map((l) => (
          <li key={l.id} className="flex gap-3 p-3 text-sm">
            <img src={l.picture || '/favicon.ico'} alt="" width={56} height={56} className="h-14 w-14 shrink-0 object-contain" />
            <span className="flex min-w-0 flex-1 flex-col">
              <a href={l.link} className="hover:underline">
                {l.name}
              </a>
              <span className="text-ink-600">{l.isGift === 'Y' ? 'Подарок' : `${l.quantity} шт. × ${formatRub(l.price)}`}</span>
            </span>
            <span className="shrink-0 font-semibold">{formatRub(l.sum)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-5 grid gap-2 text-sm sm:grid-cols-[160px_1fr]">
        <dt className="text-ink-600">Доставка</dt>
        <dd>
          {order.deliveryName}
          {order.locationName ? `, ${order.locationName}` : ''}
          {order.address ? `, ${order.address}` : ''} — {formatRub(order.deliveryPrice)}
        </dd>
        <dt className="text-ink-600">Оплата</dt>
        <dd>{order.paySystemName}</dd>
        {order.discount > 0 && (
          <>
            <dt className="text-ink-600">Скидка</dt>
            <dd>−{formatRub(order.discount)}</dd>
          </>
        )}
        <dt className="text-lg font-bold">Итого</dt>
        <dd className="text-lg font-bold" data-testid="confirmation-total">
          {formatRub(order.total)}
        </dd>
      </dl>
      {view.due > 0 && (
        <p className="mt-4 rounded-xl bg-surface p-4" data-testid="confirmation-due">
          Заказ изменён и стал дороже. К доплате: <b>{formatRub(view.due)}</b>
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {view.payUrl && (
          <a href={view.payUrl} className="rounded-full bg-brand-600 px-6 py-3 text-center font-semibold text-white hover:bg-brand-700">
            Оплатить
          </a>
        )}
        {view.invoiceUrl && (
          <a href={view.invoiceUrl} target="_blank" rel="noopener" className="rounded-full border border-brand-600 px-6 py-3 text-center font-semibold text-brand-700">
            Счёт на оплату
          </a>
        )}
        <Link href="/catalog/" className="rounded-full border border-line px-6 py-3 text-center">
          Продолжить покупки
        </Link>
      </div>
    </article>
  )
}
