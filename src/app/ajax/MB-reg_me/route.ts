import { registerMe } from '@/domains/checkout/after-order.server'
import { registerMeInput } from '@/domains/checkout/checkout.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(registerMeInput, registerMe)
