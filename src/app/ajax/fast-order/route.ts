import { fastOrderInput } from '@/domains/checkout/checkout.schema'
import { placeFastOrder } from '@/domains/checkout/fast-order.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(fastOrderInput, placeFastOrder)
