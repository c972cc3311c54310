import { courierOffers } from '@/domains/delivery/courier.server'
import { courierInput } from '@/domains/delivery/delivery.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(courierInput, courierOffers)
