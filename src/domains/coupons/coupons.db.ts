import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { coupons, offers, orders, products } from '@/db/schema'

type Q = Db | Tx

export type CouponRecord = typeof coupons.$inferSelect & { giftName: string | null }
export type NewCoupon = typeof coupons.$inferInsert

const withGift = {
  coupon: coupons,
  giftName: products.name,
}

function rowOf(r: { coupon: typeof coupons.$inferSelect; giftName: string | null }): CouponRecord {
  return { ...r.coupon, giftName: r.giftName }
}

export async function selectCoupons(q: Q, filter: { q?: string; state: 'all' | 'active' | 'ended' }, limit: number, offset: number) {
  const where: SQL[] = []
  // The code is stored upper-cased; a search is a substring of it.
  if (filter.q) where.push(ilike(coupons.code, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
  if (filter.state === 'active') where.push(isNull(coupons.endedAt))
  if (filter.state === 'ended') where.push(isNotNull(coupons.endedAt))
  const [rows, [total]] = await Promise.all([
    q
      .select(withGift)
      .from(coupons)
      .leftJoin(offers, eq(offers.id, coupons.giftOfferId))
      .leftJoin(products, eq(products.id, offers.productId))
      .where(and(...where))
      .orderBy(desc(coupons.id))
      .limit(limit)
      .offset(offset),
    q.select({ n: count() }).from(coupons).where(and(...where)),
  ])
  return { rows: rows.map(rowOf), total: total?.n ?? 0 }
}

export async function selectCoupon(q: Q, id: number): Promise<CouponRecord | undefined> {
  const [row] = await q
    .select(withGift)
    .from(coupons)
    .leftJoin(offers, eq(offers.id, coupons.giftOfferId))
    .leftJoin(products, eq(products.id, offers.productId))
    .where(eq(coupons.id, id))
  return row && rowOf(row)
}

/** Locked until the transaction ends: a change and a checkout's use of the coupon go one at a time. */
export async function lockCoupon(tx: Tx, id: number) {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update')
  return row
}

export async function codeTaken(q: Q, code: string, exceptId = 0): Promise<boolean> {
  const [row] = await q.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code))
  return row !== undefined && row.id !== exceptId
}

export async function offerExists(q: Q, offerId: number): Promise<boolean> {
  const [row] = await q.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId))
  return row !== undefined
}

export async function insertCoupon(tx: Tx, values: NewCoupon): Promise<number> {
  const [row] = await tx.insert(coupons).values(values).returning({ id: coupons.id })
  return row!.id
}

export async function setCoupon(tx: Tx, id: number, values: Partial<NewCoupon>): Promise<void> {
  await tx.update(coupons).set(values).where(eq(coupons.id, id))
}

/** Orders that name the coupon, cancelled ones too: an order keeps what it was sold with. */
export async function ordersWithCoupon(q: Q, id: number): Promise<number> {
  const [row] = await q.select({ n: count() }).from(orders).where(eq(orders.couponId, id))
  return row?.n ?? 0
}

export async function removeCoupon(tx: Tx, id: number): Promise<void> {
  await tx.delete(coupons).where(eq(coupons.id, id))
}
