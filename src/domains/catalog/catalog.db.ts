import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { queryRows } from '@/db/rows'
import {
  badges,
  brands,
  filterProperties,
  filterPropertyOptions,
  filterPropertySections,
  mediaPictures,
  productFilterValues,
  offers,
  partnerOutlets,
  partnerProducts,
  partners,
  productBadges,
  productImages,
  productProperties,
  products,
  productSections,
  sections,
} from '@/db/schema'
import type { ProductForm } from '@/db/schema/catalog'
import { offerPictureSql, offerSrcsetSql, selectGallerySlides } from '@/domains/media/storefront-pictures.server'
import { productUrl, toOfferCard, type PartnerLink, type ProductCardData } from './catalog'
import { MAX_FILTER_PROPERTIES, type CatalogIndex, type IndexEntry, type IndexProperty } from './catalog-filter'

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
        // An uploaded main picture replaces the seed's pack shot (ADR 184).
        picture: offerPictureSql('card'),
        srcset: offerSrcsetSql(),
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

/**
 * Everything the filter needs about every active product with an active offer, in three queries
 * (offers aggregated per product in SQL). Price and discount are those of the offer the card shows
 * first, so a price sort or the discount filter agrees with what the buyer sees. Loaded once per cache period, not per request (ADR 011).
 */
export async function selectCatalogIndex(db: Db): Promise<CatalogIndex> {
  const [rows, extra, sectionRows, brandRows, properties, values] = await Promise.all([
    queryRows<{
      id: number
      section_id: number
      brand_id: number
      form: ProductForm
      is_import_replace: boolean
      sort: number
      created_at: string | Date
      rating: number
      min_price: number
      has_discount: boolean
      in_stock: boolean
    }>(
      db,
      sql`select p.id, p.section_id, p.brand_id, p.form, p.is_import_replace, p.sort, p.created_at, p.rating,
            (array_agg(o.price order by o.sort, o.id))[1]::int as min_price,
            (array_agg(o.old_price is not null and o.old_price > o.price order by o.sort, o.id))[1] as has_discount,
            bool_or(o.stock is null or o.stock > 0) as in_stock
          from products p join offers o on o.product_id = p.id and o.active
          where p.active
          group by p.id`,
    ),
    db.select({ productId: productSections.productId, sectionId: productSections.sectionId }).from(productSections),
    db
      .select({ id: sections.id, code: sections.code, name: sections.name })
      .from(sections)
      .where(eq(sections.active, true))
      .orderBy(asc(sections.sort), asc(sections.id)),
    // A hidden brand (ADR 192) is no filter option; its products stay in the lists.
    db.select({ id: brands.id, code: brands.code, name: brands.name }).from(brands).where(eq(brands.active, true)).orderBy(asc(brands.sort), asc(brands.name)),
    selectFilterProperties(db),
    db.select({ productId: productFilterValues.productId, optionId: productFilterValues.optionId }).from(productFilterValues),
  ])
  const optionsOf = groupBy(values, (v) => v.productId)
  const extraOf = groupBy(extra, (e) => e.productId)
  const activeSections = new Set(sectionRows.map((s) => s.id))
  const entries = rows
    .filter((r) => activeSections.has(r.section_id))
    .map(
      (r): IndexEntry => ({
        id: r.id,
        sectionIds: [r.section_id, ...(extraOf.get(r.id) ?? []).map((e) => e.sectionId).filter((id) => id !== r.section_id)],
        brandId: r.brand_id,
        form: r.form,
        importReplace: r.is_import_replace,
        minPrice: Number(r.min_price),
        hasDiscount: r.has_discount,
        inStock: r.in_stock,
        sort: r.sort,
        createdAt: new Date(r.created_at).getTime(),
        rating: Number(r.rating),
        optionIds: (optionsOf.get(r.id) ?? []).map((v) => v.optionId),
      }),
    )
  return { entries, sections: sectionRows, brands: brandRows, properties }
}

/** The shown filter properties (ADR 204) in their order, each with its sections and options in order. */
async function selectFilterProperties(db: Db): Promise<IndexProperty[]> {
  const [props, options, bound] = await Promise.all([
    db
      .select({ id: filterProperties.id, code: filterProperties.code, name: filterProperties.name })
      .from(filterProperties)
      .where(eq(filterProperties.active, true))
      .orderBy(asc(filterProperties.sort), asc(filterProperties.id))
      .limit(MAX_FILTER_PROPERTIES),
    db
      .select({ id: filterPropertyOptions.id, propertyId: filterPropertyOptions.propertyId, code: filterPropertyOptions.code, name: filterPropertyOptions.name })
      .from(filterPropertyOptions)
      .orderBy(asc(filterPropertyOptions.sort), asc(filterPropertyOptions.id)),
    db.select({ propertyId: filterPropertySections.propertyId, sectionId: filterPropertySections.sectionId }).from(filterPropertySections),
  ])
  const optionsOf = groupBy(options, (o) => o.propertyId)
  const sectionsOf = groupBy(bound, (b) => b.propertyId)
  return props.map((p) => ({
    ...p,
    sectionIds: (sectionsOf.get(p.id) ?? []).map((b) => b.sectionId),
    options: (optionsOf.get(p.id) ?? []).map((o) => ({ id: o.id, code: o.code, name: o.name })),
  }))
}

