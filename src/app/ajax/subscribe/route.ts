import { promoInput, subscribeInput } from '@/domains/forms/forms.schema'
import { promoForRegion, subscribe } from '@/domains/forms/forms.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(subscribeInput, (input, ctx) => subscribe(input, ctx))
/** Our own read call: whether the 10% promo text applies to the visitor's region. */
export const GET = ajax(promoInput, promoForRegion, { method: 'GET' })
