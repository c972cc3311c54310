import { ownDataInput } from '@/domains/account/account.schema'
import { getSubscribed } from '@/domains/account/profile.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(ownDataInput, getSubscribed)
