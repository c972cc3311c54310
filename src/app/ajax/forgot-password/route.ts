import { forgotPasswordInput } from '@/domains/account/account.schema'
import { requestRecovery } from '@/domains/account/password.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(forgotPasswordInput, requestRecovery)
