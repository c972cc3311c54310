import 'server-only'
import { db } from '@/db/client'
import { cartOfVisitor } from '@/domains/cart/cart.server'
import { findSession, ownerOf } from '@/domains/session/session.server'
import { Refusal } from '@/lib/refusal'
import { kopecksToRubles } from '@/lib/money'
import { ANALYTICS_MESSAGES, cartEventItems, type BundleItem } from './analytics'
import type { BundleInfoInput, SendEventInput } from './analytics.schema'
import { insertEvent, orderEventExists, ownsOrder, selectBundleItems } from './analytics.db'

/**
 * Stores a storefront event. CART_VIEW records the visitor's cart as the server sees it (the
 * client's sums are ignored); ORDER_SUCCESS is stored once per order, and only for its owner.
 */
export async function sendEvent(input: SendEventInput, cookieId: string): Promise<{ success: true }> {
  const session = await findSession(db(), cookieId)
  if (input.event === 'CART_VIEW') {
    const cart = await cartOfVisitor(cookieId)
    if (!session || cart.Products.length === 0) throw new Refusal('invalid', ANALYTICS_MESSAGES.emptyCart)
    await insertEvent(db(), {
      event: 'CART_VIEW',
      viewGuid: input.viewGuid,
      sessionId: session.id,
      payload: { subtotal: cart.NormalPrice, total: cart.TotalPrice, cartItems: cartEventItems(cart) },
    })
    return { success: true }
  }
  if (!session || !(await ownsOrder(db(), input.orderId, session.id, ownerOf(session)))) {
    throw new Refusal('not-found', ANALYTICS_MESSAGES.noOrder)
  }
  if (!(await orderEventExists(db(), input.orderId))) {
    await insertEvent(db(), {
      event: 'ORDER_SUCCESS',
      viewGuid: input.viewGuid,
      sessionId: session.id,
      payload: { orderId: input.orderId },
    })
  }
  return { success: true }
}

/** POST /ajax/bundle-info/: a map by product id; unknown or inactive ids are left out. */
export async function bundleInfo(input: BundleInfoInput): Promise<Record<string, BundleItem>> {
  const rows = await selectBundleItems(db(), input.products)
  const out: Record<string, BundleItem> = {}
  for (const r of rows) {
    out[String(r.id)] = { PRODUCT_ID: r.id, NAME: r.name, PRICE: kopecksToRubles(r.price ?? 0), BRAND: r.brand, SECTION_NAME: r.section }
  }
  return out
}
