import { readFileSync } from 'node:fs'
import { request } from 'node:https'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { POST as payRoute } from '@/app/(shop)/payment/dolyame/pay/route'
import { POST as notifyRoute } from '@/app/payment/notify/dolyame/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { orders, paymentEvents, payments } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { expiryRound } from '@/domains/orders/order-expiry.server'
import { paymentMethodOffered } from '@/domains/payment/payment.server'
import { refundOrder } from '@/domains/payment/refund.server'
import type { Actor } from '@/domains/staff/permissions'
import { placedOrder, startedPayment } from '../../../../../tests/support/checkout'
import { FAKE_DOLYAME_KEYS, FakeDolyame, makeFakeDolyameCerts } from '../../../../../tests/support/fake-dolyame'
import { formPost, newVisitor } from '../../../../../tests/support/http'
import { restoreSettings, stubSettings } from '../../../../../tests/support/test-hooks'
import { pollGateways } from '../gateway-poll.server'
import { dolyameProvider } from './dolyame.provider'
import { replayDolyameNotification, startPayment } from './dolyame.server'

/**
 * Долями partner API (ADR 182) against the fake Долями of tests/support/fake-dolyame.ts: an https
 * server that demands the shop's client certificate, Basic auth and an X-Correlation-ID on every call,
 * amounts in roubles. Notifications are unsigned and read again with `info`; an order waiting for its
 * commit is committed by the shop.
 */

type Json = Record<string, unknown>
const certs = makeFakeDolyameCerts()
const fake = new FakeDolyame(certs)
let actor: Actor

beforeAll(async () => {
  await fake.start()
  const [row] = await db().insert(staff).values({ email: 'dolyame@example.ru', name: 'Мария Менеджер', role: 'manager' }).returning()
  actor = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
})

afterAll(() => fake.stop())

function configure(extra: Record<string, string> = {}) {
  stubSettings({
    DOLYAME_LOGIN: FAKE_DOLYAME_KEYS.login,
    DOLYAME_PASSWORD: FAKE_DOLYAME_KEYS.password,
    DOLYAME_CERT: certs.clientCertPath,
    // The key as PEM text, the certificate as a path: both forms of the setting are read.
    DOLYAME_KEY: fakeKeyText(),
    DOLYAME_CA: certs.ca,
    DOLYAME_API_URL: fake.apiUrl,
    DOLYAME_TIMEOUT_MS: '20000',
    ...extra,
  })
}

function fakeKeyText(): string {
  return readFileSync(certs.clientKeyPath, 'utf8')
}

beforeEach(() => configure())
afterEach(() => {
  restoreSettings()
  fake.hang = false
})

let skip = 80
const dolyameOrder = (quantity = 3) => placedOrder('dolyame', skip++, quantity)

const started = (paymentId: number) => startedPayment(startPayment, paymentId)

