import { and, asc, count, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { offerPictureSql } from '@/domains/media/storefront-pictures.server'
import {
  buyerProfiles,
  checkoutKeys,
  couponUses,
  coupons,
  deliveryServices,
  offers,
  orderPropGroups,
  orderProps,
  orders,
  paySystems,
  personTypes,
  products,
  sections,
  sessionCoupons,
} from '@/db/schema'
import type { CouponRow } from './checkout'

type Q = Db | Tx

export type PersonTypeRow = typeof personTypes.$inferSelect
export type PropGroupRow = typeof orderPropGroups.$inferSelect
export type PropRow = typeof orderProps.$inferSelect
export type PaySystemRow = typeof paySystems.$inferSelect

export interface CheckoutConfig {
  personTypes: PersonTypeRow[]
  groups: PropGroupRow[]
  props: PropRow[]
  paySystems: PaySystemRow[]
}

export async function loadCheckoutConfig(q: Q): Promise<CheckoutConfig> {
  const [types, groups, props, pays] = await Promise.all([
    q.select().from(personTypes).where(eq(personTypes.active, true)).orderBy(asc(personTypes.sort), asc(personTypes.id)),
    q.select().from(orderPropGroups).orderBy(asc(orderPropGroups.sort), asc(orderPropGroups.id)),
    q.select().from(orderProps).where(eq(orderProps.active, true)).orderBy(asc(orderProps.sort), asc(orderProps.id)),
    q.select().from(paySystems).where(eq(paySystems.active, true)).orderBy(asc(paySystems.sort), asc(paySystems.id)),
  ])
  return { personTypes: types, groups, props, paySystems: pays }
}

export async function sessionCouponCodes(q: Q, sessionId: number): Promise<string[]> {
  const rows = await q
    .select({ code: sessionCoupons.code })
    .from(sessionCoupons)
    .where(eq(sessionCoupons.sessionId, sessionId))
    .orderBy(asc(sessionCoupons.createdAt), asc(sessionCoupons.code))
  return rows.map((r) => r.code)
}

export async function storeSessionCoupon(q: Q, sessionId: number, code: string): Promise<void> {
  await q.insert(sessionCoupons).values({ sessionId, code }).onConflictDoNothing()
}

export async function dropSessionCoupons(q: Q, sessionId: number, code?: string): Promise<void> {
  await q
    .delete(sessionCoupons)
    .where(code === undefined ? eq(sessionCoupons.sessionId, sessionId) : and(eq(sessionCoupons.sessionId, sessionId), eq(sessionCoupons.code, code)))
}

export async function couponsByCodes(q: Q, codes: readonly string[]): Promise<CouponRow[]> {
  if (codes.length === 0) return []
  return q.select().from(coupons).where(inArray(coupons.code, [...codes]))
}

export interface GiftOffer {
  offerId: number
  productId: number
  name: string
  picture: string
  productCode: string
  sectionCode: string
  weightGrams: number
  price: number
  available: boolean
}

export async function giftOffer(q: Q, offerId: number): Promise<GiftOffer | undefined> {
  const [row] = await q
    .select({
      offerId: offers.id,
      productId: offers.productId,
      name: products.name,
      picture: offerPictureSql('thumb'),
      productCode: products.code,
      sectionCode: sections.code,
      weightGrams: offers.weightGrams,
      price: offers.price,
      stock: offers.stock,
      active: offers.active,
      productActive: products.active,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(eq(offers.id, offerId))
  if (!row) return undefined
  return {
    offerId: row.offerId,
    productId: row.productId,
    name: row.name,
    picture: row.picture,
    productCode: row.productCode,
    sectionCode: row.sectionCode,
    weightGrams: row.weightGrams,
    price: row.price,
    available: row.active && row.productActive && (row.stock === null || row.stock >= 1),
  }
}


/**
 * Counts one use of a coupon; guarded: only below its limit (R3). Unguarded (negative control only):
 * counts without looking, capped so the CHECK constraint does not hide the missing guard.
 */
export async function takeCouponUse(tx: Tx, couponId: number, guarded: boolean): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({
      usedCount: guarded
        ? sql`${coupons.usedCount} + 1`
        : sql`least(${coupons.usedCount} + 1, coalesce(${coupons.maxUses}, ${coupons.usedCount} + 1))`,
    })
    .where(
      guarded
        ? and(eq(coupons.id, couponId), or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses)))
        : eq(coupons.id, couponId),
    )
    .returning({ id: coupons.id })
  return rows.length === 1
}

