import { changePasswordInput } from '@/domains/account/account.schema'
import { changePassword } from '@/domains/account/password.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(changePasswordInput, changePassword)
