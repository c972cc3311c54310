import 'server-only'
import { and, asc, eq, ne } from 'drizzle-orm'
import { db, type Db, type Tx } from '@/db/client'
import { orderLines, orders, paymentRefunds, payments, type RefundReason } from '@/db/schema'
import { recordChange } from '@/domains/audit/audit.server'
import { actorLabel, type Actor } from '@/domains/staff/permissions'
import { Refusal, type RefusalKind } from '@/lib/refusal'
import { testHook } from '@/lib/test-hooks'
import { sendRefund, type RefundRow } from './payment-refund.server'
import { REFUND_MESSAGES, planRefund, refundable, splitOverPayments, type RefundInput, type RefundFacts, type RefundRefusalKind, type RefundedSoFar } from './refund'

/**
 * Refunds a manager asks for, and the ones an order edit's reduction needs (ADR 165). The order row
 * is locked for the whole request, so two refunds (or a refund and an edit) of one order take turns
 * and never send back more than was paid together.
 */

/**
 * The race test's switches: `lock` off skips the order lock (the negative control), and `afterCheck`
 * is awaited between reading what is left and writing the refund, where the control's two requests
 * meet, so they interleave on every run rather than by chance.
 */
export const refundGuard = testHook<Readonly<{ lock: boolean; afterCheck: (() => Promise<void>) | null }>>('refund order lock', { lock: true, afterCheck: null })

const REFUSAL_OF: Record<RefundRefusalKind, RefusalKind> = {
  'order-not-found': 'not-found',
  'nothing-paid': 'conflict',
  'unknown-line': 'invalid',
  'too-many': 'conflict',
  'no-delivery': 'conflict',
  'too-much': 'conflict',
  'nothing-left': 'conflict',
  empty: 'invalid',
}

/** A refused refund: the generic kind for the edge's status, its own kind in the body for integrations. */
export function refundRefusal(kind: RefundRefusalKind): Refusal {
  return new Refusal(REFUSAL_OF[kind], REFUND_MESSAGES[kind], { error: REFUND_MESSAGES[kind], reason: kind })
}

/** The money side of an order: succeeded payments with what is left of each, and refunds not failed. */
export async function refundState(q: Db | Tx, orderId: number) {
  const [paid, refunds] = await Promise.all([
    q.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded'))).orderBy(asc(payments.id)),
    q.select().from(paymentRefunds).where(and(eq(paymentRefunds.orderId, orderId), ne(paymentRefunds.status, 'failed'))).orderBy(asc(paymentRefunds.id)),
  ])
  const pieces = new Map<number, number>()
  for (const r of refunds) for (const l of r.lines ?? []) pieces.set(l.lineId, (pieces.get(l.lineId) ?? 0) + l.quantity)
  const so: RefundedSoFar = {
    amount: refunds.reduce((s, r) => s + r.amount, 0),
    delivery: refunds.reduce((s, r) => s + r.deliveryAmount, 0),
    pieces,
  }
  // Refunds of a payment that is not (or no longer) succeeded still count against it, never below 0.
  const left = paid.map((p) => ({ id: p.id, left: Math.max(0, p.amount - refunds.filter((r) => r.paymentId === p.id).reduce((s, r) => s + r.amount, 0)) }))
  return { paid: paid.reduce((s, p) => s + p.amount, 0), payments: left, so }
}

async function lockOrder(tx: Tx, orderId: number) {
  const query = tx.select().from(orders).where(eq(orders.id, orderId))
  const [order] = refundGuard().lock ? await query.for('update') : await query
  return order
}

export interface RefundRequest extends Pick<RefundInput, 'lines' | 'delivery' | 'full' | 'amount' | 'comment' | 'key'> {
  reason: Exclude<RefundReason, 'paid-after-cancel'>
}

/**
 * Records a refund in the caller's transaction: the order locked, the request planned against what
 * was paid and already refunded, one row per payment the money goes back from (the lines, delivery
 * and comment on the first), one audit line. Refuses by kind; nothing is written then. The provider
 * is not called here: after the commit, `sendRefunds` with the rows' ids.
 * A request with a key that was already made answers its rows again, writing nothing.
 */
