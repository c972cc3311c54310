import { getAddress } from '@/domains/delivery/courier.server'
import { getAddressInput } from '@/domains/delivery/delivery.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(getAddressInput, getAddress)
