import { basketInput } from '@/domains/cart/cart.schema'
import { basketCall } from '@/domains/cart/cart.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(basketInput, (input, ctx) => basketCall(input, ctx.sessionId))