export async function requestRefund(tx: Tx, actor: Actor, orderId: number, request: RefundRequest): Promise<RefundRow[]> {
  const order = await lockOrder(tx, orderId)
  if (!order) throw refundRefusal('order-not-found')
  if (request.key) {
    const made = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.requestKey, request.key)))
      .orderBy(asc(paymentRefunds.id))
    if (made.length) return made
  }
  const [lines, state] = await Promise.all([
    tx.select({ id: orderLines.id, name: orderLines.name, quantity: orderLines.quantity, sum: orderLines.sum }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    refundState(tx, orderId),
  ])
  const planned = planRefund(request, { total: order.total, goodsPrice: order.goodsPrice, deliveryPrice: order.deliveryPrice, lines }, state.paid, state.so)
  if (!planned.ok) throw refundRefusal(planned.kind)
  const { plan } = planned
  const guard = refundGuard()
  if (guard.afterCheck) await guard.afterCheck()
  const parts = splitOverPayments(plan.amount, state.payments)
  const rows: RefundRow[] = []
  for (const [i, part] of parts.entries()) {
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        orderId,
        paymentId: part.paymentId,
        amount: part.amount,
        reason: request.reason,
        lines: i === 0 && plan.lines.length ? plan.lines : null,
        deliveryAmount: i === 0 ? plan.deliveryAmount : 0,
        staffId: actor.kind === 'staff' ? actor.id : null,
        author: actorLabel(actor),
        comment: request.comment,
        requestKey: request.key ?? null,
      })
      .returning()
    if (row) rows.push(row)
  }
  await recordChange(tx, actor, {
    objectType: 'order',
    objectId: orderId,
    action: 'refund',
    before: { paid: state.paid, refunded: state.so.amount },
    after: {
      amount: plan.amount,
      reason: request.reason,
      lines: plan.lines.map((l) => `${l.name} × ${l.quantity} = ${l.amount}`),
      delivery: plan.deliveryAmount,
      comment: request.comment,
      refunds: rows.map((r) => r.id),
    },
  })
  return rows
}

/**
 * For an order edit inside its own transaction (ADR 164/165): sends back a plain sum of a paid
 * order, e.g. the difference after fewer pieces. Same lock, checks, rows and audit line as a
 * manager's refund; refused (a Refusal) when the sum is more than is left of the payments or nothing
 * was paid online. After the caller's commit: `await sendRefunds(db(), rows.map((r) => r.id))`.
 */
export async function requestAmountRefund(
  tx: Tx,
  orderId: number,
  amount: number,
  by: { actor: Actor; reason?: 'edit' | 'staff'; comment?: string },
): Promise<RefundRow[]> {
  return requestRefund(tx, by.actor, orderId, { lines: [], delivery: false, full: false, amount, comment: by.comment ?? '', reason: by.reason ?? 'edit' })
}

/** After the commit: each row to its provider, one at a time (the claim in sendRefund sends each once). */
export async function sendRefunds(database: Db, refundIds: readonly number[]): Promise<RefundRow[]> {
  const done: RefundRow[] = []
  for (const id of refundIds) {
    const row = await sendRefund(database, id)
    if (row) done.push(row)
  }
  return done
}

export interface RefundAnswer {
  amount: number
  refunds: { id: number; paymentId: number; amount: number; status: RefundRow['status']; error: string | null }[]
}

/** POST /api/admin/orders/{id}/refunds: records the refund, then asks the provider, and answers how it went. */
export async function refundOrder(actor: Actor, orderId: number, input: RefundInput): Promise<RefundAnswer> {
  const rows = await db().transaction((tx) => requestRefund(tx, actor, orderId, { ...input, reason: 'staff' }))
  const sent = new Map((await sendRefunds(db(), rows.map((r) => r.id))).map((r) => [r.id, r]))
  const final = rows.map((r) => sent.get(r.id) ?? r)
  return {
    amount: final.reduce((s, r) => s + r.amount, 0),
    refunds: final.map((r) => ({ id: r.id, paymentId: r.paymentId, amount: r.amount, status: r.status, error: r.lastError })),
  }
}

/**
 * The order's money for the back office: paid online, refunded (not failed), left; what is still
 * refundable line by line; every refund row; and the plain facts the refund dialog plans with
 * (the same planRefund runs there to show the sum before the manager confirms). Null: no order.
 */
export async function refundSummary(q: Db | Tx, orderId: number) {
  const [order] = await q.select({ total: orders.total, goodsPrice: orders.goodsPrice, deliveryPrice: orders.deliveryPrice }).from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const [lines, state, rows] = await Promise.all([
    q.select({ id: orderLines.id, name: orderLines.name, quantity: orderLines.quantity, sum: orderLines.sum }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    refundState(q, orderId),
    q.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(asc(paymentRefunds.id)),
  ])
  const plannable = { ...order, lines }
  const left = refundable(plannable, state.paid, state.so)
  return {
    paid: state.paid,
    refunded: state.so.amount,
    left: left.money,
    deliveryLeft: left.delivery,
    lines: left.lines.map((l) => ({ id: l.lineId, name: l.name, quantity: l.quantity, amount: l.amount })),
    refunds: rows.map((r) => ({
      id: r.id,
      paymentId: r.paymentId,
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      lines: r.lines ?? [],
      deliveryAmount: r.deliveryAmount,
      comment: r.comment,
      author: r.author,
      error: r.lastError,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    })),
    facts: { order: plannable, paid: state.paid, refunded: { amount: state.so.amount, delivery: state.so.delivery, pieces: [...state.so.pieces] } } satisfies RefundFacts,
  }
}
export type RefundSummary = NonNullable<Awaited<ReturnType<typeof refundSummary>>>
