import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Db } from '../client'
import { settings } from '../schema'

const cartSeed = z.object({
  /** minOrderSum: kopecks; the cart page blocks ordering below it. */
  settings: z.record(z.string(), z.unknown()),
})

/** Cart settings; a value a manager already changed is kept (ON CONFLICT DO NOTHING by key). */
export async function seedCart(db: Db): Promise<void> {
  const file = path.join(process.cwd(), 'src/db/seed/data/cart.json')
  const data = cartSeed.parse(JSON.parse(readFileSync(file, 'utf8')))
  const rows = Object.entries(data.settings).map(([key, value]) => ({ key, value }))
  if (rows.length) await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key })
}
