import { subscribeEcoInput } from '@/domains/forms/forms.schema'
import { subscribe } from '@/domains/forms/forms.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(subscribeEcoInput, (input, ctx) => subscribe(input, ctx, '/eco/'))
