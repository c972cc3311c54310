import 'server-only'
import { db } from '@/db/client'
import { carrierPeriod } from '@/domains/orders/order-edit'
import { deliveryEditChoices } from '@/domains/orders/order-edit.server'
import { orderById } from '@/domains/orders/orders.server'
import { OrderDeliveryEditor } from './order-delivery-editor'

/**
 * «Изменить доставку» on the order page: the menu of the order's city, then the client form (ADR 167),
 * which loads another city's menu from /api/admin/orders/{id}/delivery-choices/ when the manager
 * moves the order (ADR 167's addendum). A carrier's courier has no slot for the card's «Интервал»:
 * its period is told here (ADR 212).
 */
export async function OrderDeliveryEdit({ orderId }: { orderId: number }) {
  const order = await orderById(db(), orderId)
  if (!order) return null
  const choices = await deliveryEditChoices(order)
  const period = choices.current.period
  return (
    <>
      {period ? (
        <dl className="grid grid-cols-[8rem_1fr] gap-2 py-1 text-sm">
          <dt className="text-ink-600">Срок доставки</dt>
          <dd className="min-w-0 break-words">{carrierPeriod(period.from, period.to)}</dd>
        </dl>
      ) : null}
      <OrderDeliveryEditor orderId={orderId} choices={choices} />
    </>
  )
}