export async function selectBrands(db: Db) {
  return db
    .select({
      id: brands.id,
      code: brands.code,
      name: brands.name,
      country: brands.country,
      description: brands.description,
      logo: brands.logo,
      /** A media-library logo's stored sizes (ADR 207 addendum); null: the typed `logo`. */
      logoSizes: mediaPictures.sizes,
      nofollow: brands.nofollow,
    })
    .from(brands)
    .leftJoin(mediaPictures, eq(mediaPictures.id, brands.pictureId))
    .where(eq(brands.active, true))
    .orderBy(asc(brands.sort), asc(brands.name))
}

export async function selectMenuSections(db: Db) {
  return db
    .select({ id: sections.id, code: sections.code, name: sections.name, description: sections.description, picture: sections.picture, seoTitle: sections.seoTitle, seoDescription: sections.seoDescription })
    .from(sections)
    .where(eq(sections.active, true))
    .orderBy(asc(sections.sort), asc(sections.id))
}

/** Partner links of each product (ALTERNATIVE_LINKS / 'Где купить'), active partners in their order. */
export async function selectPartnerLinks(db: Db, productIds: readonly number[]): Promise<Map<number, PartnerLink[]>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .select({ productId: partnerProducts.productId, code: partners.code, title: partners.title, link: partnerProducts.link, image: partners.image })
    .from(partnerProducts)
    .innerJoin(partners, eq(partners.id, partnerProducts.partnerId))
    .where(and(inArray(partnerProducts.productId, [...productIds]), eq(partners.active, true)))
    .orderBy(asc(partners.sort), asc(partners.id))
  const grouped = groupBy(rows, (r) => r.productId)
  return new Map([...grouped].map(([id, list]) => [id, list.map(({ productId: _p, ...link }) => link)]))
}

/** The partner's pharmacies for the map popup (apt_id, name, address, geo_x, geo_y). */
export async function selectPartnerOutlets(db: Db, partnerCode: string) {
  return db
    .select({ id: partnerOutlets.id, name: partnerOutlets.name, address: partnerOutlets.address, lat: partnerOutlets.lat, lon: partnerOutlets.lon })
    .from(partnerOutlets)
    .innerJoin(partners, eq(partners.id, partnerOutlets.partnerId))
    .where(and(eq(partners.code, partnerCode), eq(partners.active, true)))
    .orderBy(asc(partnerOutlets.id))
}

/** Everything the product page shows, by product code; null when there is no such active product. */
export async function selectProductDetail(db: Db, code: string) {
  const [row] = await db
    .select({
      id: products.id,
      description: products.description,
      composition: products.composition,
      howToUse: products.howToUse,
      instruction: products.instruction,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
      form: products.form,
      brandNofollow: brands.nofollow,
      brandCountry: brands.country,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.code, code), eq(products.active, true)))
  if (!row) return null
  const [card] = await selectProductCards(db, [row.id])
  if (!card) return null
  const [uploaded, seeded, badgeRows, properties] = await Promise.all([
    selectGallerySlides(db, row.id),
    db
      .select({ id: productImages.id, url: productImages.url, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, row.id))
      .orderBy(asc(productImages.sort), asc(productImages.id)),
    db
      .select({ code: badges.code, name: badges.name, icon: badges.icon })
      .from(productBadges)
      .innerJoin(badges, eq(badges.id, productBadges.badgeId))
      .where(eq(productBadges.productId, row.id))
      .orderBy(asc(badges.sort)),
    db
      .select({ name: productProperties.name, value: productProperties.value })
      .from(productProperties)
      .where(eq(productProperties.productId, row.id))
      .orderBy(asc(productProperties.sort), asc(productProperties.id)),
  ])
  // Uploaded pictures replace the pack shots; a product without any keeps them (ADR 184).
  const images = uploaded.length ? uploaded : seeded
  return { ...row, card, images, badges: badgeRows, properties }
}

/** Products of the same main section, for 'Похожие товары'. */
export async function selectSimilarIds(db: Db, productId: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p
        where p.active and p.id <> ${productId}
          and p.section_id = (select section_id from products where id = ${productId})
          and exists (select 1 from offers o where o.product_id = p.id and o.active)
        order by p.sort, p.id limit ${limit}`,
  )
  return rows.map((r) => Number(r.id))
}

/** Every product address for the sitemap. */
export async function selectSitemapProducts(db: Db) {
  return db
    .select({ code: products.code, sectionCode: sections.code, createdAt: products.createdAt })
    .from(products)
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(and(eq(products.active, true), eq(sections.active, true)))
    .orderBy(asc(products.id))
}
