import { badSessidAnswer, checkoutCall } from '@/domains/checkout/checkout.server'
import { checkoutRequest } from '@/domains/checkout/checkout.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(checkoutRequest, checkoutCall, { onBadSessid: badSessidAnswer })
