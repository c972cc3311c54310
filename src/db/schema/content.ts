import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sessions, users } from './accounts'
import { offers, products } from './catalog'
import { mediaPictures } from './media'

/**
 * Content of the home page, articles, news and the ingredient encyclopedia. Everything a manager edits
 * is a row here (showcases included), so changing the shop window needs no code.
 */

/** Products a visitor opened: per session until sign-in, then per account. Exactly one owner per row. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    sessionId: bigint({ mode: 'number' }).references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recently_viewed_session_product_idx').on(t.sessionId, t.productId),
    uniqueIndex('recently_viewed_user_product_idx').on(t.userId, t.productId),
    check('recently_viewed_one_owner', sql`(${t.sessionId} is null) <> (${t.userId} is null)`),
  ],
)

export interface ShowcaseDecoration {
  img: string
  /** Where the picture sits around the slider. */
  position: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'
}

/**
 * A tab of a home-page block: `sets-from-experts` (slides of expert sets) or `mainpage-products`
 * (product cards chosen by `rule`). `anchor` is the address hash that opens the tab.
 */
export const showcaseTabs = pgTable(
  'showcase_tabs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    block: text().$type<'sets-from-experts' | 'mainpage-products'>().notNull(),
    anchor: text().notNull(),
    title: text().notNull(),
    /** mainpage-products: 'manual' (showcase_tab_products), 'hit', 'new', 'high-discounts'. */
    rule: text().$type<'manual' | 'hit' | 'new' | 'high-discounts'>().notNull().default('manual'),
    decorations: jsonb().$type<ShowcaseDecoration[]>().notNull().default([]),
    sort: integer().notNull().default(500),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('showcase_tabs_block_anchor_idx').on(t.block, t.anchor)],
)

/** One slide of a sets-from-experts tab; price and old price always come from the offer. */
export const showcaseSlides = pgTable(
  'showcase_slides',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    tabId: integer()
      .notNull()
      .references(() => showcaseTabs.id, { onDelete: 'cascade' }),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    subtitle: text().notNull().default(''),
    img: text().notNull().default(''),
    /** A media-library picture (ADR 207 addendum), shown with its sizes; null: `img`, else the offer's picture. */
    pictureId: integer().references(() => mediaPictures.id, { onDelete: 'set null' }),
    /** Empty: the product's own page. */
    link: text().notNull().default(''),
    /** Pack label, e.g. «Курс на 2 месяца». */
    pack: text().notNull().default(''),
    /** SET: the slide sells a set of several products. */
    isSet: boolean().notNull().default(false),
    discountPicture: text().notNull().default(''),
    sort: integer().notNull().default(500),
    active: boolean().notNull().default(true),
  },
  (t) => [index('showcase_slides_tab_idx').on(t.tabId)],
)

/** Hand-picked products of a 'manual' mainpage-products tab. */
export const showcaseTabProducts = pgTable(
  'showcase_tab_products',
  {
    tabId: integer()
      .notNull()
      .references(() => showcaseTabs.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(500),
  },
  (t) => [primaryKey({ columns: [t.tabId, t.productId] })],
)

/** The featured-products slider: one offer per slide, price from the offer. */
export const featuredSlides = pgTable('featured_slides', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  offerId: integer()
    .notNull()
    .references(() => offers.id, { onDelete: 'cascade' }),
  image: text().notNull().default(''),
  title: text().notNull(),
  subtitle: text().notNull().default(''),
  description: text().notNull().default(''),
  link: text().notNull().default(''),
  /** A media-library picture (ADR 207), shown with its sizes; null: `image`, else the offer's picture. */
  pictureId: integer().references(() => mediaPictures.id, { onDelete: 'set null' }),
  /** Shown from / until (ADR 207); null: no bound. */
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
})

/** Thin full-width promo strip; the first active one in the editor's order is shown. */
export const lightLineBanners = pgTable('light_line_banners', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  text: text().notNull(),
  link: text().notNull().default(''),
  linkText: text().notNull().default(''),
  /** Shown from / until (ADR 207); null: no bound. */
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
})

