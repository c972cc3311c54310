import { count, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { badges, brands, cities, offers, productBadges, products, sections } from '@/db/schema'
import { seed } from './seed'

const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0

describe('the seed', () => {
  it('builds a believable catalogue', async () => {
    expect(await total(db().select({ n: count() }).from(products))).toBeGreaterThanOrEqual(120)
    expect(await total(db().select({ n: count() }).from(sections))).toBeGreaterThanOrEqual(10)
    expect(await total(db().select({ n: count() }).from(brands))).toBeGreaterThanOrEqual(8)
    expect(await total(db().select({ n: count() }).from(cities))).toBeGreaterThanOrEqual(150)
  })

  it('gives every product 1–3 offers, with discounts, sold-out and low-stock ones, and flavours', async () => {
    const perProduct = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from offers group by product_id`,
    )
    expect(Math.min(...perProduct.map((r) => r.n))).toBeGreaterThanOrEqual(1)
    expect(Math.max(...perProduct.map((r) => r.n))).toBeLessThanOrEqual(3)
    expect(
      await total(db().select({ n: count() }).from(offers).where(isNotNull(offers.oldPrice))),
    ).toBeGreaterThan(10)
    expect(
      await total(db().select({ n: count() }).from(offers).where(eq(offers.stock, 0))),
    ).toBeGreaterThanOrEqual(3)
    const low = await total(
      db()
        .select({ n: count() })
        .from(offers)
        .where(sql`${offers.stock} between 1 and 3`),
    )
    expect(low).toBeGreaterThanOrEqual(3)
    expect(
      await total(db().select({ n: count() }).from(offers).where(isNotNull(offers.flavour))),
    ).toBeGreaterThan(5)
    expect(await total(db().select({ n: count() }).from(offers).where(isNull(offers.stock)))).toBeGreaterThan(
      0,
    )
    expect(await total(db().select({ n: count() }).from(offers).where(lte(offers.price, 0)))).toBe(0)
  })

  it('marks hits, novelties, import substitutes and drugs, with Russian texts', async () => {
    const byBadge = await queryRows<{ code: string; n: number }>(
      db(),
      sql`select b.code, count(*)::int as n from ${productBadges} pb join ${badges} b on b.id = pb.badge_id group by b.code`,
    )
    expect(byBadge.find((b) => b.code === 'hit')?.n).toBeGreaterThan(5)
    expect(byBadge.find((b) => b.code === 'new')?.n).toBeGreaterThan(5)
    expect(
      await total(db().select({ n: count() }).from(products).where(eq(products.isImportReplace, true))),
    ).toBeGreaterThan(5)
    expect(
      await total(db().select({ n: count() }).from(products).where(eq(products.isDrug, true))),
    ).toBeGreaterThanOrEqual(3)
    const [sample] = await db().select().from(products).where(gt(products.id, 0)).limit(1)
    expect(sample?.composition).toMatch(/[а-яё]/i)
    expect(sample?.howToUse).toMatch(/[а-яё]/i)
    expect(sample?.instruction).toMatch(/[а-яё]/i)
  })

  it('is idempotent', async () => {
    const before = await total(db().select({ n: count() }).from(offers))
    const again = await seed(db(), { uploadsDir: null })
    expect(again.products).toBe(0)
    expect(await total(db().select({ n: count() }).from(offers))).toBe(before)
  })
})
