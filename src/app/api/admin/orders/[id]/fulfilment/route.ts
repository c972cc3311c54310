import { fulfilmentInput } from '@/domains/orders/fulfilment.schema'
import { fulfilmentCall } from '@/domains/orders/fulfilment.server'
import { adminApi } from '@/lib/admin-api'

const handle = adminApi(fulfilmentInput, fulfilmentCall)

/** The back office's word on an order (ADR 055): token-authenticated, not a browser call. */
export async function POST(request: Request, ctx: RouteContext<'/api/admin/orders/[id]/fulfilment'>) {
  return handle(request, await ctx.params)
}