/** Who a per-buyer coupon limit counts: the account, the e-mail and the phone of the order. */
export interface CouponBuyer {
  userId: number | null
  /** Lower-cased; '' when not given. */
  email: string
  /** As orders.phone_digits holds them (src/lib/phone.ts phoneDigits); '' when not given. */
  phoneDigits: string
}

/**
 * The orders each coupon of `couponIds` was used in by this buyer: the same account, or the same
 * e-mail, or the same phone. A cancelled order released its use (its coupon_uses row is gone).
 */
export async function buyerCouponUses(q: Q, couponIds: readonly number[], buyer: CouponBuyer): Promise<Map<number, number>> {
  const same: SQL[] = []
  if (buyer.userId !== null) same.push(eq(orders.userId, buyer.userId))
  if (buyer.email !== '') same.push(eq(orders.email, buyer.email))
  if (buyer.phoneDigits !== '') same.push(eq(orders.phoneDigits, buyer.phoneDigits))
  if (couponIds.length === 0 || same.length === 0) return new Map()
  const rows = await q
    .select({ couponId: couponUses.couponId, uses: count() })
    .from(couponUses)
    .innerJoin(orders, eq(orders.id, couponUses.orderId))
    .where(and(inArray(couponUses.couponId, [...couponIds]), or(...same)))
    .groupBy(couponUses.couponId)
  return new Map(rows.map((r) => [r.couponId, r.uses]))
}

/**
 * Claims a checkout key inside the order transaction. A concurrent claim of the same key waits on the
 * primary key until the first transaction ends; then it finds the row (and the order) or, if the first
 * rolled back, claims it itself.
 */
export async function claimCheckoutKey(tx: Tx, owner: string, key: string): Promise<{ claimed: true } | { claimed: false; orderId: number | null }> {
  const inserted = await tx.insert(checkoutKeys).values({ owner, key }).onConflictDoNothing().returning({ key: checkoutKeys.key })
  if (inserted.length === 1) return { claimed: true }
  const [row] = await tx
    .select({ orderId: checkoutKeys.orderId })
    .from(checkoutKeys)
    .where(and(eq(checkoutKeys.owner, owner), eq(checkoutKeys.key, key)))
  return { claimed: false, orderId: row?.orderId ?? null }
}

export async function bindCheckoutKey(tx: Tx, owner: string, key: string, orderId: number): Promise<void> {
  await tx.update(checkoutKeys).set({ orderId }).where(and(eq(checkoutKeys.owner, owner), eq(checkoutKeys.key, key)))
}

export async function checkoutKeyOrder(q: Q, owner: string, key: string): Promise<number | null> {
  const [row] = await q
    .select({ orderId: checkoutKeys.orderId })
    .from(checkoutKeys)
    .where(and(eq(checkoutKeys.owner, owner), eq(checkoutKeys.key, key)))
  return row?.orderId ?? null
}

export type BuyerProfileRow = typeof buyerProfiles.$inferSelect

export async function profilesOf(q: Q, userId: number): Promise<BuyerProfileRow[]> {
  return q.select().from(buyerProfiles).where(eq(buyerProfiles.userId, userId)).orderBy(asc(buyerProfiles.id))
}

export async function saveProfile(q: Q, userId: number, personTypeId: number, name: string, values: Record<string, string>): Promise<void> {
  await q
    .insert(buyerProfiles)
    .values({ userId, personTypeId, name, values })
    .onConflictDoUpdate({
      target: [buyerProfiles.userId, buyerProfiles.personTypeId, buyerProfiles.name],
      set: { values, updatedAt: sql`now()` },
    })
}

/** Every delivery method with the one-click area's fields (spec section 3), the inactive ones too. */
export async function oneClickDeliveries(q: Q): Promise<{ name: string; description: string; active: boolean }[]> {
  return q
    .select({ name: deliveryServices.name, description: deliveryServices.description, active: deliveryServices.active })
    .from(deliveryServices)
    .orderBy(asc(deliveryServices.sort), asc(deliveryServices.id))
}
