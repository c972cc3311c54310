import 'server-only'
import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { paymentEvents, paymentReceipts, paymentRefunds, payments } from '@/db/schema'
import type { TimelineEntry } from '@/domains/orders/order-timeline'
import { paymentTimeline } from './payment-timeline'

/** The rows paymentTimeline reads for one order: its payments' and refunds' events, receipts, settlement. */
export async function paymentTimelineOf(q: Db | Tx, orderId: number): Promise<TimelineEntry[]> {
  const [pays, refunds, settlements] = await Promise.all([
    q.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    q.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(asc(paymentRefunds.id)),
    q.select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId)),
  ])
  const payIds = new Set(pays.map((p) => p.id))
  const refundIds = new Set(refunds.map((r) => r.id))
  const events =
    payIds.size + refundIds.size === 0
      ? []
      : (
          await q
            .select({ id: paymentEvents.id, provider: paymentEvents.provider, kind: paymentEvents.kind, operation: paymentEvents.operation, httpStatus: paymentEvents.httpStatus, error: paymentEvents.error, objectId: paymentEvents.objectId, createdAt: paymentEvents.createdAt, paymentId: paymentEvents.paymentId, refundId: paymentEvents.refundId })
            .from(paymentEvents)
            .innerJoin(payments, eq(payments.orderId, orderId))
            .where(eq(paymentEvents.paymentId, payments.id))
        ).concat(
          refundIds.size
            ? await q
                .select({ id: paymentEvents.id, provider: paymentEvents.provider, kind: paymentEvents.kind, operation: paymentEvents.operation, httpStatus: paymentEvents.httpStatus, error: paymentEvents.error, objectId: paymentEvents.objectId, createdAt: paymentEvents.createdAt, paymentId: paymentEvents.paymentId, refundId: paymentEvents.refundId })
                .from(paymentEvents)
                .innerJoin(paymentRefunds, eq(paymentRefunds.orderId, orderId))
                .where(eq(paymentEvents.refundId, paymentRefunds.id))
            : [],
        )
  const unique = [...new Map(events.map((e) => [e.id, e])).values()]
  return paymentTimeline({
    events: unique,
    payments: pays,
    refunds,
    settlements: settlements.map((r) => ({ ...r, codes: r.markCodes.reduce((n, l) => n + l.codes.length, 0) })),
  })
}
