import { and, count, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { cities, pickupPoints } from '@/db/schema'
import { clearCache } from '@/lib/cache'
import { listDeliveryOptions } from '@/domains/delivery/delivery.server'
import { reloadEnv } from '../../../tests/support/test-hooks'
import { seedDelivery } from './delivery'

afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

const activePoints = async () => (await db().select({ n: count() }).from(pickupPoints).where(eq(pickupPoints.active, true)))[0]!.n
const basket = [{ name: 'Омега-3', priceKopecks: 99_000, quantity: 1, weight: 200 }]

describe('the invented pickup points (demo data, issue 22)', () => {
  it('exist in a demo for every city of the list, and a seed in production mode takes them all out of use', async () => {
    // A city of the full list (ADR 174) that was not among the first 214 has demo points too.
    const [adygeysk] = await db().select().from(cities).where(eq(cities.code, 'adygeysk'))
    expect(adygeysk?.fiasId).toBe('ccdfd496-8108-4655-aadd-bd228747306d')
    const [inAdygeysk] = await db()
      .select({ n: count() })
      .from(pickupPoints)
      .where(and(eq(pickupPoints.cityCode, 'adygeysk'), eq(pickupPoints.active, true)))
    expect(inAdygeysk!.n).toBeGreaterThan(0)
    expect(await activePoints()).toBeGreaterThan(10_000)

    vi.stubEnv('SHOP_MODE', 'production')
    vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
    reloadEnv()
    expect(await seedDelivery(db(), { uploadsDir: null })).toEqual({ points: 0 })
    expect(await activePoints()).toBe(0)
    clearCache()
    const offered = await listDeliveryOptions({ cityCode: 'moskva', basket })
    expect(offered.map((o) => o.type)).toEqual(['courier'])
  })
})
