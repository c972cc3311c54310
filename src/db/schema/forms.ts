import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { products } from './catalog'

export const QUESTION_KINDS = ['product', 'contact', 'nutritionist'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

/** Questions from the product, contact and nutritionist forms; each is also mailed to the shop. */
export const questions = pgTable(
  'questions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().$type<QuestionKind>().notNull(),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    productName: text().notNull().default(''),
    theme: text().notNull().default(''),
    name: text().notNull(),
    email: text().notNull(),
    /** 11 digits or empty (the nutritionist form sends it empty). */
    phone: text().notNull().default(''),
    message: text().notNull(),
    adsAgreement: boolean().notNull().default(false),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questions_created_idx').on(t.createdAt)],
)

export const SUBSCRIPTION_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/**
 * Newsletter subscriptions, once per e-mail and page. Double opt-in: 'pending' until the link in the
 * confirmation mail is opened. Only sha256 digests of the confirm and unsubscribe tokens are stored.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    page: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<SubscriptionStatus>().notNull().default('pending'),
    confirmTokenHash: text().notNull().unique(),
    unsubscribeTokenHash: text().notNull().unique(),
    /** The 10% promo was offered to this subscriber (region setting matched when subscribing). */
    promo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_email_page_idx').on(t.email, t.page),
    check('subscriptions_status_known', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
)

/** S8: every solved captcha challenge, so that a token is accepted once. Rows expire with the challenge. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    challengeId: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_uses_expires_idx').on(t.expiresAt)],
)

/** S11: fixed-window counters keyed by "<action>:<session or ip>". */
export const formLimits = pgTable('form_limits', {
  key: text().primaryKey(),
  hits: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
})

/**
 * Staff replies to a question or a contact message, sent to the asker by e-mail through the outbox
 * (the inbox of the back office, ADR 162). The text is kept so the inbox shows what was answered and
 * by whom; the question's erasure (152-ФЗ) takes its replies with it.
 */
export const questionReplies = pgTable(
  'question_replies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** No foreign key to staff: a reply outlives the account that wrote it, `author` names it. */
    staffId: integer(),
    author: text().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_replies_question_idx').on(t.questionId, t.createdAt), check('question_replies_text_length', sql`length(${t.text}) between 1 and 5000`)],
)
