import 'server-only'
import { db } from '@/db/client'
import { deliveryEditChoices } from '@/domains/orders/order-edit.server'
import { orderById } from '@/domains/orders/orders.server'
import { OrderDeliveryEditor } from './order-delivery-editor'

/** «Изменить доставку» on the order page: the menu of the order's city, then the client form (ADR 167). */
export async function OrderDeliveryEdit({ orderId }: { orderId: number }) {
  const order = await orderById(db(), orderId)
  if (!order) return null
  return <OrderDeliveryEditor orderId={orderId} choices={await deliveryEditChoices(order)} />
}
