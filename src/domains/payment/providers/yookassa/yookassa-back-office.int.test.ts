import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cancelPaymentEndpoint, capturePaymentEndpoint, settlementReceiptEndpoint } from '@/admin/api/order-payments'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { auditLog, offers, orderLines, orders, paymentEvents, paymentReceipts, payments } from '@/db/schema'
import { editOrder } from '@/domains/orders/order-edit.server'
import { orderDetail } from '@/domains/orders/order-admin.server'
import { expireUnpaidOrders } from '@/domains/orders/order-expiry.server'
import { changeStatus } from '@/domains/orders/orders.server'
import { refundOrder } from '@/domains/payment/refund.server'
import type { Actor } from '@/domains/staff/permissions'
import { logger } from '@/lib/logger'
import { placedOrder } from '../../../../../tests/support/checkout'
import { FAKE_SECRET, FAKE_SHOP_ID, itemsSum, startFakeYookassa, type FakeYookassa, type Json } from '../../../../../tests/support/fake-yookassa'
import { callEndpoint, signedInStaff } from '../../../../../tests/support/staff'
import { restoreSettings, setClock, setHeldPaymentGuard, stubSettings } from '../../../../../tests/support/test-hooks'
import { holdsPayment } from '../../payment.server'
import { sendSettlementReceipt, settleOpenReceipts } from '../../receipt-settlement.server'
import { pollOpenPayments, rereadOnReturn, startPayment, syncPayment } from './yookassa.server'

/**
 * ЮKassa in the back office and on the buyer's return (ADR 183), against the fake ЮKassa of
 * tests/support/fake-yookassa.ts: two-stage capture of the order as it is now and cancel through the
 * REST endpoints, the held order kept by the unpaid-order job (with its negative control), the
 * timeline's calls and receipts, the re-read on return, a surcharge's own receipt and an amount
 * drift refused, and the settlement receipt with marking codes at shipment.
 */

let fake: FakeYookassa
let manager: { cookie: string }
let warehouse: { cookie: string }
let actor: Actor

beforeAll(async () => {
  fake = await startFakeYookassa()
  manager = await signedInStaff('manager')
  warehouse = await signedInStaff('warehouse')
  const m = await signedInStaff('manager')
  actor = { kind: 'staff', id: m.id, name: 'Мария Менеджер', role: 'manager' }
})
afterAll(() => fake.close())

function configure(extra: Record<string, string> = {}) {
  stubSettings({
    YOOKASSA_SHOP_ID: FAKE_SHOP_ID,
    YOOKASSA_SECRET_KEY: FAKE_SECRET,
    YOOKASSA_API_URL: `${fake.url}/v3/`,
    YOOKASSA_NOTIFY_NETWORKS: '127.0.0.1/32',
    YOOKASSA_TIMEOUT_MS: '20000',
    ...extra,
  })
}
beforeEach(() => configure())
afterEach(() => {
  restoreSettings()
  setClock(null)
  setHeldPaymentGuard(true)
  fake.tamperAmount = null
  vi.restoreAllMocks()
})

let skip = 70
const cardOrder = (quantity = 3) => placedOrder('card', skip++, quantity)
const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const paymentOf = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!
const linesOf = (orderId: number) => db().select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)

/** The buyer paid on ЮKassa's page; ЮKassa's word reaches the shop by a re-read (as a notification would). */
async function paid(paymentId: number) {
  const started = await startPayment(db(), paymentId)
  if (!started.ok) throw new Error(JSON.stringify(started))
  const { externalId } = await paymentOf(paymentId)
  fake.buyer(externalId, 'pay')
  await syncPayment(db(), externalId)
  return externalId
}

const hold = (orderId: number, paymentId: number, action: 'capture' | 'cancel', who = manager) =>
  callEndpoint(action === 'capture' ? capturePaymentEndpoint : cancelPaymentEndpoint, who, { params: { id: String(orderId), paymentId: String(paymentId) } })

