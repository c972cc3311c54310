import { subscribeAfterOrder } from '@/domains/checkout/after-order.server'
import { orderSubscriptionInput } from '@/domains/checkout/checkout.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(orderSubscriptionInput, subscribeAfterOrder)
