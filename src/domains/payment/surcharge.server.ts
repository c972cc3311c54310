import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { payments } from '@/db/schema'
import { enqueueMail } from '@/domains/mail/mail.server'
import type { OrderRow } from '@/domains/orders/orders.server'
import type { Actor } from '@/domains/staff/permissions'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { formatRub } from '@/lib/money'
import { Refusal } from '@/lib/refusal'
import { paymentProvider } from './payment'
import { requestAmountRefund } from './refund.server'
import type { RefundRow } from './payment-refund.server'
import { OPEN_SURCHARGE, SURCHARGE_MESSAGES, amountDue, planSurcharge, surchargeMail } from './surcharge'

/**
 * The money side of an edit of a paid order (ADR 169), in the edit's transaction with the order
 * locked: an order that costs more gets a surcharge — a second payment, 'pending', on the provider
 * its money came through, and a mail with the link —; a second edit moves that payment's amount or
 * cancels it; what is beyond it goes back through `requestAmountRefund` (sent after the commit by
 * the caller). A paid order with no online payment (cash, an invoice marked paid by hand) cannot be
 * charged here: the increase is refused and the transaction rolls back.
 */
export async function settlePaidEdit(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  totalAfter: number,
): Promise<{ refunds: RefundRow[]; due: number }> {
  const open = await openSurcharge(tx, order.id)
  const plan = planSurcharge(open?.amount ?? 0, order.total, totalAfter)
  if (plan.due > 0) {
    if (open && open.confirmationUrl) {
      // The provider made its payment for the old sum and will take no other (ЮKassa, ADR 183): that
      // one is cancelled and a new one asks the new sum. A late success of the old one is still
      // recorded (applyVerified), and the manager refunds the difference.
      if (open.amount !== plan.due) {
        await tx.update(payments).set({ status: 'cancelled', completedAt: now() }).where(and(eq(payments.id, open.id), inArray(payments.status, OPEN_SURCHARGE)))
        return { refunds: [], due: await newSurcharge(tx, order, open.provider, totalAfter, plan.due) }
      }
      return { refunds: [], due: plan.due }
    }
    if (open) {
      if (open.amount !== plan.due) {
        await tx.update(payments).set({ amount: plan.due }).where(eq(payments.id, open.id))
        await mailSurcharge(tx, order, open.provider, totalAfter, open.id, plan.due)
      }
      return { refunds: [], due: plan.due }
    }
    const [paid] = await tx
      .select({ provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')))
      .orderBy(asc(payments.id))
      .limit(1)
    const provider = paid ? paymentProvider(paid.provider) : null
    if (!provider?.online) throw new Refusal('conflict', SURCHARGE_MESSAGES.offline(totalAfter - order.total))
    return { refunds: [], due: await newSurcharge(tx, order, provider.code, totalAfter, plan.due) }
  }
  // Nothing due any more: the open surcharge is cancelled (its link then shows nothing to pay).
  if (open) await tx.update(payments).set({ status: 'cancelled', completedAt: now() }).where(and(eq(payments.id, open.id), inArray(payments.status, OPEN_SURCHARGE)))
  const refunds = plan.refund > 0 ? await requestAmountRefund(tx, order.id, plan.refund, { actor, reason: 'edit', comment: `Изменение заказа: ${formatRub(order.total)} → ${formatRub(totalAfter)}` }) : []
  return { refunds, due: 0 }
}

/** A surcharge row on the provider the order's money came through, as that provider opens payments. */
async function newSurcharge(tx: Tx, order: OrderRow, providerCode: string, totalAfter: number, due: number): Promise<number> {
  const provider = paymentProvider(providerCode)
  const [row] = await tx
    .insert(payments)
    // A gateway's payment starts 'created' (ADR 173); the sandbox's 'pending' as before.
    .values({ orderId: order.id, provider: provider.code, externalId: randomBytes(16).toString('hex'), amount: due, ...provider.opening?.() })
    .returning({ id: payments.id })
  await mailSurcharge(tx, order, provider.code, totalAfter, row!.id, due)
  return due
}

async function mailSurcharge(tx: Tx, order: OrderRow, providerCode: string, total: number, paymentId: number, due: number): Promise<void> {
  const path = paymentProvider(providerCode).payUrl(order) ?? `/personal/order/?ORDER_ID=${order.id}`
  const mail = surchargeMail({ orderId: order.id, paymentId, email: order.email, buyerName: order.buyerName, total, due, payUrl: `${env().PUBLIC_URL.replace(/\/$/, '')}${path}` })
  if (mail) await enqueueMail(tx, mail)
}

/** What the buyer still owes on a paid order an edit made dearer (the open surcharge), 0 when nothing. */
export async function surchargeDue(q: Db | Tx, order: Pick<OrderRow, 'id' | 'paidAt' | 'status'>): Promise<number> {
  if (!order.paidAt) return 0
  return amountDue(order, await q.select({ id: payments.id, status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.orderId, order.id)))
}

/**
 * The open surcharge of a paid order: the newest payment after the order's first that is pending, or
 * failed (declined, still owed: the link pays it again through the callback's late success).
 */
export async function openSurcharge(q: Db | Tx, orderId: number) {
  const [first] = await q.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)).limit(1)
  if (!first) return undefined
  const [open] = await q
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), ne(payments.id, first.id), inArray(payments.status, OPEN_SURCHARGE)))
    .orderBy(desc(payments.id))
    .limit(1)
  return open
}