describe('two-stage in the back office', () => {
  it('a hold shows its expiry; «Списать» takes the order as edited down, with its receipt, audited and on the timeline', async () => {
    configure({ YOOKASSA_TWO_STAGE: 'true' })
    const { orderId, paymentId } = await cardOrder(3)
    const externalId = await paid(paymentId)
    const held = await paymentOf(paymentId)
    expect(held.status).toBe('waiting_for_capture')
    expect(held.holdExpiresAt?.toISOString()).toBe(fake.payments.get(externalId)!.expires_at)
    // The buyer has paid: their order page stops offering «Оплатить» (buyerOrderState).
    expect(await holdsPayment(db(), orderId)).toBe(true)
    // The warehouse may not take money: the permission is the refunds' one.
    expect((await hold(orderId, paymentId, 'capture', warehouse)).status).toBe(403)

    const [line] = await linesOf(orderId)
    await editOrder(actor, orderId, { lines: [{ id: line!.id, quantity: 2 }], add: [] })
    const order = await orderOf(orderId)
    expect(order.total).toBeLessThan(held.amount)

    const answer = await hold(orderId, paymentId, 'capture')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ status: 'succeeded', amount: order.total })
    const sent = fake.requests.find((r) => r.path === `payments/${externalId}/capture`)!
    expect(sent.key).toBe(`capture-${paymentId}-${order.total}`)
    expect(sent.body.amount).toEqual({ value: (order.total / 100).toFixed(2), currency: 'RUB' })
    expect(itemsSum(sent.body.receipt as Json)).toBe(order.total)
    expect((sent.body.receipt as { items: { quantity: number }[] }).items[0]!.quantity).toBe(2)
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'succeeded', amount: order.total, receiptStatus: 'succeeded', receiptId: expect.stringMatching(/^rc-/) })
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(await holdsPayment(db(), orderId)).toBe(false)
    // Pressed twice: nothing held any more.
    expect((await hold(orderId, paymentId, 'capture')).status).toBe(409)

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.objectId, String(orderId)), eq(auditLog.action, 'payment-capture')))
    expect(audit).toHaveLength(1)
    const detail = await orderDetail(orderId, { role: 'manager' })
    const titles = detail!.timeline.map((e) => e.title)
    expect(titles).toContain('Заблокированные деньги списаны')
    expect(titles).toContain('ЮKassa: POST /payments — ответ 200')
    expect(titles).toContain('ЮKassa: POST /payments/{id}/capture — ответ 200')
    expect(titles.some((t) => t.startsWith('Чек прихода на ') && t.endsWith(': зарегистрирован'))).toBe(true)
  })

  it('«Отменить» releases the hold; the order stays unpaid and the job may then cancel it', async () => {
    configure({ YOOKASSA_TWO_STAGE: 'true' })
    const { orderId, paymentId } = await cardOrder()
    const externalId = await paid(paymentId)
    const answer = await hold(orderId, paymentId, 'cancel')
    expect(answer.status).toBe(200)
    expect(fake.payments.get(externalId)!.status).toBe('canceled')
    expect(fake.requests.find((r) => r.path === `payments/${externalId}/cancel`)!.key).toBe(`cancel-${paymentId}`)
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'cancelled', holdExpiresAt: null })
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    const detail = await orderDetail(orderId, { role: 'manager' })
    expect(detail!.timeline.map((e) => e.title)).toContain('Блокировка денег снята')
    // Another order's payment through this order's address: not found.
    const other = await cardOrder()
    expect((await hold(orderId, other.paymentId, 'cancel')).status).toBe(404)
  })

  it('the unpaid-order job never cancels an order whose money is held; ЮKassa letting the hold lapse (re-read) ends it', async () => {
    configure({ YOOKASSA_TWO_STAGE: 'true' })
    const { orderId, paymentId } = await cardOrder()
    const externalId = await paid(paymentId)
    const later = new Date(Date.now() + 3 * 3600_000)
    expect((await expireUnpaidOrders(db(), later)).expired).not.toContain(orderId)
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    // ЮKassa's own expiry: the poll reads the payment cancelled, and the next round cancels the order.
    fake.expireHold(externalId)
    expect(await pollOpenPayments(db(), later)).toBeGreaterThan(0)
    expect((await paymentOf(paymentId)).status).toBe('failed')
    expect((await expireUnpaidOrders(db(), later)).expired).toContain(orderId)
  })

  it('negative control: with the held-payment guard off the job cancels the held order', async () => {
    configure({ YOOKASSA_TWO_STAGE: 'true' })
    const { orderId, paymentId } = await cardOrder()
    await paid(paymentId)
    setHeldPaymentGuard(false)
    expect((await expireUnpaidOrders(db(), new Date(Date.now() + 3 * 3600_000))).expired).toContain(orderId)
    expect((await orderOf(orderId)).status).toBe('cancelled')
  })
})

