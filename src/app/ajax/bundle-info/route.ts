import { bundleInfoInput } from '@/domains/analytics/analytics.schema'
import { bundleInfo } from '@/domains/analytics/analytics.server'
import { ajax } from '@/lib/ajax'

export const POST = ajax(bundleInfoInput, (input) => bundleInfo(input))
