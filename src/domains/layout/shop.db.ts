import { eq } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { settings } from '@/db/schema'

/** The settings key the back office writes the company details to (ADR 110). */
export const SHOP_DETAILS_KEY = 'shop.details'

export async function readShopDetailsRow(db: Db | Tx): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SHOP_DETAILS_KEY))
  return row?.value ?? null
}
