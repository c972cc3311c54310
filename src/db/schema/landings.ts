import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog'

export const LANDING_KINDS = ['product', 'programme', 'meal-plan'] as const
export type LandingKind = (typeof LANDING_KINDS)[number]

/**
 * Landing pages as data: a product landing's typed blocks, the weight-loss programme and the meal plan.
 * `data` is validated by the landings domain's zod schema for its kind on every read, so a bad row
 * shows up as a 404 and a log line, not as a broken page.
 */
export const landingPages = pgTable('landing_pages', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  kind: text().$type<LandingKind>().notNull(),
  title: text().notNull(),
  /** The landing's own product (hero, 'about' block, reviews link); null for the programme pages. */
  productId: integer().references(() => products.id, { onDelete: 'set null' }),
  data: jsonb().notNull(),
  sort: integer().notNull().default(500),
  active: integer().notNull().default(1),
  /**
   * The back office's unpublished version (ADR 203): `{ title, data }` saved by the editor, shown only
   * through the draft preview, copied over `title` and `data` by «Опубликовать». Null: no draft.
   */
  draft: jsonb().$type<{ title: string; data: unknown }>(),
  updatedAt: timestamp({ withTimezone: true }),
})

/** Meal-plan recipes opened by GET /ajax/turboslim/food-modal/{id}. */
export const turboRecipes = pgTable('turbo_recipes', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  data: jsonb().notNull(),
  /** A hidden recipe leaves the meal plan and its modal; never deleted, the plan names it (ADR 202). */
  active: boolean().notNull().default(true),
})

/** Meal-plan e-mail requests (POST /ajax/turboslim/form/sub): one row per e-mail, step and type. */
export const turboSubscriptions = pgTable(
  'turbo_subscriptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    step: integer().notNull(),
    type: text().$type<'menu' | 'video'>().notNull(),
    /** The programme test's answers when the visitor took it (the spec's 'extra turbo fields'). */
    extra: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('turbo_subscriptions_email_step_type_idx').on(t.email, t.step, t.type),
    index('turbo_subscriptions_created_idx').on(t.createdAt),
  ],
)
