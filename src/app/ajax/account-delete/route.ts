import { deleteAccount } from '@/domains/account/account-deletion.server'
import { deleteAccountInput } from '@/domains/account/order-actions.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(deleteAccountInput, deleteAccount)
