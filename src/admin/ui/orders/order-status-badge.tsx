import { ORDER_STATUS, type OrderStatus } from '@/domains/orders/order-status'
import { Badge, type BadgeTone } from '../badge'

/** The order's status in the colours of the shared badge: waiting amber, moving blue, done green, cancelled red. */
const TONE: Record<OrderStatus, BadgeTone> = {
  new: 'info',
  awaiting_payment: 'warn',
  paid: 'good',
  assembling: 'info',
  shipped: 'info',
  delivered: 'good',
  cancelled: 'bad',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONE[status]}>{ORDER_STATUS[status].label}</Badge>
}

export function PaymentBadge({ paid }: { paid: boolean }) {
  return <Badge tone={paid ? 'good' : 'neutral'}>{paid ? 'Оплачен' : 'Не оплачен'}</Badge>
}
