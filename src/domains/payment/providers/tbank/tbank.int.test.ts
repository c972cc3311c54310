import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { POST as payRoute } from '@/app/(shop)/payment/tbank/pay/route'
import { POST as notifyRoute } from '@/app/payment/notify/tbank/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { offers, orders, paymentEvents, paymentRefunds, payments } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { expiryRound } from '@/domains/orders/order-expiry.server'
import { paymentMethodOffered } from '@/domains/payment/payment.server'
import { refundOrder } from '@/domains/payment/refund.server'
import type { Actor } from '@/domains/staff/permissions'
import { placedOrder, startedPayment } from '../../../../../tests/support/checkout'
import { databaseFingerprint } from '../../../../../tests/support/db-snapshot'
import { FAKE_TBANK_KEYS, FakeTbank } from '../../../../../tests/support/fake-tbank'
import { formPost, newVisitor } from '../../../../../tests/support/http'
import { restoreSettings, stubSettings } from '../../../../../tests/support/test-hooks'
import { pollGateways, rereadGatewaysOnReturn } from '../gateway-poll.server'
import { confirmPayment, releaseHold, replayTbankNotification, startPayment } from './tbank.server'

/**
 * Т-Банк acquiring API v2 (ADR 181) against the fake Т-Банк of tests/support/fake-tbank.ts, written
 * from the documented wire format: Token-signed JSON POSTs, kopecks, receipts whose Amounts add up,
 * notifications verified by the Token and re-read with GetState, answered `OK`.
 */

type Json = Record<string, unknown>
const fake = new FakeTbank()
let actor: Actor

beforeAll(async () => {
  await fake.start()
  const [row] = await db().insert(staff).values({ email: 'tbank@example.ru', name: 'Мария Менеджер', role: 'manager' }).returning()
  actor = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
})

afterAll(() => fake.stop())

function configure(extra: Record<string, string> = {}) {
  stubSettings({
    TBANK_TERMINAL_KEY: FAKE_TBANK_KEYS.terminalKey,
    TBANK_PASSWORD: FAKE_TBANK_KEYS.password,
    TBANK_API_URL: fake.apiUrl,
    // Generous: the fake shares the process with PGlite, whose work holds the event loop for a while.
    TBANK_TIMEOUT_MS: '20000',
    ...extra,
  })
}

beforeEach(() => configure())
afterEach(() => {
  restoreSettings()
  fake.hang = false
})

let skip = 60
const cardOrder = (quantity = 3) => placedOrder('card', skip++, quantity)

const started = (paymentId: number) => startedPayment(startPayment, paymentId)

