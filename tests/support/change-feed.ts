import { and, eq, isNull } from 'drizzle-orm'
import { db } from '@/db/client'
import { offers, products } from '@/db/schema'

/** Resolves when `check` holds; fails after `ms` (a bound far above the expected wait, not a window). */
export async function waitFor(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** An active offer of an active product, not on sale (so any new price may be set without an old one). */
export async function anOfferWithoutSale() {
  const [row] = await db()
    .select({ offerId: offers.id, productId: offers.productId, price: offers.price })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.active, true), eq(products.active, true), isNull(offers.oldPrice)))
    .limit(1)
  if (!row) throw new Error('no active offer in the seed')
  return row
}
