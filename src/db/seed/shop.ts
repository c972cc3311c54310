import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Db } from '../client'
import { settings } from '../schema'

const shopSeed = z.object({
  /**
   * shop.details: the made-up company of the demo, flagged `example: true` so that legal pages, the
   * invoice and the footer say so (ADR 110). newsletter.promoRegion: the region of the 10% promo (ADR 111).
   */
  settings: z.record(z.string(), z.unknown()),
})

/** Shop-wide settings; a value the back office already changed is kept (ON CONFLICT DO NOTHING by key). */
export async function seedShopSettings(db: Db): Promise<void> {
  const file = path.join(process.cwd(), 'src/db/seed/data/shop.json')
  const data = shopSeed.parse(JSON.parse(readFileSync(file, 'utf8')))
  const rows = Object.entries(data.settings).map(([key, value]) => ({ key, value }))
  if (rows.length) await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key })
}
