import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { offerPictureSql } from '@/domains/media/storefront-pictures.server'
import {
  badges,
  distributors,
  featuredSlides,
  lightLineBanners,
  mediaPictures,
  offers,
  productBadges,
  products,
  sections,
  showcaseSlides,
  showcaseTabProducts,
  showcaseTabs,
  socialPosts,
} from '@/db/schema'

type Conn = Db | Tx

export async function selectShowcaseTabs(db: Conn, block: 'sets-from-experts' | 'mainpage-products') {
  return db
    .select()
    .from(showcaseTabs)
    .where(and(eq(showcaseTabs.block, block), eq(showcaseTabs.active, true)))
    .orderBy(asc(showcaseTabs.sort), asc(showcaseTabs.id))
}

/** Slides with the offer's live price; slides of inactive offers or products drop out. */
export async function selectSlides(db: Conn, tabIds: readonly number[]) {
  if (tabIds.length === 0) return []
  return db
    .select({
      id: showcaseSlides.id,
      tabId: showcaseSlides.tabId,
      offerId: showcaseSlides.offerId,
      title: showcaseSlides.title,
      subtitle: showcaseSlides.subtitle,
      img: showcaseSlides.img,
      pictureSizes: mediaPictures.sizes,
      link: showcaseSlides.link,
      pack: showcaseSlides.pack,
      isSet: showcaseSlides.isSet,
      discountPicture: showcaseSlides.discountPicture,
      price: offers.price,
      oldPrice: offers.oldPrice,
      offerPicture: offerPictureSql('card'),
      productId: products.id,
      productCode: products.code,
      sectionCode: sections.code,
    })
    .from(showcaseSlides)
    .innerJoin(offers, eq(offers.id, showcaseSlides.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .leftJoin(mediaPictures, eq(mediaPictures.id, showcaseSlides.pictureId))
    .where(
      and(inArray(showcaseSlides.tabId, [...tabIds]), eq(showcaseSlides.active, true), eq(offers.active, true), eq(products.active, true)),
    )
    .orderBy(asc(showcaseSlides.sort), asc(showcaseSlides.id))
}

export async function selectManualTabProducts(db: Conn, tabId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: showcaseTabProducts.productId })
    .from(showcaseTabProducts)
    .where(eq(showcaseTabProducts.tabId, tabId))
    .orderBy(asc(showcaseTabProducts.sort), asc(showcaseTabProducts.productId))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Products wearing a badge ('hit', 'new'), best rated first. */
export async function selectBadgeProducts(db: Conn, badgeCode: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(productBadges, eq(productBadges.productId, products.id))
    .innerJoin(badges, eq(badges.id, productBadges.badgeId))
    .where(and(eq(badges.code, badgeCode), eq(products.active, true)))
    .orderBy(desc(products.rating), asc(products.sort), asc(products.id))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Products by their best current discount, at least `minPercent`. */
export async function selectHighDiscountProducts(db: Conn, minPercent: number, limit: number): Promise<number[]> {
  const percent = sql<number>`max(round((${offers.oldPrice} - ${offers.price}) * 100.0 / ${offers.oldPrice}))`
  const rows = await db
    .select({ id: offers.productId, percent })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      and(
        eq(offers.active, true),
        eq(products.active, true),
        isNotNull(offers.oldPrice),
        sql`${offers.oldPrice} > ${offers.price}`,
        sql`(${offers.stock} is null or ${offers.stock} > 0)`,
      ),
    )
    .groupBy(offers.productId)
    .having(sql`${percent} >= ${minPercent}`)
    .orderBy(desc(percent), asc(offers.productId))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Shown at `at` by its shown-from/until bounds (ADR 207): started (inclusive), not yet ended. */
function shownAt(table: typeof featuredSlides | typeof lightLineBanners, at: Date) {
  return and(or(isNull(table.startsAt), lte(table.startsAt, at)), or(isNull(table.endsAt), gt(table.endsAt, at)))
}

export async function selectFeaturedSlides(db: Conn, at: Date) {
  return db
    .select({
      id: featuredSlides.id,
      image: featuredSlides.image,
      /** The media-library picture's stored sizes (ADR 207), null when the slide has none. */
      pictureSizes: mediaPictures.sizes,
      title: featuredSlides.title,
      subtitle: featuredSlides.subtitle,
      description: featuredSlides.description,
      link: featuredSlides.link,
      offerId: offers.id,
      price: offers.price,
      oldPrice: offers.oldPrice,
      stock: offers.stock,
      offerPicture: offerPictureSql('card'),
      productName: products.name,
      productCode: products.code,
      sectionCode: sections.code,
      sectionName: sections.name,
    })
    .from(featuredSlides)
    .innerJoin(offers, eq(offers.id, featuredSlides.offerId))
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .leftJoin(mediaPictures, eq(mediaPictures.id, featuredSlides.pictureId))
    .where(and(eq(featuredSlides.active, true), shownAt(featuredSlides, at), eq(offers.active, true), eq(products.active, true)))
    .orderBy(asc(featuredSlides.sort), asc(featuredSlides.id))
}

/** The first active line in the editor's order that is shown at `at`; the newest first at equal positions. */
export async function selectLightLine(db: Conn, at: Date) {
  const [row] = await db
    .select({ text: lightLineBanners.text, link: lightLineBanners.link, linkText: lightLineBanners.linkText })
    .from(lightLineBanners)
    .where(and(eq(lightLineBanners.active, true), shownAt(lightLineBanners, at)))
    .orderBy(asc(lightLineBanners.sort), desc(lightLineBanners.id))
    .limit(1)
  return row ?? null
}

export async function selectDistributors(db: Conn) {
  return db
    .select({ title: distributors.title, link: distributors.link, image: distributors.image })
    .from(distributors)
    .where(eq(distributors.active, true))
    .orderBy(asc(distributors.sort), asc(distributors.id))
}

export async function selectSocialPosts(db: Conn, limit: number) {
  return db
    .select({ link: socialPosts.link, img: socialPosts.img, text: socialPosts.text })
    .from(socialPosts)
    .where(eq(socialPosts.active, true))
    .orderBy(desc(socialPosts.publishedAt), desc(socialPosts.id))
    .limit(limit)
}

export async function selectPurposes(db: Conn) {
  return db
    .select({ code: sections.code, name: sections.name, description: sections.description })
    .from(sections)
    .where(eq(sections.active, true))
    .orderBy(asc(sections.sort))
}
