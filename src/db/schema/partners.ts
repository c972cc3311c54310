import { doublePrecision, index, integer, pgTable, primaryKey, text, boolean } from 'drizzle-orm/pg-core'
import { products } from './catalog'

/** Partner pharmacies of 'Где купить' and the cards' partner purchase modal (ALTERNATIVE_LINKS). */
export const partners = pgTable('partners', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  title: text().notNull(),
  /** The partner's shop; a product's own page at the partner is in partner_products.link. */
  link: text().notNull(),
  image: text().notNull().default(''),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
})

/** Which partner sells which product, and where (the logo link opens it in a new tab). */
export const partnerProducts = pgTable(
  'partner_products',
  {
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    link: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.productId] }), index('partner_products_product_idx').on(t.productId)],
)

/** A partner's pharmacies: the markers of the partner map popup (apt_id, name, address, geo_x, geo_y). */
export const partnerOutlets = pgTable(
  'partner_outlets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull(),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
  },
  (t) => [index('partner_outlets_partner_idx').on(t.partnerId)],
)
