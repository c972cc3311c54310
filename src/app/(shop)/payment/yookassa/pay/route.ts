import { yookassaPayInput } from '@/domains/payment/providers/yookassa/yookassa.schema'
import { yookassaPay } from '@/domains/payment/providers/yookassa/yookassa.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(yookassaPayInput, yookassaPay)
