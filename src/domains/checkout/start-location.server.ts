import 'server-only'
import { findCity } from '@/domains/delivery/delivery.server'
import { refreshOrder } from './checkout.server'
import { toCheckoutForm } from './checkout.schema'

/**
 * The location code the checkout page opens with for this visitor, asked of the checkout's own first
 * refresh (ADR 040) so another page (the cart's delivery summary, ADR 095) names the same city: a
 * profile's location, else the region cookie's city when we know it, else the shop default. '' when the
 * basket is empty or no location applies.
 */
export async function checkoutStartLocation(cookieId: string, regionCode: string): Promise<string> {
  const known = regionCode ? await findCity(regionCode.slice(0, 100)) : undefined
  const answer = await refreshOrder(cookieId, toCheckoutForm({ RECENT_DELIVERY_VALUE: known?.code ?? '' }))
  if (!('order' in answer) || !answer.order) return ''
  return answer.order.ORDER_PROP.properties.find((p) => p.IS_LOCATION === 'Y')?.VALUE[0] ?? ''
}
