/**
 * Run by bench/run.ts before the server starts (PGlite has one writer): the offer the checkout bench
 * buys gets a stock no run sells out, so every save takes stock through the same guarded update as a
 * real order instead of being refused for an empty shelf.
 */
import { eq } from 'drizzle-orm'
import { closeDb, db } from '../src/db/client'
import { offers } from '../src/db/schema/catalog'
import { ORDER_OFFER_ID } from './targets/checkout'

const BENCH_STOCK = 1_000_000

try {
  await db().update(offers).set({ stock: BENCH_STOCK }).where(eq(offers.id, ORDER_OFFER_ID))
} finally {
  await closeDb()
}
