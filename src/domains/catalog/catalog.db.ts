import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { badges, brands, offers, productBadges, products, sections } from '@/db/schema'
import { productUrl, toOfferCard, type ProductCardData } from './catalog'

/** Cards for the given products in the order of `ids`; unknown or inactive ids are left out. */
export async function selectProductCards(db: Db, ids: readonly number[]): Promise<ProductCardData[]> {
  if (ids.length === 0) return []
  const idList = [...ids]
  const [rows, offerRows, badgeRows] = await Promise.all([
    db
      .select({
        id: products.id,
        code: products.code,
        name: products.name,
        subTitle: products.subTitle,
        line: products.line,
        sectionCode: sections.code,
        sectionName: sections.name,
        brandCode: brands.code,
        brandName: brands.name,
        isImportReplace: products.isImportReplace,
        isDrug: products.isDrug,
        rating: products.rating,
        ratesCount: products.ratesCount,
      })
      .from(products)
      .innerJoin(sections, eq(sections.id, products.sectionId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(inArray(products.id, idList), eq(products.active, true))),
    db
      .select({
        id: offers.id,
        productId: offers.productId,
        packageSize: offers.packageSize,
        packageUnit: offers.packageUnit,
        flavour: offers.flavour,
        price: offers.price,
        oldPrice: offers.oldPrice,
        picture: offers.picture,
        stock: offers.stock,
      })
      .from(offers)
      .where(and(inArray(offers.productId, idList), eq(offers.active, true)))
      .orderBy(asc(offers.sort), asc(offers.id)),
    db
      .select({ productId: productBadges.productId, code: badges.code })
      .from(productBadges)
      .innerJoin(badges, eq(badges.id, productBadges.badgeId))
      .where(and(inArray(productBadges.productId, idList), inArray(badges.code, ['hit', 'new']))),
  ])
  const offersOf = groupBy(offerRows, (o) => o.productId)
  const badgesOf = groupBy(badgeRows, (b) => b.productId)
  const byId = new Map(
    rows.map((r): [number, ProductCardData] => {
      const codes = new Set((badgesOf.get(r.id) ?? []).map((b) => b.code))
      return [
        r.id,
        {
          ...r,
          url: productUrl(r.sectionCode, r.code),
          isHit: codes.has('hit'),
          isNew: codes.has('new'),
          offers: (offersOf.get(r.id) ?? []).map(toOfferCard),
        },
      ]
    }),
  )
  // A product without an active offer cannot be shown or bought.
  return idList.flatMap((id) => {
    const card = byId.get(id)
    return card && card.offers.length > 0 ? [card] : []
  })
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}
