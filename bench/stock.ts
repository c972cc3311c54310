/**
 * Run by bench/run.ts before the server starts (PGlite has one writer), on the bench's own database:
 * - the offer the checkout bench buys gets a stock no run sells out, so every save takes stock
 *   through the same guarded update as a real order instead of being refused for an empty shelf;
 * - the anti-automation limits (ADR 154) are raised: every bench client is one address placing
 *   hundreds of orders a second, which the shop rightly refuses, and a refusal is not what the
 *   "order placed" target measures.
 */
import { eq } from 'drizzle-orm'
import { closeDb, db } from '../src/db/client'
import { offers } from '../src/db/schema/catalog'
import { settings } from '../src/db/schema/settings'
import { CHECKOUT_LIMITS_KEY, type CheckoutLimits } from '../src/domains/checkout/checkout-limits'
import { ORDER_OFFER_ID } from './targets/checkout'

const BENCH_STOCK = 1_000_000
const NO_LIMIT = 100_000
const BENCH_LIMITS: CheckoutLimits = {
  ordersPerSession: NO_LIMIT,
  ordersPerIp: NO_LIMIT,
  couponTriesPerSession: NO_LIMIT,
  couponTriesPerIp: NO_LIMIT,
  windowMinutes: 1,
}

try {
  await db().update(offers).set({ stock: BENCH_STOCK }).where(eq(offers.id, ORDER_OFFER_ID))
  await db()
    .insert(settings)
    .values({ key: CHECKOUT_LIMITS_KEY, value: BENCH_LIMITS })
    .onConflictDoUpdate({ target: settings.key, set: { value: BENCH_LIMITS, updatedAt: new Date() } })
} finally {
  await closeDb()
}
