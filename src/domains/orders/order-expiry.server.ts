import 'server-only'
import { and, eq } from 'drizzle-orm'
import { db, type Db } from '@/db/client'
import { payments } from '@/db/schema'
import { testHook } from '@/lib/test-hooks'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { readSetting, SETTINGS, type SettingKey } from '@/domains/settings/settings.server'
import { awaitingPaymentSince, type OrderRow } from './orders.db'
import { cancelWithin } from './orders.server'

/**
 * Unpaid online orders give their goods back (issue 16 hole 5, ADR 154): an order by card or Долями
 * still in 'awaiting_payment' this many minutes after it was placed is cancelled through the
 * transitions table's cancel step, which releases stock, coupon and courier slot once (R7).
 */
export const UNPAID_MINUTES_KEY = 'unpaidOrderMinutes' satisfies SettingKey
export const DEFAULT_UNPAID_MINUTES = SETTINGS.unpaidOrderMinutes.fallback

export function unpaidOrderMinutes(q: Db): Promise<number> {
  return readSetting(q, UNPAID_MINUTES_KEY)
}

/** One run works through at most this many orders; the next run takes the rest. */
const BATCH = 200

/** The orders the job would cancel at `at`, as read now (the cancel step re-checks each). */
export async function expiredUnpaidOrders(q: Db, at: Date, minutes: number): Promise<OrderRow[]> {
  return awaitingPaymentSince(q, new Date(at.getTime() - minutes * 60_000), BATCH)
}

/**
 * Cancels one order read by `expiredUnpaidOrders`. The step goes from 'awaiting_payment' only: if the
 * payment arrived since the read, the conditional update finds 'paid' and nothing happens, so an
 * order ends paid or cancelled, never both; a payment that comes after this cancel is refunded
 * (ADR 155).
 */
export async function expireOrder(q: Db, order: OrderRow, minutes: number): Promise<boolean> {
  if (order.status !== 'awaiting_payment') return false
  return q.transaction(async (tx) => {
    // Money held for a two-stage capture (ADR 183) is the buyer's payment waiting for the manager: the
    // order is never cancelled under it. The hold ends by «Списать» or «Отменить», or by ЮKassa's own
    // expiry, which the poll reads as a declined payment; the next round then cancels the order.
    if (heldPaymentGuard()) {
      const [held] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'waiting_for_capture'))).limit(1)
      if (held) return false
    }
    return cancelWithin(tx, order, { unpaidMinutes: minutes })
  })
}

/** The held-payment guard's negative control switches it off (order-expiry.int.test.ts). */
export const heldPaymentGuard = testHook('unpaid-order expiry skips held payments', true)

export async function expireUnpaidOrders(q: Db, at: Date = now()): Promise<{ expired: number[] }> {
  const minutes = await unpaidOrderMinutes(q)
  const expired: number[] = []
  for (const order of await expiredUnpaidOrders(q, at, minutes)) {
    if (await expireOrder(q, order, minutes)) expired.push(order.id)
  }
  return { expired }
}

/**
 * One round of the job. `settleOpenPayments` first asks the providers about payments still open (a
 * notification may never have come): an order paid at the provider is then recorded paid, not
 * cancelled and refunded. Its failure does not stop the round: the deadline still holds.
 */
export async function expiryRound(q: Db, settleOpenPayments?: () => Promise<unknown>, at?: Date): Promise<{ expired: number[] }> {
  if (settleOpenPayments) await settleOpenPayments().catch((error: unknown) => logger.error({ err: error }, 'open payments not settled'))
  return expireUnpaidOrders(q, at)
}

let timer: NodeJS.Timeout | undefined

/**
 * Started once per server process with housekeeping (startHousekeeping), every five minutes. Every instance may
 * run it: the cancel step's gate makes a second instance's cancel of the same order a no-op.
 */
export function startOrderExpiry(settleOpenPayments?: () => Promise<unknown>, intervalMs = 5 * 60_000): void {
  if (timer) return
  const run = () =>
    void expiryRound(db(), settleOpenPayments)
      .then(({ expired }) => expired.length > 0 && logger.info({ expired }, 'unpaid orders cancelled'))
      .catch((error: unknown) => logger.error({ err: error }, 'order expiry failed'))
  timer = setInterval(run, intervalMs)
  timer.unref()
}
