import { logoutInput } from '@/domains/account/account.schema'
import { logout } from '@/domains/account/auth.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(logoutInput, logout)
