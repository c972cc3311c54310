import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sessions, users } from './accounts'
import { offers } from './catalog'
import { coupons, paySystems, personTypes } from './checkout'

export const ORDER_STATUSES = ['new', 'awaiting_payment', 'paid', 'assembling', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * An order keeps copies of everything it was sold with (names, prices, delivery and payment names),
 * so later catalogue edits never change a placed order. Amounts are kopecks.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The session that placed it: a guest sees the confirmation through it. */
    sessionId: bigint({ mode: 'number' }).references(() => sessions.id, { onDelete: 'set null' }),
    source: text().$type<'checkout' | 'one-click'>().notNull().default('checkout'),
    status: text().$type<OrderStatus>().notNull().default('new'),
    personTypeId: integer().references(() => personTypes.id),
    paySystemId: integer().references(() => paySystems.id),
    paySystemCode: text().notNull().default(''),
    paySystemName: text().notNull().default(''),
    deliveryId: text().notNull().default(''),
    deliveryName: text().notNull().default(''),
    /** Slot booking of the courier, released once on cancel. */
    slotBookingId: text(),
    locationCode: text().notNull().default(''),
    locationName: text().notNull().default(''),
    address: text().notNull().default(''),
    buyerName: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    /**
     * The phone's digits as the back office searches them (ADR 162): '+7 (999) 123-45-67',
     * '8 999 1234567' and '9991234567' are all '79991234567'. Computed by the database, so every
     * writer (checkout, one-click, anonymisation) keeps it right.
     */
    phoneDigits: text().generatedAlwaysAs(sql`case
      when length(regexp_replace(phone, '[^0-9]', '', 'g')) = 11 and left(regexp_replace(phone, '[^0-9]', '', 'g'), 1) = '8'
        then '7' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 2)
      when length(regexp_replace(phone, '[^0-9]', '', 'g')) = 10 then '7' || regexp_replace(phone, '[^0-9]', '', 'g')
      else regexp_replace(phone, '[^0-9]', '', 'g') end`),
    comment: text().notNull().default(''),
    /** Every order property by code, as saved. */
    props: jsonb().$type<Record<string, string>>().notNull().default({}),
    couponId: integer().references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text(),
    /** Goods at their base price, the discount taken off, the delivery and what the buyer pays. */
    basePrice: integer().notNull(),
    discount: integer().notNull().default(0),
    goodsPrice: integer().notNull(),
    deliveryPrice: integer().notNull().default(0),
    total: integer().notNull(),
    weightGrams: integer().notNull().default(0),
    /** Random token of the payment page link. */
    paymentToken: text().notNull(),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_session_idx').on(t.sessionId),
    // The back office's order list (ADR 162): the default sort, each filter that narrows a lot, and
    // trigram indexes for the substring search by phone digits, e-mail and name (without a GIN pending
    // list: PGlite runs no autovacuum, see migration 0011).
    // Ascending on purpose: read backwards they serve ORDER BY … DESC, whose NULLS FIRST a
    // drizzle .desc() column (DESC NULLS LAST) would not match (the planner then sorts the table).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_location_idx').on(t.locationCode, t.createdAt, t.id),
    index('orders_delivery_idx').on(t.deliveryId, t.createdAt, t.id),
    index('orders_coupon_idx').on(sql`upper(${t.couponCode})`).where(sql`${t.couponCode} is not null`),
    index('orders_phone_digits_trgm_idx').using('gin', sql`${t.phoneDigits} gin_trgm_ops`).with({ fastupdate: false }),
    index('orders_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`).with({ fastupdate: false }),
    index('orders_buyer_name_trgm_idx').using('gin', sql`${t.buyerName} gin_trgm_ops`).with({ fastupdate: false }),
    check('orders_total_non_negative', sql`${t.total} >= 0`),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: integer().references(() => offers.id, { onDelete: 'set null' }),
    productId: integer(),
    name: text().notNull(),
    link: text().notNull().default(''),
    picture: text().notNull().default(''),
    properties: jsonb().$type<Record<string, string>>().notNull().default({}),
    quantity: integer().notNull(),
    basePrice: integer().notNull(),
    price: integer().notNull(),
    sum: integer().notNull(),
    weightGrams: integer().notNull().default(0),
    isGift: text().$type<'Y' | 'N'>().notNull().default('N'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_quantity_positive', sql`${t.quantity} >= 1`)],
)

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text().$type<OrderStatus>(),
    toStatus: text().$type<OrderStatus>().notNull(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
)

/**
 * Where a payment's money stands (ADR 172, payment/payment-state.ts has the transitions): 'created'
 * (our row, the provider not asked yet), 'pending' (the buyer is paying), 'waiting_for_capture'
 * (two-stage: held, not taken), 'succeeded', 'failed' (declined or expired at the provider), and
 * 'cancelled' (a surcharge an edit no longer needs, ADR 169, or a hold we released). 'refunded' and
 * 'partially_refunded' are not stored: they follow from payment_refunds (ADR 165), the one record of
 * money going back.
 */
export type PaymentStatus = 'created' | 'pending' | 'waiting_for_capture' | 'succeeded' | 'failed' | 'cancelled'

/** Payment attempts through a provider; a callback is applied once per payment (status moves once). */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    /**
     * The id the provider knows the payment by; the callback names it. A provider that names payments
     * itself (ЮKassa) gets a placeholder until its answer, then its own id.
     */
    externalId: text().notNull(),
    amount: integer().notNull(),
    status: text().$type<PaymentStatus>().notNull().default('pending'),
    /** Our Idempotence-Key of the provider's create call: the same on every retry (ADR 173). */
    idempotenceKey: text(),
    /** Where the buyer pays (the provider's page), once the provider answered. */
    confirmationUrl: text(),
    /** Two-stage: the provider holds the money until we capture it (ADR 173). */
    twoStage: boolean().notNull().default(false),
    /** The provider's own status word, as last read. */
    providerStatus: text(),
    /** The 54-ФЗ receipt sent with the payment (payment/receipt.ts), and its registration state. */
    receipt: jsonb(),
    receiptStatus: text(),
    /** The provider's id of that receipt, once read (ЮKassa GET /receipts, ADR 183). */
    receiptId: text(),
    /** Two-stage: until when the provider holds the money (ЮKassa's expires_at, ADR 183). */
    holdExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('payments_external_idx').on(t.provider, t.externalId), index('payments_order_idx').on(t.orderId)],
)

