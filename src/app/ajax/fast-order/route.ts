import { fastOrderInput, oneClickDeliveriesInput } from '@/domains/checkout/checkout.schema'
import { listOneClickDeliveries, placeFastOrder } from '@/domains/checkout/fast-order.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(fastOrderInput, placeFastOrder)
/** Our own read call: the deliveries the one-click area lists (spec section 3, ADR 105). */
export const GET = ajax(oneClickDeliveriesInput, listOneClickDeliveries, { method: 'GET' })
