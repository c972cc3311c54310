import { gatewayPayInput } from '@/domains/payment/providers/gateway-pay.schema'
import { tbankPay } from '@/domains/payment/providers/tbank/tbank.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(gatewayPayInput, tbankPay)