describe('the buyer back from ЮKassa', () => {
  it('re-reads an open payment before the page shows it, at most once in a few seconds, and never a final one', async () => {
    const { orderId, paymentId } = await cardOrder()
    await startPayment(db(), paymentId)
    const { externalId } = await paymentOf(paymentId)
    fake.buyer(externalId, 'pay')
    const gets = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `payments/${externalId}`).length
    const start = new Date()
    setClock(() => start)
    // A re-read a moment ago (a notification, the poll): not asked again yet.
    await db().insert(paymentEvents).values({ paymentId, provider: 'yookassa', kind: 'call', operation: 'GET /payments/{id}', requestId: 'x', createdAt: start })
    expect(await rereadOnReturn(db(), orderId, start)).toBe(false)
    expect(gets()).toBe(0)
    const after = new Date(start.getTime() + 11_000)
    expect(await rereadOnReturn(db(), orderId, after)).toBe(true)
    expect(gets()).toBe(1)
    expect((await orderOf(orderId)).status).toBe('paid')
    // Final: no call at all.
    expect(await rereadOnReturn(db(), orderId, new Date(after.getTime() + 60_000))).toBe(false)
    expect(gets()).toBe(1)
  })
})

describe('a surcharge through ЮKassa', () => {
  it('carries its own receipt of the added sum, and a sum ЮKassa took that is not ours is refused and logged', async () => {
    const { orderId, paymentId, offer } = await cardOrder(1)
    await paid(paymentId)
    const before = await orderOf(orderId)
    await editOrder(actor, orderId, { lines: [], add: [{ offerId: offer.id + 1, quantity: 1 }] })
    const after = await orderOf(orderId)
    const [surcharge] = await db().select().from(payments).where(and(eq(payments.orderId, orderId), sql`${payments.id} <> ${paymentId}`))
    expect(surcharge).toMatchObject({ provider: 'yookassa', status: 'created', amount: after.total - before.total })
    const started = await startPayment(db(), surcharge!.id)
    expect(started.ok).toBe(true)
    const create = fake.requests.filter((r) => r.path === 'payments').at(-1)!
    expect(create.body.amount).toEqual({ value: ((after.total - before.total) / 100).toFixed(2), currency: 'RUB' })
    expect(itemsSum(create.body.receipt as Json)).toBe(after.total - before.total)

    const { externalId } = await paymentOf(surcharge!.id)
    fake.buyer(externalId, 'pay')
    fake.tamperAmount = 100
    const logged = vi.spyOn(logger, 'error')
    expect(await syncPayment(db(), externalId)).toBe('amount-mismatch')
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ paymentId: surcharge!.id, got: 100 }), expect.stringContaining('amount differs'))
    expect((await paymentOf(surcharge!.id)).status).not.toBe('succeeded')
    // The honest answer is recorded.
    fake.tamperAmount = null
    expect(await syncPayment(db(), externalId)).toBe('applied')
    expect((await paymentOf(surcharge!.id)).status).toBe('succeeded')
  })

  it('an edit of a surcharge ЮKassa already has cancels it and opens a new one for the new sum', async () => {
    const { orderId, paymentId, offer } = await cardOrder(1)
    await paid(paymentId)
    await editOrder(actor, orderId, { lines: [], add: [{ offerId: offer.id + 1, quantity: 1 }] })
    const [first] = await db().select().from(payments).where(and(eq(payments.orderId, orderId), sql`${payments.id} <> ${paymentId}`))
    await startPayment(db(), first!.id)
    const added = (await linesOf(orderId)).at(-1)!
    await editOrder(actor, orderId, { lines: [{ id: added.id, quantity: 2 }], add: [] })
    const rows = await db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id)
    expect(rows).toHaveLength(3)
    expect(rows[1]).toMatchObject({ status: 'cancelled', amount: first!.amount })
    expect(rows[2]).toMatchObject({ status: 'created', amount: first!.amount + added.price })
  })
})

