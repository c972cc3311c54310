import { cancelOwnOrder } from '@/domains/account/order-actions.server'
import { orderActionInput } from '@/domains/account/order-actions.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(orderActionInput, cancelOwnOrder)
