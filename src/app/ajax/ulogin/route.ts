import { uloginInput } from '@/domains/account/account.schema'
import { socialLogin } from '@/domains/account/social-login.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(uloginInput, socialLogin)