describe('the settlement receipt at shipment', () => {
  it('sends full_payment with a code per marked piece, settled by the prepayment; codes stored; refusals before', async () => {
    const { orderId, paymentId, offer } = await cardOrder(2)
    await db().update(offers).set({ markCodeType: 'gs1m' }).where(eq(offers.id, offer.id))
    const externalId = await paid(paymentId)
    const [line] = await linesOf(orderId)
    const send = (codes: { lineId: number; codes: string[] }[], who = warehouse) => callEndpoint(settlementReceiptEndpoint, who, { params: { id: String(orderId) }, body: { markCodes: codes } })

    expect(((await (await send([])).json()) as { reason: string }).reason).toBe('not-shipped')
    await db().transaction((tx) => changeStatus(tx, orderId, 'assembling'))
    await db().transaction((tx) => changeStatus(tx, orderId, 'shipped'))
    expect((await orderOf(orderId)).status).toBe('shipped')
    const missing = await send([{ lineId: line!.id, codes: ['010460406000590021N4N57RSCBUZTQ'] }])
    expect(missing.status).toBe(409)
    expect(((await missing.json()) as { reason: string }).reason).toBe('codes')
    expect(fake.requests.some((r) => r.path === 'receipts')).toBe(false)

    const codes = ['010460406000590021N4N57RSCBUZTQ', '010460406000590021AAAAAAAAAAAAA']
    const answer = await send([{ lineId: line!.id, codes }])
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ status: 'pending', receiptId: expect.stringMatching(/^rc-/) })
    const sent = fake.requests.find((r) => r.path === 'receipts' && r.method === 'POST')!
    const order = await orderOf(orderId)
    expect(sent.body).toMatchObject({ payment_id: externalId, type: 'payment', send: true, settlements: [{ type: 'prepayment', amount: { value: (order.total / 100).toFixed(2), currency: 'RUB' } }] })
    const items = sent.body.items as { payment_mode: string; quantity: number; mark_code_info?: Json; mark_mode?: string }[]
    expect(items.every((i) => i.payment_mode === 'full_payment')).toBe(true)
    expect(items.filter((i) => i.mark_code_info).map((i) => i.mark_code_info)).toEqual(codes.map((c) => ({ gs_1m: c })))
    expect(items.filter((i) => i.mark_code_info).every((i) => i.quantity === 1 && i.mark_mode === '0')).toBe(true)
    const [stored] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId))
    expect(stored).toMatchObject({ kind: 'settlement', status: 'pending', markCodes: [{ lineId: line!.id, codes }] })
    // Sent once: a second press is refused, nothing goes to ЮKassa.
    expect(((await (await send([{ lineId: line!.id, codes }])).json()) as { reason: string }).reason).toBe('sent')
    expect(fake.requests.filter((r) => r.path === 'receipts' && r.method === 'POST')).toHaveLength(1)
    const detail = await orderDetail(orderId, { role: 'manager' })
    expect(detail!.timeline.find((e) => e.title.startsWith('Чек полного расчёта:'))?.text).toContain('кодов маркировки: 2')
  })

  it('a settlement receipt whose answer was lost is sent again by housekeeping with the same key, once at ЮKassa', async () => {
    const { orderId, paymentId } = await cardOrder(1)
    await paid(paymentId)
    await db().transaction((tx) => changeStatus(tx, orderId, 'assembling'))
    await db().transaction((tx) => changeStatus(tx, orderId, 'shipped'))
    fake.swallowNext = 'receipts'
    configure({ YOOKASSA_TIMEOUT_MS: '500' })
    expect(await sendSettlementReceipt(db(), orderId, [])).toMatchObject({ ok: false, kind: 'unavailable' })
    const [waiting] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId))
    expect(waiting).toMatchObject({ status: 'requested' })
    configure()
    await settleOpenReceipts(db())
    const [done] = await db().select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId))
    expect(done).toMatchObject({ status: 'pending', idempotenceKey: waiting!.idempotenceKey, providerReceiptId: expect.stringMatching(/^rc-/) })
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.path === 'receipts' && r.key === waiting!.idempotenceKey)
    expect(posts).toHaveLength(2)
    expect([...fake.receipts.values()].filter((r) => r.payment_id === posts[0]!.body.payment_id && r.settlements)).toHaveLength(1)
    // Still registering: the next round reads it and stores ЮKassa's final word.
    fake.receipts.get(done!.providerReceiptId!)!.status = 'succeeded'
    await settleOpenReceipts(db())
    expect((await db().select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId)))[0]!.status).toBe('succeeded')
  })

  it('a refund of a line shows its refund receipt on the timeline', async () => {
    const { orderId, paymentId } = await cardOrder(2)
    await paid(paymentId)
    const [line] = await linesOf(orderId)
    const done = await refundOrder(actor, orderId, { lines: [{ id: line!.id, quantity: 1 }], delivery: false, full: false, comment: '', key: undefined, amount: undefined })
    expect(done.refunds[0]!.status).toBe('succeeded')
    const refundId = [...fake.refunds.keys()].at(-1)!
    const { notifyYookassa } = await import('./yookassa.server')
    await notifyYookassa({ type: 'notification', event: 'refund.succeeded', object: { id: refundId } })
    const [row] = await queryRows<{ receipt_status: string }>(db(), sql`select receipt_status from payment_refunds where order_id = ${orderId}`)
    expect(row!.receipt_status).toBe('succeeded')
    const detail = await orderDetail(orderId, { role: 'manager' })
    const titles = detail!.timeline.map((e) => e.title)
    expect(titles.some((t) => t.startsWith('Чек возврата на ') && t.endsWith('зарегистрирован'))).toBe(true)
    expect(titles).toContain('ЮKassa: уведомление refund.succeeded — получено')
    expect(titles).toContain('ЮKassa: GET /receipts — ответ 200')
  })
})