/** Why money goes back: ADR 155's automatic refund, a manager's refund (ADR 165), an order edit's reduction. */
export const REFUND_REASONS = ['paid-after-cancel', 'staff', 'edit'] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

/** What a refund gave back of one order line (ADR 165): the line, how many pieces, their kopecks. */
export interface RefundedLine {
  lineId: number
  name: string
  quantity: number
  amount: number
}

/**
 * Money that must go back, one row per payment it goes back from. ADR 155: a payment that arrived
 * for an order already cancelled gets one 'paid-after-cancel' row, ever (a partial unique index), so
 * a repeated callback never refunds twice; the row is also the record that the money arrived. ADR
 * 165: a manager's refund (by lines, the delivery, or everything) and an edit's reduction add rows of
 * their own, as many as the paid money allows.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    reason: text().$type<RefundReason>().notNull(),
    /** requested → processing (claimed by one process) → succeeded or failed (a manager takes over). */
    status: text().$type<'requested' | 'processing' | 'succeeded' | 'failed'>().notNull().default('requested'),
    /** The provider's id of the refund, once it accepted it. */
    providerRefundId: text(),
    lastError: text(),
    /**
     * The lines and the delivery a manager's refund gave back (null: a plain sum). A refund spread
     * over several payments keeps them on its first row; the others carry only their share of money.
     */
    lines: jsonb().$type<RefundedLine[]>(),
    deliveryAmount: integer().notNull().default(0),
    /**
     * Who asked (no foreign key: staff.ts already depends on this file; the audit line names the
     * actor too), and the manager's words for the buyer's file.
     */
    staffId: integer(),
    author: text().notNull().default(''),
    comment: text().notNull().default(''),
    /** The caller's key of one request: a repeated submit finds its rows instead of refunding again. */
    requestKey: text(),
    /** The refund receipt sent to the provider (ADR 172), and its registration state. */
    receipt: jsonb(),
    receiptStatus: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // ADR 155's guarantee, kept for its own reason only: one automatic refund per payment.
    uniqueIndex('payment_refunds_after_cancel_idx').on(t.paymentId).where(sql`${t.reason} = 'paid-after-cancel'`),
    uniqueIndex('payment_refunds_request_idx').on(t.orderId, t.requestKey, t.paymentId).where(sql`${t.requestKey} is not null`),
    index('payment_refunds_order_idx').on(t.orderId),
    index('payment_refunds_by_payment_idx').on(t.paymentId),
  ],
)

/**
 * Every call to a payment provider and every notification from one (ADR 172): what was asked with
 * which idempotency key, and what came back. Kept for the manager and for replaying a notification.
 * A notification refused before it was read (an unknown network) is logged, not stored.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer().references(() => payments.id, { onDelete: 'cascade' }),
    refundId: integer().references(() => paymentRefunds.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    kind: text().$type<'call' | 'notification'>().notNull(),
    /** 'POST /payments', 'GET /payments/{id}', 'notification payment.succeeded' … */
    operation: text().notNull(),
    /** Ours, one per call (also sent to the provider where it takes one). */
    requestId: text().notNull(),
    idempotenceKey: text(),
    /** The provider's id of the object the call or notification is about. */
    objectId: text(),
    /** HTTP status of the answer; null: no answer (timeout, network). */
    httpStatus: integer(),
    request: jsonb(),
    response: jsonb(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId), index('payment_events_object_idx').on(t.provider, t.objectId)],
)

/** The marking codes a warehouse entered at shipment: per order line, one code per marked piece. */
export interface ShippedMarkCodes {
  lineId: number
  codes: string[]
}

/**
 * Receipts a shop sends on its own, apart from a payment or refund (ADR 183): the settlement receipt
 * («полный расчёт») of a prepaid order at shipment, with the marked pieces' codes. One per order and kind;
 * the Idempotence-Key is written before the call so a retry sends the same one.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer().references(() => payments.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    kind: text().$type<'settlement'>().notNull(),
    /** requested (not yet accepted) → pending / succeeded / canceled as the provider reports; failed: refused by us or by it. */
    status: text().notNull().default('requested'),
    providerReceiptId: text(),
    idempotenceKey: text().notNull(),
    receipt: jsonb(),
    markCodes: jsonb().$type<ShippedMarkCodes[]>().notNull().default([]),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_receipts_order_kind_idx').on(t.orderId, t.kind)],
)
