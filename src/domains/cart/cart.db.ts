import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { basketLines, brands, offers, products, sections, sessions, users } from '@/db/schema'
import { offerPictureSql } from '@/domains/media/storefront-pictures.server'
import type { Owner } from '@/domains/session/session.server'
import type { BasketItem, OfferFacts } from './cart'

function ownedBy(owner: Owner) {
  return owner.kind === 'user' ? eq(basketLines.userId, owner.userId) : eq(basketLines.sessionId, owner.sessionId)
}

/** Serialises basket changes of one owner: the 125-item total is read and written under this lock. */
export async function lockOwner(tx: Tx, owner: Owner): Promise<void> {
  if (owner.kind === 'user') await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update')
  else await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, owner.sessionId)).for('update')
}

export async function selectBasketItems(db: Db | Tx, owner: Owner): Promise<BasketItem[]> {
  return db
    .select({
      lineId: basketLines.id,
      offerId: offers.id,
      productId: products.id,
      quantity: basketLines.quantity,
      name: products.name,
      sku: offers.sku,
      productCode: products.code,
      sectionCode: sections.code,
      sectionName: sections.name,
      brandName: brands.name,
      picture: offerPictureSql('thumb'),
      packageSize: offers.packageSize,
      packageUnit: offers.packageUnit,
      flavour: offers.flavour,
      price: offers.price,
      oldPrice: offers.oldPrice,
      stock: offers.stock,
      active: sql<boolean>`(${offers.active} and ${products.active})`,
      weightGrams: offers.weightGrams,
      widthMm: offers.widthMm,
      lengthMm: offers.lengthMm,
      heightMm: offers.heightMm,
      airRestricted: offers.airRestricted,
      vatPercent: offers.vatPercent,
    })
    .from(basketLines)
    .innerJoin(offers, eq(offers.id, basketLines.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(ownedBy(owner))
    .orderBy(asc(basketLines.id))
}

export async function selectLineQuantities(tx: Tx, owner: Owner): Promise<Map<number, number>> {
  const rows = await tx
    .select({ offerId: basketLines.offerId, quantity: basketLines.quantity })
    .from(basketLines)
    .where(ownedBy(owner))
  return new Map(rows.map((r) => [r.offerId, r.quantity]))
}

export async function selectOfferFacts(db: Db | Tx, offerIds: readonly number[]): Promise<Map<number, OfferFacts>> {
  if (offerIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: offers.id,
      name: products.name,
      stock: offers.stock,
      price: offers.price,
      active: sql<boolean>`(${offers.active} and ${products.active})`,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(inArray(offers.id, [...offerIds]))
  return new Map(rows.map(({ id, ...facts }) => [id, facts]))
}

export async function setLineQuantity(tx: Tx, owner: Owner, offerId: number, quantity: number): Promise<void> {
  if (quantity <= 0) {
    await tx.delete(basketLines).where(and(ownedBy(owner), eq(basketLines.offerId, offerId)))
    return
  }
  // One statement whether the line exists or not: the owner's unique (owner, offer) index decides.
  await tx
    .insert(basketLines)
    .values({
      offerId,
      quantity,
      sessionId: owner.kind === 'session' ? owner.sessionId : null,
      userId: owner.kind === 'user' ? owner.userId : null,
    })
    .onConflictDoUpdate({
      target: owner.kind === 'session' ? [basketLines.sessionId, basketLines.offerId] : [basketLines.userId, basketLines.offerId],
      set: { quantity, updatedAt: sql`now()` },
    })
}

export async function deleteOwnerLines(tx: Tx, owner: Owner): Promise<void> {
  await tx.delete(basketLines).where(ownedBy(owner))
}
