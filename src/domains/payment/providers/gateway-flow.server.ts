import 'server-only'
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, max } from 'drizzle-orm'
import { db, type Db } from '@/db/client'
import { orders, paymentEvents, payments } from '@/db/schema'
import { now } from '@/lib/clock'
import { Refusal } from '@/lib/refusal'
import type { ReceiptRefusalKind } from '../receipt'
import { openSurcharge } from '../surcharge.server'

/**
 * What every redirect gateway does the same way around its own calls (ADR 181, 182): the buyer's pay
 * link, the moves of a payment row that are not final, the retry of a declined attempt, the polling of
 * payments still open. Т-Банк and Долями use it; ЮKassa has its own copies for now (a later change).
 */

export type PaymentRow = typeof payments.$inferSelect

/** What starting a gateway payment answers: where to send the buyer, or why not. */
export type StartResult =
  | { ok: true; confirmationUrl: string }
  | { ok: false; kind: 'not-found' | 'not-payable' | 'unavailable' | 'declined' }
  | { ok: false; kind: 'receipt'; reason: ReceiptRefusalKind }

export interface GatewayPayView {
  orderId: number
  paymentId: number
  amount: number
  surcharge: boolean
}

/**
 * What the order's payment link pays through a gateway (the random token is the capability): an
 * unpaid order's first payment, or a paid order's open surcharge (ADR 169). Null: nothing to pay here.
 */
export async function gatewayPayView(token: string, provider: string): Promise<GatewayPayView | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null
  const [order] = await db().select().from(orders).where(eq(orders.paymentToken, token))
  if (!order || order.status === 'cancelled') return null
  const surcharge = order.paidAt ? await openSurcharge(db(), order.id) : undefined
  const [first] = surcharge ? [surcharge] : order.status === 'awaiting_payment' ? await db().select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id).limit(1) : []
  if (!first || first.provider !== provider) return null
  return { orderId: order.id, paymentId: first.id, amount: first.amount, surcharge: Boolean(surcharge) }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Sends the browser on to the gateway's page after the pay form's POST. Not a 303: Chrome checks a
 * redirect that follows a form submission against the page's `form-action 'self'` (ADR 157) and
 * refuses to leave for the gateway (w3c/webappsec-csp#8, ADR 183). A page that moves on by itself
 * (meta refresh, which CSP does not govern) with a link as the fallback does it.
 */
export function leaveFor(url: string, gatewayName: string): Response {
  const safe = escapeHtml(url)
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${safe}"><meta name="robots" content="noindex"><title>Переход к оплате</title></head><body><p>Переходим на страницу оплаты ${escapeHtml(gatewayName)}… <a href="${safe}">Перейти</a></p></body></html>`
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-payment-url': url } })
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

async function orderIdOfToken(token: string): Promise<number | null> {
  const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.paymentToken, token))
  return order?.id ?? null
}

export type StartOutcome = { ok: true; confirmationUrl: string } | { ok: false; kind: string }

/**
 * POST /payment/<gateway>/pay/: makes (or finds) the gateway's payment and sends the buyer to its page.
 * Pressed again after paying, before the notification came, the gateway's word comes first, so a paid
 * order goes to its page instead of back to the form. The gateway not answering sends the buyer back
 * to our page, which says so; the next press sends the same key.
 */
export async function gatewayPay(
  token: string,
  gateway: { code: string; name: string; page: string; sync: (externalId: string) => Promise<unknown>; start: (paymentId: number) => Promise<StartOutcome> },
): Promise<Response> {
  let view = await gatewayPayView(token, gateway.code)
  if (!view) throw new Refusal('not-found', 'Ссылка на оплату недействительна.')
  const [row] = await db().select({ externalId: payments.externalId, confirmationUrl: payments.confirmationUrl }).from(payments).where(eq(payments.id, view.paymentId))
  if (row?.confirmationUrl) {
    await gateway.sync(row.externalId)
    const [after] = await db().select({ status: payments.status }).from(payments).where(eq(payments.id, view.paymentId))
    // A declined payment is tried again below; a paid or held one is done here.
    if (after && after.status !== 'pending' && after.status !== 'failed') view = null
  }
  if (!view) return seeOther(`/personal/order/?ORDER_ID=${await orderIdOfToken(token)}`)
  const started = await gateway.start(view.paymentId)
  if (started.ok) return leaveFor(started.confirmationUrl, gateway.name)
  return seeOther(`${gateway.page}?token=${encodeURIComponent(token)}&error=${started.kind === 'receipt' ? 'receipt' : 'unavailable'}`)
}

