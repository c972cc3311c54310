import { resetPasswordInput } from '@/domains/account/account.schema'
import { resetPassword } from '@/domains/account/password.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(resetPasswordInput, resetPassword)
