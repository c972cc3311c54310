import { modalIdInput } from '@/domains/landings/landings.schema'
import { productForModal } from '@/domains/landings/landings.server'
import { ajax, withPathParams } from '@/lib/ajax'

const handle = ajax(modalIdInput, ({ id }) => productForModal(id), { method: 'GET' })

export async function GET(request: Request, ctx: RouteContext<'/ajax/turboslim/product-modal/[id]'>) {
  return handle(withPathParams(request, await ctx.params))
}
