import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { offers, products } from './catalog'

/**
 * Pictures uploaded in the back office (ADR 184). Position 0 is the main one: the card, the cart line
 * and the first slide. Each row keeps the public address of every size it was stored in and the
 * storage keys to delete them by; a product without rows keeps the seed's pack shots.
 */
export const productPictures = pgTable(
  'product_pictures',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** The offer this picture is of (ADR 205): its cards and cart lines show it; null: the whole product's. */
    offerId: integer().references(() => offers.id, { onDelete: 'set null' }),
    alt: text().notNull().default(''),
    /** SHA-256 of the uploaded bytes: the same picture twice on one product is refused. */
    hash: text().notNull(),
    /** 'local' (VAR_DIR/uploads) or 's3': where the files are, so a delete goes to the same place. */
    storage: text().$type<'local' | 's3'>().notNull(),
    /** Size name (thumb, card, gallery) → its stored file: key, public url, width, height. */
    sizes: jsonb().$type<Record<string, { key: string; url: string; width: number; height: number }>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_pictures_product_idx').on(t.productId, t.position),
    uniqueIndex('product_pictures_hash_idx').on(t.productId, t.hash),
    check('product_pictures_storage', sql`${t.storage} in ('local', 's3')`),
  ],
)

/**
 * The media library (ADR 207): pictures that belong to no product (the home slider's slides), stored
 * in the same sizes as product pictures and chosen by id, so the storefront gets their srcset. One row
 * per distinct upload: the same file again is the same picture.
 */
export const mediaPictures = pgTable(
  'media_pictures',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    alt: text().notNull().default(''),
    /** SHA-256 of the uploaded bytes. */
    hash: text().notNull(),
    storage: text().$type<'local' | 's3'>().notNull(),
    sizes: jsonb().$type<Record<string, { key: string; url: string; width: number; height: number }>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_pictures_hash_idx').on(t.hash), check('media_pictures_storage', sql`${t.storage} in ('local', 's3')`)],
)