export const distributors = pgTable('distributors', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  title: text().notNull(),
  link: text().notNull(),
  image: text().notNull().default(''),
  sort: integer().notNull().default(500),
  active: boolean().notNull().default(true),
})

/** Our own copies of the social-network posts the feed shows (no call to the network at run time). */
export const socialPosts = pgTable('social_posts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  link: text().notNull(),
  img: text().notNull(),
  text: text().notNull().default(''),
  publishedAt: timestamp({ withTimezone: true }).notNull(),
  active: boolean().notNull().default(true),
})

export interface ArticleExpert {
  IMG: string
  IMG_SIZE: 'small' | 'big'
  TITLE: string
  SUB_TITLE: string
  TEXT: string
  /**
   * Ours beside the spec's DATA_EXPERT: a media-library photo by id (ADR 207, second addendum), then
   * IMG is empty; absent or null on the seed's typed photos.
   */
  PICTURE_ID?: number | null
}

export interface AccordionItem {
  TITLE: string
  TEXT: string
}

/** Health articles and additional materials. `text` is trusted HTML written by the shop's editors. */
export const articles = pgTable(
  'articles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    name: text().notNull(),
    /** Fito filter's material category: «Статья», «Исследование», «Инструкция», … */
    category: text().notNull(),
    previewText: text().notNull().default(''),
    text: text().notNull().default(''),
    picture: text().notNull().default(''),
    buttonUrl: text().notNull().default(''),
    buttonText: text().notNull().default(''),
    expert: jsonb().$type<ArticleExpert | null>(),
    accordion: jsonb().$type<AccordionItem[]>().notNull().default([]),
    /** Content for medical specialists: the page asks the health-professional question first. */
    professional: boolean().notNull().default(false),
    /** Shown in the recommendations block and the home articles slider. */
    recommended: boolean().notNull().default(false),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    sort: integer().notNull().default(500),
    /** Published; false is a draft (or a hidden article): 404 for buyers, seen in the preview (ADR 201). */
    active: boolean().notNull().default(true),
    /** Replace the page's title and meta description when filled (ADR 200). */
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
  },
  (t) => [index('articles_published_idx').on(t.publishedAt)],
)

export const articleTags = pgTable('article_tags', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  sort: integer().notNull().default(500),
})

export const articleTagLinks = pgTable(
  'article_tag_links',
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => articleTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index('article_tag_links_tag_idx').on(t.tagId)],
)

/** Products an article talks about: its button, and the product page's articles tab. */
export const articleProducts = pgTable(
  'article_products',
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.productId] }), index('article_products_product_idx').on(t.productId)],
)

export const news = pgTable(
  'news',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    name: text().notNull(),
    previewText: text().notNull().default(''),
    text: text().notNull().default(''),
    picture: text().notNull().default(''),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    active: boolean().notNull().default(true),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
)

export interface LegalSection {
  heading: string
  /** Plain text; {legalName}, {inn}, … are filled from the shop's details when shown. */
  paragraphs: string[]
}

/** Legal pages at /about/<slug>/ (offer, privacy policy, …), seeded from legal-pages.json (ADR 200). */
export const legalPages = pgTable('legal_pages', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  sections: jsonb().$type<LegalSection[]>().notNull().default([]),
  active: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const encSections = pgTable('enc_sections', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  sort: integer().notNull().default(500),
})

export const encElements = pgTable(
  'enc_elements',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    name: text().notNull(),
    sectionId: integer()
      .notNull()
      .references(() => encSections.id),
    previewText: text().notNull().default(''),
    text: text().notNull().default(''),
    /**
     * Lower-case words that, found in a product's composition, link the product to this ingredient
     * («цинк», «цинка»…). Empty: only the explicit links count.
     */
    matchTerms: jsonb().$type<string[]>().notNull().default([]),
    sort: integer().notNull().default(500),
    active: boolean().notNull().default(true),
  },
  (t) => [index('enc_elements_section_idx').on(t.sectionId)],
)

/** Explicit ingredient–product links, for when the composition text alone does not say it. */
export const encElementProducts = pgTable(
  'enc_element_products',
  {
    elementId: integer()
      .notNull()
      .references(() => encElements.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.elementId, t.productId] }), index('enc_element_products_product_idx').on(t.productId)],
)
