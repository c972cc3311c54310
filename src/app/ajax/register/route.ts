import { registerInput } from '@/domains/account/account.schema'
import { register } from '@/domains/account/auth.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(registerInput, register)