function notify(id: string, status: string) {
  // Unsigned: whatever it says, the shop reads the order again.
  return notifyRoute(new Request('http://localhost:3000/payment/notify/dolyame/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, status, amount: 1 }) }))
}

const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const paymentOf = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!
async function paidMails(orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from outbox where payload->>'subject' = ${`Заказ №${orderId} оплачен`}`)
  return row?.n ?? 0
}
const kop = (roubles: unknown) => Math.round(Number(roubles) * 100)

describe('Долями at checkout', () => {
  it('serves the dolyame method once its keys are set; without them the sandbox does', async () => {
    expect(paymentMethodOffered('dolyame')).toBe(true)
    expect(await paymentOf((await dolyameOrder()).paymentId)).toMatchObject({ provider: 'dolyame-api', status: 'created' })
    restoreSettings()
    // The sandbox's rows keep the pay system's code, so they are never taken for Долями's.
    expect(await paymentOf((await dolyameOrder()).paymentId)).toMatchObject({ provider: 'dolyame', status: 'pending' })
  })
})

describe('Долями payments', () => {
  it('creates the order in roubles over mTLS with a correlation id; the notification is re-read and wait_for_commit committed once', async () => {
    const { orderId, paymentId, offer } = await dolyameOrder()
    const { url, externalId } = await started(paymentId)
    expect(url).toBe(`${fake.url}/form/${externalId}`)
    const order = await orderOf(orderId)
    const create = fake.requests.find((r) => r.path === 'orders/create' && (r.body.order as Json).id === externalId)!
    const sent = create.body.order as { amount: number; prepaid_amount: number; items: { name: string; quantity: number; price: number }[] }
    expect(kop(sent.amount)).toBe(order.total)
    expect(sent.amount).toBe(order.total / 100)
    expect(sent.prepaid_amount).toBe(0)
    expect(sent.items[0]).toMatchObject({ name: offer.name, quantity: 3 })
    expect(sent.items.reduce((s, i) => s + kop(i.price) * i.quantity, 0)).toBe(order.total)
    expect(create.body.notification_url).toMatch(/\/payment\/notify\/dolyame\/$/)
    expect(create.correlationId).toBe((await paymentOf(paymentId)).idempotenceKey)
    expect((await paymentOf(paymentId)).status).toBe('pending')

    // Before the buyer is done, a notification claiming success changes nothing.
    expect(await (await notify(externalId, 'committed')).json()).toEqual({ result: 'unchanged' })
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')

    fake.buyer(externalId, 'pay')
    expect(await (await notify(externalId, 'wait_for_commit')).json()).toEqual({ result: 'applied' })
    expect(fake.orders.get(externalId)!.status).toBe('committed')
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(await (await notify(externalId, 'committed')).json()).toEqual({ result: 'duplicate' })
    expect(fake.requests.filter((r) => r.path === `orders/${externalId}/commit`)).toHaveLength(1)
    expect(await paidMails(orderId)).toBe(1)
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))
    expect(events.filter((e) => e.kind === 'notification')).toHaveLength(3)
    expect(events.find((e) => e.operation === 'POST orders/{id}/commit')).toMatchObject({ provider: 'dolyame-api', httpStatus: 200, idempotenceKey: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    for (const e of events.filter((x) => x.kind === 'call')) expect(e.requestId).toBe(e.idempotenceKey)
    // A stored notification replayed: `info` read again, nothing moves or commits again.
    expect(await replayDolyameNotification(events.find((e) => e.kind === 'notification')!.id)).toBe('duplicate')
    expect(await paidMails(orderId)).toBe(1)
    expect(fake.requests.filter((r) => r.path === `orders/${externalId}/commit`)).toHaveLength(1)
  })

  it('a commit that fails leaves the payment held, and the poll commits it later', async () => {
    const { orderId, paymentId } = await dolyameOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'pay')
    fake.refuseCommits = true
    try {
      expect(await (await notify(externalId, 'wait_for_commit')).json()).toEqual({ result: 'http' })
    } finally {
      fake.refuseCommits = false
    }
    expect((await paymentOf(paymentId)).status).toBe('waiting_for_capture')
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    await pollGateways(db(), new Date(Date.now() + 11 * 60_000))
    expect(fake.orders.get(externalId)!.status).toBe('committed')
    expect((await orderOf(orderId)).status).toBe('paid')
  })

  it('an order cancelled before the commit is cancelled at Долями, not committed', async () => {
    const { orderId, paymentId } = await dolyameOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'pay')
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId))
    await notify(externalId, 'wait_for_commit')
    expect(fake.orders.get(externalId)!.status).toBe('canceled')
    expect(fake.requests.some((r) => r.path === `orders/${externalId}/commit`)).toBe(false)
    expect((await paymentOf(paymentId)).status).toBe('failed')
  })

  it('a rejected order leaves ours awaiting payment; a notification for an order we do not know changes nothing', async () => {
    const { orderId, paymentId } = await dolyameOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'fail')
    expect(await (await notify(externalId, 'rejected')).json()).toEqual({ result: 'applied' })
    expect((await paymentOf(paymentId)).status).toBe('failed')
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    const calls = fake.requests.length
    expect(await (await notify('no-such-order', 'committed')).json()).toEqual({ result: 'unknown' })
    expect(fake.requests.length).toBe(calls)
  })

  it('refunds the returned lines in roubles with the same correlation id on a retry', async () => {
    const { orderId, paymentId } = await dolyameOrder()
    const { externalId } = await started(paymentId)
    fake.buyer(externalId, 'pay')
    await notify(externalId, 'wait_for_commit')
    const [line] = await queryRows<{ id: number }>(db(), sql`select id from order_lines where order_id = ${orderId} order by id limit 1`)
    const part = await refundOrder(actor, orderId, { lines: [{ id: line!.id, quantity: 1 }], delivery: false, full: false, comment: 'одна банка', key: undefined, amount: undefined })
    expect(part.refunds[0]).toMatchObject({ status: 'succeeded', error: null })
    const sent = fake.requests.find((r) => r.path === `orders/${externalId}/refund`)!
    expect(kop(sent.body.amount)).toBe(part.amount)
    expect(sent.body.returned_items).toEqual([expect.objectContaining({ quantity: 1 })])
    expect(fake.orders.get(externalId)!.refunded).toBe(part.amount)
    // A retry of the same refund (its answer lost) sends the same correlation id and pays nothing twice.
    const retried = await dolyameProvider.refund({ refundKey: `refund-${part.refunds[0]!.id}`, paymentExternalId: externalId, amount: part.amount })
    expect(retried.ok).toBe(true)
    const refunds = fake.requests.filter((r) => r.path === `orders/${externalId}/refund`)
    expect(refunds).toHaveLength(2)
    expect(refunds[1]!.correlationId).toBe(refunds[0]!.correlationId)
    expect(fake.orders.get(externalId)!.refunded).toBe(part.amount)
  })

  it('refuses a caller without the client certificate (TLS), and one with a certificate of another CA', async () => {
    const noCert = await new Promise<string>((resolve) => {
      const req = request(`${fake.apiUrl}orders/x/info`, { ca: certs.ca, headers: { authorization: 'Basic eA==' } }, (res) => resolve(`answered ${res.statusCode}`))
      req.on('error', (e) => resolve(`refused: ${e.message}`))
      req.end()
    })
    expect(noCert).toMatch(/^refused/)
    const before = fake.requests.length
    configure({ DOLYAME_CERT: certs.strangerCertPath, DOLYAME_KEY: certs.strangerKeyPath })
    const { orderId, paymentId } = await dolyameOrder()
    expect(await startPayment(db(), paymentId)).toEqual({ ok: false, kind: 'unavailable' })
    expect(fake.requests.length).toBe(before)
    const [event] = await db().select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.operation, 'POST orders/create')))
    expect(event).toMatchObject({ httpStatus: null, error: expect.stringMatching(/^network/) })
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    // Negative control: the shop's own certificate goes through.
    configure()
    expect((await startPayment(db(), paymentId)).ok).toBe(true)
  })

  it('Долями not answering leaves the order awaiting payment; the retry sends the same correlation id and finds the order made', async () => {
    const { orderId, paymentId } = await dolyameOrder()
    const { paymentToken } = await orderOf(orderId)
    const visitor = newVisitor()
    fake.swallowNext = true
    configure({ DOLYAME_TIMEOUT_MS: '300' })
    const failed = await payRoute(formPost('/payment/dolyame/pay/', { token: paymentToken }, visitor))
    expect(failed.headers.get('location')).toBe(`/payment/dolyame/?token=${encodeURIComponent(paymentToken)}&error=unavailable`)
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'created', confirmationUrl: null })
    configure()
    const res = await payRoute(formPost('/payment/dolyame/pay/', { token: paymentToken }, visitor))
    const row = await paymentOf(paymentId)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-payment-url')).toBe(`${fake.url}/form/${row.externalId}`)
    const creates = fake.requests.filter((r) => r.path === 'orders/create' && (r.body.order as Json).id === row.externalId)
    expect(creates).toHaveLength(2)
    expect(creates[1]!.correlationId).toBe(creates[0]!.correlationId)
    // One order at Долями: the retry got the first call's answer, not a second order.
    expect(fake.orders.get(row.externalId)!.created).toBe(creates[0]!.body)
  })

  it('a pending order whose notification never came is polled with info (and committed) before the unpaid-order expiry', async () => {
    const { orderId, paymentId } = await dolyameOrder()
    const { externalId } = await started(paymentId)
    const later = new Date(Date.now() + 11 * 60_000)
    expect((await pollGateways(db(), later)).dolyame).toBeGreaterThanOrEqual(1)
    expect((await paymentOf(paymentId)).status).toBe('pending')
    fake.buyer(externalId, 'pay')
    const farLater = new Date(Date.now() + 3 * 24 * 3600_000)
    const round = await expiryRound(db(), () => pollGateways(db(), farLater), farLater)
    expect(round.expired).not.toContain(orderId)
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(fake.orders.get(externalId)!.status).toBe('committed')
    // Polled again: nothing moves and nothing is committed twice.
    await pollGateways(db(), farLater)
    expect(await paidMails(orderId)).toBe(1)
    expect(fake.requests.filter((r) => r.path === `orders/${externalId}/commit`)).toHaveLength(1)
  })
})
