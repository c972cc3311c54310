import { carrierPointsInput } from '@/domains/delivery/delivery.schema'
import { carrierPoints } from '@/domains/delivery/pickup.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(carrierPointsInput, (input) => carrierPoints('boxberry', input))
