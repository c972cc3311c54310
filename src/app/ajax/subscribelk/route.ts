import { subscribeLkInput } from '@/domains/account/account.schema'
import { subscribeLk } from '@/domains/account/profile.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(subscribeLkInput, subscribeLk)
