import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { mediaPictures } from './media'

/** Purpose sections: Иммунитет, Красота, Суставы… A product belongs to one main section and may list more. */
export const sections = pgTable('sections', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  picture: text().notNull().default(''),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
  /** The section page title and meta description; empty: made from the name (ADR 192). */
  seoTitle: text().notNull().default(''),
  seoDescription: text().notNull().default(''),
})

export const brands = pgTable('brands', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  country: text().notNull().default(''),
  description: text().notNull().default(''),
  logo: text().notNull().default(''),
  /** A media-library picture as the logo (ADR 207 addendum), shown with its sizes; null: `logo`. */
  pictureId: integer().references((): AnyPgColumn => mediaPictures.id, { onDelete: 'set null' }),
  /** The spec's brand link may carry rel="nofollow". */
  nofollow: boolean().notNull().default(false),
  sort: integer().notNull().default(500),
  /** A hidden brand has no page and no filter entry; its products stay (ADR 192). */
  active: boolean().notNull().default(true),
})

export const PRODUCT_FORMS = ['capsules', 'tablets', 'powder', 'liquid'] as const
export type ProductForm = (typeof PRODUCT_FORMS)[number]

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    name: text().notNull(),
    subTitle: text().notNull().default(''),
    /** Product line shown above the name on cards (LINE in the spec). */
    line: text().notNull().default(''),
    sectionId: integer()
      .notNull()
      .references(() => sections.id),
    brandId: integer()
      .notNull()
      .references(() => brands.id),
    form: text().$type<ProductForm>().notNull(),
    description: text().notNull().default(''),
    composition: text().notNull().default(''),
    howToUse: text().notNull().default(''),
    instruction: text().notNull().default(''),
    isImportReplace: boolean().notNull().default(false),
    isDrug: boolean().notNull().default(false),
    /** Average of approved reviews and their count, kept current by the reviews domain. */
    rating: real().notNull().default(0),
    ratesCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    sort: integer().notNull().default(500),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The page's <title> and meta description; empty: made from the name, price and description. */
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
  },
  (t) => [index('products_section_idx').on(t.sectionId), index('products_brand_idx').on(t.brandId)],
)

/** Extra purposes a product is listed under, besides its main section. */
export const productSections = pgTable(
  'product_sections',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sectionId] }), index('product_sections_section_idx').on(t.sectionId)],
)

/** A buyable variant: package size and flavour, with its own price, stock and parcel size. */
export const offers = pgTable(
  'offers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text().notNull().unique(),
    /** EAN-13 or the like, as printed on the package; empty when unknown. */
    barcode: text().notNull().default(''),
    /** 30, 60, 90 … counted in packageUnit. */
    packageSize: integer().notNull(),
    packageUnit: text().notNull(),
    flavour: text(),
    /** Kopecks. */
    price: integer().notNull(),
    oldPrice: integer(),
    /** null: not tracked (then a line is capped at 100). */
    stock: integer(),
    weightGrams: integer().notNull().default(100),
    widthMm: integer().notNull().default(100),
    lengthMm: integer().notNull().default(100),
    heightMm: integer().notNull().default(100),
    /** The carriers' canBeDeliveredByAir is false when this is set. */
    airRestricted: boolean().notNull().default(false),
    vatPercent: integer().notNull().default(0),
    /**
     * Честный ЗНАК: the type of the code on each piece (payment/receipt.ts MARK_CODE_TYPES, e.g. 'gs1m'
     * for a DataMatrix); null: not marked. Receipts send it in the provider's field (ADR 172).
     */
    markCodeType: text(),
    picture: text().notNull().default(''),
    active: boolean().notNull().default(true),
    sort: integer().notNull().default(500),
    /** Below or at this count the offer is "running low" (ADR 185); null: the shop's default setting. */
    lowStockThreshold: integer(),
  },
  (t) => [
    index('offers_product_idx').on(t.productId),
    check('offers_stock_non_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('offers_price_non_negative', sql`${t.price} >= 0`),
    check('offers_low_stock_threshold', sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`),
    check('offers_mark_code_type', sql`${t.markCodeType} is null or ${t.markCodeType} in ('gs1m', 'gs10', 'short', 'ean13', 'ean8', 'itf14', 'unknown')`),
  ],
)

/**
 * A product's former codes (ADR 178): its old address answers 301 to the current one. A slug a live
 * product takes again is removed from here, so a product's own code always wins.
 */
export const productSlugs = pgTable(
  'product_slugs',
  {
    slug: text().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_slugs_product_idx').on(t.productId)],
)

export const productImages = pgTable(
  'product_images',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    alt: text().notNull().default(''),
    sort: integer().notNull().default(500),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
)

/** Icon badges of the gallery and the cards; codes 'hit' and 'new' are the spec's 'Хит' and 'Новинка'. */
export const badges = pgTable('badges', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  icon: text().notNull().default(''),
  sort: integer().notNull().default(500),
})

export const productBadges = pgTable(
  'product_badges',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    badgeId: integer()
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.badgeId] })],
)

/** Free-form characteristics: «Страна производства», «Количество в упаковке», … */
export const productProperties = pgTable(
  'product_properties',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    value: text().notNull(),
    sort: integer().notNull().default(500),
  },
  (t) => [uniqueIndex('product_properties_name_idx').on(t.productId, t.name)],
)

/**
 * The catalogue filter's own properties (ADR 204): «Вкус», «Для кого», … each a group of the filter
 * with options in their order. A property with no sections filters every list; with sections, only
 * those sections' pages (and the lists that are not a section: all, brand, import substitution).
 */
export const filterProperties = pgTable('filter_properties', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** The address parameter is p_{code}: /catalog/…/?p_taste=lemon,orange. */
  code: text().notNull().unique(),
  name: text().notNull(),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
})

export const filterPropertyOptions = pgTable(
  'filter_property_options',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer()
      .notNull()
      .references(() => filterProperties.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    sort: integer().notNull().default(500),
  },
  (t) => [uniqueIndex('filter_property_options_code_idx').on(t.propertyId, t.code), index('filter_property_options_property_idx').on(t.propertyId, t.sort)],
)

/** The sections a property filters; none: every list. */
export const filterPropertySections = pgTable(
  'filter_property_sections',
  {
    propertyId: integer()
      .notNull()
      .references(() => filterProperties.id, { onDelete: 'cascade' }),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.sectionId] })],
)

/** A product's values of the filter properties: the options it has. */
export const productFilterValues = pgTable(
  'product_filter_values',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionId: integer()
      .notNull()
      .references(() => filterPropertyOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.optionId] }), index('product_filter_values_option_idx').on(t.optionId)],
)

export const cities = pgTable(
  'cities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stable location code sent by the checkout as the location value. */
    code: text().notNull().unique(),
    name: text().notNull(),
    region: text().notNull(),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    population: integer().notNull().default(0),
    /**
     * FIAS id of the city (HFLabs city list, ADR 174): the address service's location filter. Its
     * level says which FIAS field it is: 1 region (Москва, Санкт-Петербург, Севастополь), 3 area,
     * 4 city, 6 settlement. Null for a city the list does not have.
     */
    fiasId: text(),
    fiasLevel: integer(),
    kladrId: text(),
  },
  (t) => [index('cities_name_idx').on(t.name), uniqueIndex('cities_fias_id_idx').on(t.fiasId)],
)
