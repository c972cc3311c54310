import { recentlyViewedInput } from '@/domains/recently-viewed/recently-viewed.schema'
import { recentlyViewedFor, recordProductView } from '@/domains/recently-viewed/recently-viewed.server'
import { ajax } from '@/lib/ajax'

/** Per visitor, so product and home pages stay cacheable: action=add records a view, action=get reads. */
export const POST = ajax(recentlyViewedInput, (input, ctx) =>
  input.action === 'add' ? recordProductView(ctx.sessionId, input.productId) : recentlyViewedFor(ctx.sessionId, input.exclude),
)
