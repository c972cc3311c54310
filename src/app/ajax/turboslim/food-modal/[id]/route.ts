import { modalIdInput } from '@/domains/landings/landings.schema'
import { recipeForModal } from '@/domains/landings/landings.server'
import { ajax, withPathParams } from '@/lib/ajax'

const handle = ajax(modalIdInput, ({ id }) => recipeForModal(id), { method: 'GET' })

export async function GET(request: Request, ctx: RouteContext<'/ajax/turboslim/food-modal/[id]'>) {
  return handle(withPathParams(request, await ctx.params))
}
