import { sendEventInput } from '@/domains/analytics/analytics.schema'
import { sendEvent } from '@/domains/analytics/analytics.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(sendEventInput, (input, ctx) => sendEvent(input, ctx.sessionId))
