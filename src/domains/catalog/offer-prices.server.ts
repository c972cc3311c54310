import 'server-only'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { announceChanges } from '@/db/change-feed'
import { db as defaultDb, type Db } from '@/db/client'
import { offers } from '@/db/schema'
import { Refusal } from '@/lib/refusal'

export const PRICE_MESSAGES = {
  invalid: 'Цена — целое число копеек не меньше нуля; старая цена, если есть, больше новой.',
  unknownOffer: 'Такого торгового предложения нет.',
} as const

const kopecks = z.number().int().min(0).max(1_000_000_000)

/** A new price of one offer, in kopecks; `oldPrice` is the struck-out price of a sale, or null. */
export const priceChangeSchema = z
  .object({ offerId: z.number().int().positive(), price: kopecks, oldPrice: kopecks.nullable() })
  .refine((c) => c.oldPrice === null || c.oldPrice > c.price)
export type PriceChange = z.infer<typeof priceChangeSchema>

/**
 * Sets an offer's price, and every instance's cached cards, lists, product pages and search answers
 * show it once the change commits (the change feed, ADR 160). The back office and the 1С exchange
 * change prices through here.
 */
export async function changeOfferPrice(change: PriceChange, q: Db = defaultDb()): Promise<void> {
  const parsed = priceChangeSchema.safeParse(change)
  if (!parsed.success) throw new Refusal('invalid', PRICE_MESSAGES.invalid)
  const { offerId, price, oldPrice } = parsed.data
  await q.transaction(async (tx) => {
    const changed = await tx.update(offers).set({ price, oldPrice }).where(eq(offers.id, offerId)).returning({ id: offers.id })
    if (changed.length === 0) throw new Refusal('not-found', PRICE_MESSAGES.unknownOffer)
    await announceChanges(tx, ['catalog'])
  })
}
