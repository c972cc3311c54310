import { profileInput } from '@/domains/account/account.schema'
import { saveProfile } from '@/domains/account/profile.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(profileInput, saveProfile)
