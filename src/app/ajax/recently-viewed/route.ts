import { recentlyViewedInput } from '@/domains/content/content.schema'
import { recentlyViewedFor, recordProductView } from '@/domains/content/content.server'
import { ajax } from '@/lib/ajax'

/** Per visitor, so product and home pages stay cacheable: action=add records a view, action=get reads. */
export const POST = ajax(recentlyViewedInput, (input, ctx) =>
  input.action === 'add' ? recordProductView(ctx.sessionId, input.productId) : recentlyViewedFor(ctx.sessionId, input.exclude),
)