/**
 * A row of this gateway ready for a new attempt: a declined one starts over under a fresh placeholder
 * id and key (the declined attempt stays in payment_events). A conditional move, so two presses reset once.
 */
export async function payableRow(database: Db, paymentId: number, provider: string): Promise<PaymentRow | null> {
  let [row] = await database.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, provider)))
  if (!row) return null
  if (row.status === 'failed') {
    const [reset] = await database
      .update(payments)
      .set({ status: 'created', externalId: randomBytes(16).toString('hex'), idempotenceKey: null, confirmationUrl: null, providerStatus: null, completedAt: null })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'failed')))
      .returning()
    ;[row] = reset ? [reset] : await database.select().from(payments).where(eq(payments.id, row.id))
  }
  return row ?? null
}

/** The row's key of its create call, written once (two tries at once still share it). */
export async function keyOnce(database: Db, rowId: number, fresh: string): Promise<string> {
  await database.update(payments).set({ idempotenceKey: fresh }).where(and(eq(payments.id, rowId), isNull(payments.idempotenceKey)))
  const [keyed] = await database.select({ idempotenceKey: payments.idempotenceKey }).from(payments).where(eq(payments.id, rowId))
  return keyed!.idempotenceKey!
}

/** A move that is not the provider's final word: to pending or to a hold, only from where it may start. */
export async function moveOpen(database: Db, rowId: number, to: 'pending' | 'waiting_for_capture'): Promise<'moved' | 'unchanged'> {
  const from: PaymentRow['status'][] = to === 'pending' ? ['created'] : ['created', 'pending']
  const moved = await database
    .update(payments)
    .set({ status: to })
    .where(and(eq(payments.id, rowId), inArray(payments.status, from)))
    .returning({ id: payments.id })
  return moved.length ? 'moved' : 'unchanged'
}

/**
 * The fallback for notifications that never came: every payment of `provider` still open after
 * `graceMinutes` is read again with `sync` (which settles it like a notification). A 'created' row is
 * not read: the gateway has not named it yet. Answers how many were read.
 */
export async function pollOpen(database: Db, provider: string, sync: (row: PaymentRow) => Promise<unknown>, at: Date = now(), graceMinutes = 10): Promise<number> {
  const open = await database
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), inArray(payments.status, ['pending', 'waiting_for_capture'])))
    .orderBy(payments.id)
    .limit(200)
  let read = 0
  for (const row of open) {
    if (row.createdAt.getTime() > at.getTime() - graceMinutes * 60_000) continue
    await sync(row)
    read++
  }
  return read
}

/** The buyer's return re-reads a payment at most this often (a reload loop must not hammer the gateway). */
const RETURN_REREAD_SECONDS = 10

/**
 * The buyer is back from a gateway on the order page: the order's open payments of `provider` are read
 * again with `sync` before the page shows them (as ЮKassa's are, ADR 183), unless one was read by
 * `operation` in the last few seconds. Answers whether anything was read.
 */
export async function rereadOnReturn(database: Db, orderId: number, provider: string, operation: string, sync: (row: PaymentRow) => Promise<unknown>, at: Date = now()): Promise<boolean> {
  const open = await database
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider), inArray(payments.status, ['pending', 'waiting_for_capture'])))
  let read = false
  for (const row of open) {
    const [recent] = await database
      .select({ at: max(paymentEvents.createdAt) })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, row.id), eq(paymentEvents.operation, operation)))
    if (recent?.at && at.getTime() - recent.at.getTime() < RETURN_REREAD_SECONDS * 1000) continue
    await sync(row)
    read = true
  }
  return read
}