function notify(body: Json) {
  return notifyRoute(new Request('http://localhost:3000/payment/notify/tbank/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
}

const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const paymentOf = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!
async function paidMails(orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from outbox where payload->>'subject' = ${`Заказ №${orderId} оплачен`}`)
  return row?.n ?? 0
}
const inits = (paymentId: number) => fake.requests.filter((r) => r.method === 'Init' && String(r.body.OrderId).split('-')[1] === String(paymentId))

describe('Т-Банк at checkout', () => {
  it('serves card once its keys are set; with ЮKassa set too, CARD_GATEWAY decides and ЮKassa is first otherwise', async () => {
    expect(paymentMethodOffered('card')).toBe(true)
    expect((await paymentOf((await cardOrder()).paymentId)).provider).toBe('tbank')
    configure({ YOOKASSA_SHOP_ID: '506070', YOOKASSA_SECRET_KEY: 'test_secret_key_0123456789' })
    expect((await paymentOf((await cardOrder()).paymentId)).provider).toBe('yookassa')
    configure({ YOOKASSA_SHOP_ID: '506070', YOOKASSA_SECRET_KEY: 'test_secret_key_0123456789', CARD_GATEWAY: 'tbank' })
    expect((await paymentOf((await cardOrder()).paymentId)).provider).toBe('tbank')
    restoreSettings()
    expect((await paymentOf((await cardOrder()).paymentId)).provider).toBe('card')
  })
})

describe('Т-Банк payments', () => {
  it('Init carries a kopeck-exact receipt; the notification is verified, re-read with GetState and answered OK; a repeat changes nothing', async () => {
    const { orderId, paymentId, offer } = await cardOrder()
    const { url, externalId } = await started(paymentId)
    expect(url).toBe(`${fake.url}/pay/form/${externalId}`)
    const order = await orderOf(orderId)
    const [init] = inits(paymentId)
    expect(init!.body).toMatchObject({ TerminalKey: FAKE_TBANK_KEYS.terminalKey, Amount: order.total, PayType: 'O', NotificationURL: expect.stringMatching(/\/payment\/notify\/tbank\/$/) })
    const receipt = init!.body.Receipt as { Items: Json[]; Email: string; Taxation: string }
    expect(receipt).toMatchObject({ Email: 'anna@example.ru', Taxation: 'usn_income' })
    expect(receipt.Items[0]).toMatchObject({ Name: offer.name, Quantity: 3, Tax: 'none', PaymentMethod: 'full_prepayment', PaymentObject: 'commodity' })
    expect(receipt.Items.reduce((s, i) => s + (i.Amount as number), 0)).toBe(order.total)
    for (const item of receipt.Items) expect((item.Price as number) * (item.Quantity as number)).toBe(item.Amount)
    expect(receipt.Items.some((i) => i.PaymentObject === 'service')).toBe(order.deliveryPrice > 0)
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'pending', providerStatus: 'NEW', idempotenceKey: init!.body.OrderId })

    fake.buyer(externalId, 'pay')
    const res = await notify(fake.notification(externalId))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('OK')
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'succeeded', providerStatus: 'CONFIRMED' })
    const again = await notify(fake.notification(externalId))
    expect(await again.text()).toBe('OK')
    expect(await paidMails(orderId)).toBe(1)
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))
    expect(events.filter((e) => e.kind === 'notification')).toHaveLength(2)
    expect(events.find((e) => e.operation === 'Init')).toMatchObject({ provider: 'tbank', idempotenceKey: init!.body.OrderId, httpStatus: 200, requestId: expect.any(String) })
    expect(events.filter((e) => e.operation === 'GetState').length).toBeGreaterThanOrEqual(2)
    // A stored notification replayed: the same re-read, nothing moves again.
    const stored = events.find((e) => e.kind === 'notification')!
    expect(await replayTbankNotification(stored.id)).toBe('duplicate')
    expect(await paidMails(orderId)).toBe(1)
  })

  it('a notification with a bad token is refused and changes nothing; the same one signed right pays (negative control)', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'pay')
    const before = await databaseFingerprint()
    const calls = fake.requests.length
    const forged = await notify(fake.notification(externalId, 'not-the-password'))
    expect(forged.status).toBe(403)
    // A field changed after signing breaks the Token too.
    const tampered = await notify({ ...fake.notification(externalId), Amount: 1 })
    expect(tampered.status).toBe(403)
    expect(await databaseFingerprint()).toEqual(before)
    expect(fake.requests.length).toBe(calls)
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    expect(await (await notify(fake.notification(externalId))).text()).toBe('OK')
    expect((await orderOf(orderId)).status).toBe('paid')
  })

  it("the body's status is never acted on: a signed CONFIRMED for an unpaid form changes nothing", async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    expect(await (await notify(fake.notification(externalId, undefined, { Status: 'CONFIRMED' }))).text()).toBe('OK')
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    expect((await paymentOf(paymentId)).status).toBe('pending')
  })

  it('a declined payment leaves the order awaiting; «Оплатить» again makes a new form that pays it', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'fail')
    await notify(fake.notification(externalId))
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'failed', providerStatus: 'REJECTED' })
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    const retry = await started(paymentId)
    expect(retry.externalId).not.toBe(externalId)
    expect(new Set(inits(paymentId).map((r) => r.body.OrderId)).size).toBe(2)
    fake.buyer(retry.externalId, 'pay')
    await notify(fake.notification(retry.externalId))
    expect((await orderOf(orderId)).status).toBe('paid')
  })

  it('two-stage: AUTHORIZED waits for Confirm, which pays the order; a released hold pays nothing', async () => {
    configure({ TBANK_TWO_STAGE: 'true' })
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    expect(inits(paymentId)[0]!.body.PayType).toBe('T')
    fake.buyer(externalId, 'pay')
    await notify(fake.notification(externalId))
    expect((await paymentOf(paymentId)).status).toBe('waiting_for_capture')
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    expect(await confirmPayment(db(), paymentId)).toEqual({ ok: true })
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(fake.payments.get(externalId)!.Status).toBe('CONFIRMED')
    await notify(fake.notification(externalId))
    expect(await paidMails(orderId)).toBe(1)

    const other = await cardOrder()
    const hold = await started(other.paymentId)
    fake.buyer(hold.externalId, 'pay')
    await notify(fake.notification(hold.externalId))
    expect(await releaseHold(db(), other.paymentId)).toEqual({ ok: true })
    expect((await paymentOf(other.paymentId)).status).toBe('cancelled')
    await notify(fake.notification(hold.externalId))
    expect((await paymentOf(other.paymentId)).status).toBe('cancelled')
    expect((await orderOf(other.orderId)).status).toBe('awaiting_payment')
    expect(await confirmPayment(db(), other.paymentId)).toEqual({ ok: false, kind: 'not-held' })
  })

  it('refunds a piece and then the rest through Cancel, each with the refund receipt of what went back', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'pay')
    await notify(fake.notification(externalId))
    const order = await orderOf(orderId)
    const [line] = await queryRows<{ id: number }>(db(), sql`select id from order_lines where order_id = ${orderId} order by id limit 1`)
    const part = await refundOrder(actor, orderId, { lines: [{ id: line!.id, quantity: 1 }], delivery: false, full: false, comment: 'одна банка', key: undefined, amount: undefined })
    expect(part.refunds[0]).toMatchObject({ status: 'succeeded', error: null })
    const sent = fake.requests.find((r) => r.method === 'Cancel' && r.body.ExternalRequestId === `refund-${part.refunds[0]!.id}`)!
    expect(sent.body).toMatchObject({ PaymentId: externalId, Amount: part.amount })
    const items = (sent.body.Receipt as { Items: Json[] }).Items
    expect(items).toEqual([expect.objectContaining({ Quantity: 1, PaymentObject: 'commodity', PaymentMethod: 'full_prepayment' })])
    expect(items.reduce((s, i) => s + (i.Amount as number), 0)).toBe(part.amount)
    expect(fake.payments.get(externalId)!.Status).toBe('PARTIAL_REFUNDED')

    const rest = await refundOrder(actor, orderId, { lines: [], delivery: false, full: true, comment: '', key: undefined, amount: undefined })
    expect(part.amount + rest.amount).toBe(order.total)
    expect(fake.payments.get(externalId)!.Status).toBe('REFUNDED')
    const [row] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.id, rest.refunds[0]!.id))
    expect(row).toMatchObject({ status: 'succeeded', providerRefundId: `${externalId}:refund-${row!.id}` })
    // A REFUNDED notification after our refunds: the payment still came in, nothing moves.
    await notify(fake.notification(externalId))
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'succeeded', providerStatus: 'REFUNDED' })
  })

  it('refuses a 22 % line clearly (Т-Банк documents no code for it) and sends nothing', async () => {
    const { paymentId, offer } = await cardOrder(1)
    await db().update(offers).set({ vatPercent: 22 }).where(eq(offers.id, offer.id))
    const calls = fake.requests.length
    expect(await startPayment(db(), paymentId)).toEqual({ ok: false, kind: 'receipt', reason: 'no-vat-code' })
    expect(fake.requests.length).toBe(calls)
  })

  it('Т-Банк not answering leaves the order awaiting payment and the buyer on our page; the next press works', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { paymentToken } = await orderOf(orderId)
    const visitor = newVisitor()
    fake.hang = true
    configure({ TBANK_TIMEOUT_MS: '300' })
    const failed = await payRoute(formPost('/payment/tbank/pay/', { token: paymentToken }, visitor))
    expect(failed.status).toBe(303)
    expect(failed.headers.get('location')).toBe(`/payment/tbank/?token=${encodeURIComponent(paymentToken)}&error=unavailable`)
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'created', confirmationUrl: null })
    const [timedOut] = await db().select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.operation, 'Init')))
    expect(timedOut).toMatchObject({ httpStatus: null, error: expect.stringMatching(/^timeout/) })
    fake.hang = false
    configure()
    const res = await payRoute(formPost('/payment/tbank/pay/', { token: paymentToken }, visitor))
    const { externalId } = await paymentOf(paymentId)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-payment-url')).toBe(`${fake.url}/pay/form/${externalId}`)
    expect(await res.text()).toContain(`<meta http-equiv="refresh" content="0;url=${fake.url}/pay/form/${externalId}">`)
    // The retry names the attempt by the same OrderId.
    const orderIds = inits(paymentId).map((r) => r.body.OrderId)
    expect(orderIds).toHaveLength(2)
    expect(orderIds[1]).toBe(orderIds[0])
    // Paid, the notification not here yet: pressing again reads GetState and goes to the paid order.
    fake.buyer(externalId, 'pay')
    const back = await payRoute(formPost('/payment/tbank/pay/', { token: paymentToken }, visitor))
    expect(back.headers.get('location')).toBe(`/personal/order/?ORDER_ID=${orderId}`)
    expect((await orderOf(orderId)).status).toBe('paid')
  })

  it("the buyer's return re-reads the open payment with GetState (throttled) before the order page shows it", async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'pay')
    const soon = new Date(Date.now() + 60_000)
    expect(await rereadGatewaysOnReturn(db(), orderId, soon)).toBe(true)
    expect((await orderOf(orderId)).status).toBe('paid')
    // Final now: nothing more is asked.
    const calls = fake.requests.length
    expect(await rereadGatewaysOnReturn(db(), orderId, soon)).toBe(false)
    expect(fake.requests.length).toBe(calls)
  })

  it('a pending payment whose notification never came is polled with GetState until it ends, before the unpaid-order expiry', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    const later = new Date(Date.now() + 11 * 60_000)
    expect((await pollGateways(db(), later)).tbank).toBeGreaterThanOrEqual(1)
    expect((await paymentOf(paymentId)).status).toBe('pending')
    fake.buyer(externalId, 'pay')
    // The expiry round far past the lifetime asks Т-Банк first: the order ends paid, not cancelled.
    const farLater = new Date(Date.now() + 3 * 24 * 3600_000)
    const round = await expiryRound(db(), () => pollGateways(db(), farLater), farLater)
    expect(round.expired).not.toContain(orderId)
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(await paidMails(orderId)).toBe(1)
    await pollGateways(db(), farLater)
    expect(await paidMails(orderId)).toBe(1)
  })
})
