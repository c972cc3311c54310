import { dolyamePay } from '@/domains/payment/providers/dolyame/dolyame.server'
import { gatewayPayInput } from '@/domains/payment/providers/gateway-pay.schema'
import { ajax } from '@/lib/ajax'

export const POST = ajax(gatewayPayInput, dolyamePay)
