import { pvzInput } from '@/domains/delivery/delivery.schema'
import { pvz } from '@/domains/delivery/pickup.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(pvzInput, pvz)
