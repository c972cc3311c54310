import { sandboxInput } from '@/domains/payment/payment.schema'
import { sandboxChoice } from '@/domains/payment/payment.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(sandboxInput, sandboxChoice)
