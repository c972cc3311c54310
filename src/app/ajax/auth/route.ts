import { authInput } from '@/domains/account/account.schema'
import { login } from '@/domains/account/auth.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(authInput, login)
