import 'server-only'
import { db } from '@/db/client'
import { toDeliveryLines } from '@/domains/checkout/checkout-state.server'
import { checkoutStartLocation } from '@/domains/checkout/start-location.server'
import { REGION_COOKIE } from '@/domains/delivery/delivery'
import { NO_SUMMARY, type DeliverySummary } from '@/domains/delivery/delivery-summary'
import { deliverySummary } from '@/domains/delivery/delivery-summary.server'
import { findSession, ownerOf } from '@/domains/session/session.server'
import type { AjaxContext } from '@/lib/ajax'
import { readCookie } from '@/lib/session'
import { loadBasket } from './cart.server'
import type { CartDeliveryInput } from './cart.schema'

/**
 * The cart page's delivery summary (ADR 095) for the visitor's basket and city: the city is the one the
 * checkout would open with (profile, region cookie, shop default), so both pages agree.
 */
export async function cartDeliverySummary(cookieId: string, regionCode: string): Promise<DeliverySummary> {
  const session = cookieId ? await findSession(db(), cookieId) : null
  if (!session) return NO_SUMMARY
  const basket = await loadBasket(db(), ownerOf(session))
  if (basket.length === 0) return NO_SUMMARY
  return deliverySummary(await checkoutStartLocation(cookieId, regionCode), toDeliveryLines(basket))
}

/** GET /ajax/cart-delivery/ (ours): the summary again after the basket or the city changed on the cart page. */
export function cartDeliveryCall(_input: CartDeliveryInput, ctx: AjaxContext): Promise<DeliverySummary> {
  return cartDeliverySummary(ctx.sessionId, readCookie(ctx.request.headers.get('cookie'), REGION_COOKIE) ?? '')
}
