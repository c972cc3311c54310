import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { POST as payRoute } from '@/app/(shop)/payment/yookassa/pay/route'
import { POST as notifyRoute } from '@/app/payment/notify/yookassa/route'
import { db } from '@/db/client'
import { queryRows } from '@/db/rows'
import { offers, orders, paymentEvents, paymentRefunds, payments } from '@/db/schema'
import { staff } from '@/db/schema/staff'
import { paymentMethodOffered, sandboxView } from '@/domains/payment/payment.server'
import { refundOrder } from '@/domains/payment/refund.server'
import type { Actor } from '@/domains/staff/permissions'
import { placedOrder, startedPayment } from '../../../../../tests/support/checkout'
import { databaseFingerprint } from '../../../../../tests/support/db-snapshot'
import { formPost, newVisitor } from '../../../../../tests/support/http'
import { restoreSettings, stubSettings } from '../../../../../tests/support/test-hooks'
import { capturePayment, pollOpenPayments, releaseHold, replayNotification, startPayment } from './yookassa.server'

/**
 * ЮKassa API v3 (ADR 173) against a fake ЮKassa written here from its documented wire format
 * (yookassa.ru/developers: payments, refunds, 54fz, webhooks), never from an SDK: Basic auth, an
 * Idempotence-Key on every POST that replays the first answer, amounts as "123.45" strings, receipts
 * whose items (price × quantity) must add up to the amount, notifications re-read with GET.
 */

// ---------- the fake ЮKassa ----------

type Json = Record<string, unknown>
interface FakePayment extends Json {
  id: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  amount: { value: string; currency: string }
  capture: boolean
}

const SHOP_ID = '506070'
const SECRET = 'test_secret_key_0123456789'

const fake = {
  server: null as Server | null,
  url: '',
  payments: new Map<string, FakePayment>(),
  refunds: new Map<string, Json>(),
  /** Answers by Idempotence-Key: a repeated key gets the first answer, as ЮKassa documents. */
  answers: new Map<string, { status: number; body: Json }>(),
  requests: [] as { method: string; path: string; key: string | null; body: Json }[],
  /** Makes the next POST /payments do its work and never answer (a timeout on our side). */
  swallowNextCreate: false,
}

const cents = (value: string) => Math.round(Number(value) * 100)
const itemsSum = (receipt: Json | undefined) =>
  ((receipt?.items as { amount: { value: string }; quantity: number }[] | undefined) ?? []).reduce((s, i) => s + cents(i.amount.value) * i.quantity, 0)

function send(res: ServerResponse, status: number, body: Json) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? (JSON.parse(text) as Json) : {}
}

const error = (code: string, description: string) => ({ type: 'error', id: randomUUID(), code, description })

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? '').replace(/^\/v3\//, '')
  const body = req.method === 'POST' ? await readBody(req) : {}
  const key = (req.headers['idempotence-key'] as string | undefined) ?? null
  fake.requests.push({ method: req.method ?? '', path, key, body })
  if (req.headers.authorization !== `Basic ${Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64')}`) return send(res, 401, error('invalid_credentials', 'Authentication by given credentials failed'))
  if (req.method === 'POST') {
    if (!key) return send(res, 400, error('invalid_request', 'Idempotence-Key header is required'))
    const seen = fake.answers.get(key)
    if (seen) return send(res, seen.status, seen.body)
  }
  const answer = route(req.method ?? '', path, body)
  if (req.method === 'POST' && answer.status < 500) fake.answers.set(key!, answer)
  if (req.method === 'POST' && path === 'payments' && fake.swallowNextCreate) {
    fake.swallowNextCreate = false
    return // the payment exists at ЮKassa; its answer never reaches the shop
  }
  send(res, answer.status, answer.body)
}

function route(method: string, path: string, body: Json): { status: number; body: Json } {
  let m: RegExpExecArray | null
  if (method === 'POST' && path === 'payments') {
    const amount = body.amount as { value: string; currency: string }
    if (itemsSum(body.receipt as Json) !== cents(amount.value)) return { status: 400, body: error('invalid_request', 'Receipt items sum does not match the amount') }
    const id = randomUUID()
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount,
      capture: body.capture !== false,
      confirmation: { type: 'redirect', confirmation_url: `${fake.url}/checkout/${id}`, return_url: (body.confirmation as Json).return_url },
      test: true,
      refundable: false,
      metadata: body.metadata,
      receipt_registration: 'pending',
      created_at: new Date().toISOString(),
    }
    fake.payments.set(id, payment)
    return { status: 200, body: payment }
  }
  if (method === 'GET' && (m = /^payments\/([^/]+)$/.exec(path))) {
    const p = fake.payments.get(decodeURIComponent(m[1]!))
    return p ? { status: 200, body: p } : { status: 404, body: error('not_found', 'Payment not found') }
  }
  if (method === 'POST' && (m = /^payments\/([^/]+)\/(capture|cancel)$/.exec(path))) {
    const p = fake.payments.get(decodeURIComponent(m[1]!))
    if (!p) return { status: 404, body: error('not_found', 'Payment not found') }
    if (p.status !== 'waiting_for_capture') return { status: 400, body: error('invalid_request', `Payment is ${p.status}`) }
    p.status = m[2] === 'capture' ? 'succeeded' : 'canceled'
    if (p.status === 'canceled') p.cancellation_details = { party: 'merchant', reason: 'canceled_by_merchant' }
    else p.receipt_registration = 'succeeded'
    return { status: 200, body: p }
  }
  if (method === 'POST' && path === 'refunds') {
    const p = fake.payments.get(String(body.payment_id))
    if (!p || p.status !== 'succeeded') return { status: 400, body: error('invalid_request', 'Payment is not refundable') }
    const value = cents((body.amount as { value: string }).value)
    const refunded = [...fake.refunds.values()].filter((r) => r.payment_id === p.id).reduce((s, r) => s + cents((r.amount as { value: string }).value), 0)
    if (refunded + value > cents(p.amount.value)) return { status: 400, body: error('invalid_request', 'Refund amount exceeds the payment') }
    if (itemsSum(body.receipt as Json) !== value) return { status: 400, body: error('invalid_request', 'Receipt items sum does not match the amount') }
    const refund = { id: randomUUID(), payment_id: p.id, status: 'succeeded', amount: body.amount, receipt_registration: 'pending', created_at: new Date().toISOString() }
    fake.refunds.set(refund.id, refund)
    return { status: 200, body: refund }
  }
  if (method === 'GET' && (m = /^refunds\/([^/]+)$/.exec(path))) {
    const r = fake.refunds.get(decodeURIComponent(m[1]!))
    return r ? { status: 200, body: r } : { status: 404, body: error('not_found', 'Refund not found') }
  }
  return { status: 404, body: error('not_found', `${method} ${path}`) }
}

/** The buyer on ЮKassa's page: pays (held when two-stage) or gives up. */
function buyer(id: string, outcome: 'pay' | 'fail') {
  const p = fake.payments.get(id)!
  if (outcome === 'fail') Object.assign(p, { status: 'canceled', cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' } })
  else Object.assign(p, { status: p.capture ? 'succeeded' : 'waiting_for_capture', paid: true, receipt_registration: p.capture ? 'succeeded' : 'pending' })
}

// ---------- the shop side ----------

let actor: Actor

beforeAll(async () => {
  fake.server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
  const [row] = await db().insert(staff).values({ email: 'yookassa@example.ru', name: 'Мария Менеджер', role: 'manager' }).returning()
  actor = { kind: 'staff', id: row!.id, name: row!.name, role: 'manager' }
})

afterAll(async () => {
  fake.server?.closeAllConnections()
  await new Promise((resolve) => fake.server?.close(resolve))
})

function configure(extra: Record<string, string> = {}) {
  stubSettings({
    YOOKASSA_SHOP_ID: SHOP_ID,
    YOOKASSA_SECRET_KEY: SECRET,
    YOOKASSA_API_URL: `${fake.url}/v3/`,
    YOOKASSA_NOTIFY_NETWORKS: '127.0.0.1/32',
    // Generous: the fake shares the process with PGlite, whose work holds the event loop for a while.
    YOOKASSA_TIMEOUT_MS: '20000',
    ...extra,
  })
}

beforeEach(() => configure())

afterEach(() => {
  restoreSettings()
  fake.swallowNextCreate = false
})

let skip = 40
const cardOrder = (quantity = 3) => placedOrder('card', skip++, quantity)

const started = (paymentId: number) => startedPayment(startPayment, paymentId)

function notify(event: string, id: string, from = '127.0.0.1') {
  const request = new Request('http://localhost:3000/payment/notify/yookassa/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    // The body's status is whatever a sender claims; the shop reads the payment again.
    body: JSON.stringify({ type: 'notification', event, object: { id, status: event.split('.')[1], paid: true, amount: { value: '1.00', currency: 'RUB' } } }),
  })
  return notifyRoute(request)
}

const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
const paymentOf = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!
async function paidMails(orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from outbox where payload->>'subject' = ${`Заказ №${orderId} оплачен`}`)
  return row?.n ?? 0
}

describe('ЮKassa at checkout', () => {
  it('serves the card method once its keys are set; without them the sandbox does', async () => {
    expect(paymentMethodOffered('card')).toBe(true)
    const { orderId, paymentId } = await cardOrder()
    expect(await paymentOf(paymentId)).toMatchObject({ provider: 'yookassa', status: 'created', twoStage: false })
    const order = await orderOf(orderId)
    // The sandbox's page never pays a ЮKassa payment.
    expect(await sandboxView(db(), order.paymentToken)).toBeNull()
    restoreSettings()
    const sandboxed = await cardOrder()
    expect((await paymentOf(sandboxed.paymentId)).provider).toBe('card')
  })
})

describe('POST /payment/yookassa/pay/', () => {
  it("sends the buyer to ЮKassa's page, and back to ours with a note when ЮKassa does not answer", async () => {
    const { orderId, paymentId } = await cardOrder()
    const { paymentToken } = await orderOf(orderId)
    const visitor = newVisitor()
    fake.swallowNextCreate = true
    configure({ YOOKASSA_TIMEOUT_MS: '300' })
    const failed = await payRoute(formPost('/payment/yookassa/pay/', { token: paymentToken }, visitor))
    expect(failed.status).toBe(303)
    expect(failed.headers.get('location')).toBe(`/payment/yookassa/?token=${encodeURIComponent(paymentToken)}&error=unavailable`)
    configure()
    const res = await payRoute(formPost('/payment/yookassa/pay/', { token: paymentToken }, visitor))
    // A page that moves on to ЮKassa by itself, not a 303: Chrome holds a redirect after a form's POST
    // to the page's form-action 'self' (ADR 183).
    expect(res.status).toBe(200)
    const { externalId, confirmationUrl } = await paymentOf(paymentId)
    expect(res.headers.get('x-payment-url')).toBe(`${fake.url}/checkout/${externalId}`)
    expect(await res.text()).toContain(`<meta http-equiv="refresh" content="0;url=${fake.url}/checkout/${externalId}">`)
    expect(confirmationUrl).toBe(res.headers.get('x-payment-url'))
    // Pressed again: the same payment, no new one at ЮKassa.
    const again = await payRoute(formPost('/payment/yookassa/pay/', { token: paymentToken }, visitor))
    expect(again.headers.get('x-payment-url')).toBe(res.headers.get('x-payment-url'))
    expect([...fake.payments.values()].filter((p) => (p.metadata as Json).paymentId === String(paymentId))).toHaveLength(1)
    expect((await payRoute(formPost('/payment/yookassa/pay/', { token: 'x'.repeat(30) }, visitor))).status).toBe(404)
    // Paid at ЮKassa, the notification not here yet: pressing again reads ЮKassa and goes to the paid order.
    buyer(externalId, 'pay')
    const back = await payRoute(formPost('/payment/yookassa/pay/', { token: paymentToken }, visitor))
    expect(back.headers.get('location')).toBe(`/personal/order/?ORDER_ID=${orderId}`)
    expect((await orderOf(orderId)).status).toBe('paid')
  })
})

describe('ЮKassa payments', () => {
  it('pays: a redirect payment with the receipt, the notification re-read with GET, the order paid once', async () => {
    const { orderId, paymentId, offer } = await cardOrder()
    const { url, externalId } = await started(paymentId)
    expect(url).toBe(`${fake.url}/checkout/${externalId}`)
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === 'payments' && (r.body.metadata as Json).paymentId === String(paymentId))!
    const order = await orderOf(orderId)
    expect(create.key).toMatch(/^pay-\d+-/)
    expect(create.body).toMatchObject({
      amount: { value: (order.total / 100).toFixed(2), currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: expect.stringContaining(`/personal/order/?ORDER_ID=${orderId}`) },
      receipt: { customer: { email: 'anna@example.ru' } },
    })
    const items = (create.body.receipt as { items: Json[] }).items
    expect(items[0]).toMatchObject({ description: offer.name, quantity: 3, vat_code: 1, payment_subject: 'commodity', payment_mode: 'full_prepayment', measure: 'piece' })
    expect(itemsSum(create.body.receipt as Json)).toBe(order.total)
    expect((await paymentOf(paymentId)).status).toBe('pending')

    buyer(externalId, 'pay')
    const res = await notify('payment.succeeded', externalId)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ result: 'applied' })
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'succeeded', providerStatus: 'succeeded', receiptStatus: 'succeeded' })
    expect(await paidMails(orderId)).toBe(1)
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))
    expect(events.map((e) => e.operation)).toEqual(expect.arrayContaining(['POST /payments', 'GET /payments/{id}', 'notification payment.succeeded']))
    expect(events.find((e) => e.operation === 'POST /payments')).toMatchObject({ idempotenceKey: create.key, httpStatus: 200, objectId: externalId })
  })

  it('sends the 22 % rate as vat_code 11 and a marked offer as goods with its code type kept for the settlement', async () => {
    const { paymentId, offer } = await cardOrder(1)
    await db().update(offers).set({ vatPercent: 22, markCodeType: 'gs1m' }).where(eq(offers.id, offer.id))
    const { externalId } = await started(paymentId)
    const item = (fake.requests.find((r) => r.path === 'payments' && (r.body.metadata as Json).paymentId === String(paymentId))!.body.receipt as { items: Json[] }).items[0]!
    expect(item).toMatchObject({ vat_code: 11, payment_subject: 'commodity' })
    // A prepayment receipt carries no piece's code: it is scanned at assembly (ADR 172).
    expect(item.mark_code_info).toBeUndefined()
    expect(((await paymentOf(paymentId)).receipt as { lines: { mark: unknown }[] }).lines[0]!.mark).toEqual({ type: 'gs1m', code: null })
    expect(externalId).toBeTruthy()
  })

  it('duplicate and out-of-order notifications, some lying about the status, pay the order once', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    // Before the buyer pays, a forged "succeeded" changes nothing: GET says pending.
    expect(await (await notify('payment.succeeded', externalId)).json()).toEqual({ result: 'unchanged' })
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    buyer(externalId, 'pay')
    const answers = await Promise.all([
      notify('payment.canceled', externalId),
      notify('payment.succeeded', externalId),
      notify('payment.succeeded', externalId),
      notify('payment.waiting_for_capture', externalId),
    ])
    expect(await Promise.all(answers.map(async (r) => [r.status, await r.json()]))).toEqual([
      [200, { result: expect.any(String) }],
      [200, { result: expect.any(String) }],
      [200, { result: expect.any(String) }],
      [200, { result: expect.any(String) }],
    ])
    expect((await orderOf(orderId)).status).toBe('paid')
    expect((await paymentOf(paymentId)).status).toBe('succeeded')
    expect(await paidMails(orderId)).toBe(1)
    const history = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from order_status_history where order_id = ${orderId} and to_status = 'paid'`)
    expect(history[0]?.n).toBe(1)
    // A stored notification replayed: the same re-read, nothing moves again.
    const [stored] = await db().select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.kind, 'notification')))
    expect(await replayNotification(stored!.id)).toEqual({ result: 'duplicate' })
    expect(await paidMails(orderId)).toBe(1)
  })

  it('a declined payment leaves the order awaiting payment; a notification from an unknown network changes nothing', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    buyer(externalId, 'fail')
    expect(await (await notify('payment.canceled', externalId)).json()).toEqual({ result: 'applied' })
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'failed', providerStatus: 'canceled' })
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    // «Оплатить» again: a new ЮKassa payment with a new key; paying it pays the order.
    const retry = await started(paymentId)
    expect(retry.externalId).not.toBe(externalId)
    const keys = fake.requests.filter((r) => r.path === 'payments' && (r.body.metadata as Json).paymentId === String(paymentId)).map((r) => r.key)
    expect(new Set(keys).size).toBe(2)
    // The declined payment's late notification finds nothing of ours to move.
    expect(await (await notify('payment.canceled', externalId)).json()).toEqual({ result: 'unknown' })
    buyer(retry.externalId, 'pay')
    expect(await (await notify('payment.succeeded', retry.externalId)).json()).toEqual({ result: 'applied' })
    expect((await orderOf(orderId)).status).toBe('paid')

    const other = await cardOrder()
    const second = await started(other.paymentId)
    buyer(second.externalId, 'pay')
    const before = await databaseFingerprint()
    const getsBefore = fake.requests.filter((r) => r.method === 'GET').length
    const refused = await notify('payment.succeeded', second.externalId, '10.20.30.40')
    expect(refused.status).toBe(403)
    expect(await databaseFingerprint()).toEqual(before)
    expect(fake.requests.filter((r) => r.method === 'GET').length).toBe(getsBefore)
    expect((await orderOf(other.orderId)).status).toBe('awaiting_payment')
    // Negative control: the same notification from ЮKassa's network pays it.
    expect(await (await notify('payment.succeeded', second.externalId)).json()).toEqual({ result: 'applied' })
  })

  it('two-stage: the hold waits for capture, the capture pays the order; a released hold pays nothing', async () => {
    configure({ YOOKASSA_TWO_STAGE: 'true' })
    const { orderId, paymentId } = await cardOrder()
    expect((await paymentOf(paymentId)).twoStage).toBe(true)
    const { externalId } = await started(paymentId)
    expect(fake.requests.find((r) => r.path === 'payments' && (r.body.metadata as Json).paymentId === String(paymentId))!.body.capture).toBe(false)
    buyer(externalId, 'pay')
    expect(await (await notify('payment.waiting_for_capture', externalId)).json()).toEqual({ result: 'moved' })
    expect((await paymentOf(paymentId)).status).toBe('waiting_for_capture')
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    expect(await capturePayment(db(), paymentId)).toMatchObject({ ok: true })
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(fake.requests.find((r) => r.path === `payments/${externalId}/capture`)?.key).toBe(`capture-${paymentId}-${(await paymentOf(paymentId)).amount}`)
    // ЮKassa's own succeeded notification after our capture: a duplicate.
    expect(await (await notify('payment.succeeded', externalId)).json()).toEqual({ result: 'duplicate' })
    expect(await paidMails(orderId)).toBe(1)

    const released = await cardOrder()
    const hold = await started(released.paymentId)
    buyer(hold.externalId, 'pay')
    await notify('payment.waiting_for_capture', hold.externalId)
    expect(await releaseHold(db(), released.paymentId)).toEqual({ ok: true })
    expect((await paymentOf(released.paymentId)).status).toBe('cancelled')
    expect(await (await notify('payment.canceled', hold.externalId)).json()).toEqual({ result: 'duplicate' })
    expect((await orderOf(released.orderId)).status).toBe('awaiting_payment')
    expect(await capturePayment(db(), released.paymentId)).toEqual({ ok: false, kind: 'not-held' })
  })

  it('refunds partly by a piece and then in full, each with a refund receipt of what went back', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    buyer(externalId, 'pay')
    await notify('payment.succeeded', externalId)
    const order = await orderOf(orderId)
    const [line] = await queryRows<{ id: number; sum: number }>(db(), sql`select id, sum from order_lines where order_id = ${orderId} order by id limit 1`)

    const part = await refundOrder(actor, orderId, { lines: [{ id: line!.id, quantity: 1 }], delivery: false, full: false, comment: 'одна банка', key: undefined, amount: undefined })
    expect(part.refunds[0]).toMatchObject({ status: 'succeeded', error: null })
    const [first] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.id, part.refunds[0]!.id))
    const sent = fake.requests.find((r) => r.path === 'refunds' && r.key === `refund-${first!.id}`)!
    expect(sent.body).toMatchObject({ payment_id: externalId, amount: { value: (part.amount / 100).toFixed(2), currency: 'RUB' } })
    expect((sent.body.receipt as { items: Json[] }).items).toEqual([expect.objectContaining({ quantity: 1, payment_subject: 'commodity', payment_mode: 'full_prepayment' })])
    expect(itemsSum(sent.body.receipt as Json)).toBe(part.amount)
    expect(first).toMatchObject({ providerRefundId: expect.any(String), receiptStatus: 'pending' })

    const rest = await refundOrder(actor, orderId, { lines: [], delivery: false, full: true, comment: '', key: undefined, amount: undefined })
    expect(part.amount + rest.amount).toBe(order.total)
    const fullReq = fake.requests.find((r) => r.path === 'refunds' && r.key === `refund-${rest.refunds[0]!.id}`)!
    expect(itemsSum(fullReq.body.receipt as Json)).toBe(rest.amount)
    // The delivery goes back as a service line.
    expect((fullReq.body.receipt as { items: Json[] }).items.some((i) => i.payment_subject === 'service')).toBe(order.deliveryPrice > 0)

    // refund.succeeded: the refund is read again and its receipt's state kept.
    fake.refunds.get(first!.providerRefundId!)!.receipt_registration = 'succeeded'
    expect(await (await notify('refund.succeeded', first!.providerRefundId!)).json()).toEqual({ result: 'updated' })
    expect((await db().select().from(paymentRefunds).where(eq(paymentRefunds.id, first!.id)))[0]!.receiptStatus).toBe('succeeded')
  })

  it('a create call that times out leaves the order consistent, and the retry sends the same key', async () => {
    const { orderId, paymentId } = await cardOrder()
    fake.swallowNextCreate = true
    // The fake never answers this one, so any timeout ends it; a short one keeps the test quick.
    configure({ YOOKASSA_TIMEOUT_MS: '300' })
    expect(await startPayment(db(), paymentId)).toEqual({ ok: false, kind: 'unavailable' })
    configure()
    const afterTimeout = await paymentOf(paymentId)
    expect(afterTimeout).toMatchObject({ status: 'created', confirmationUrl: null })
    expect((await orderOf(orderId)).status).toBe('awaiting_payment')
    const [timedOut] = await db().select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.operation, 'POST /payments')))
    expect(timedOut).toMatchObject({ httpStatus: null, error: expect.stringMatching(/^timeout/) })

    const retry = await started(paymentId)
    const creates = fake.requests.filter((r) => r.path === 'payments' && (r.body.metadata as Json).paymentId === String(paymentId))
    expect(creates).toHaveLength(2)
    expect(creates[1]!.key).toBe(creates[0]!.key)
    expect(creates[0]!.key).toBe(afterTimeout.idempotenceKey)
    // ЮKassa made one payment, and the shop knows it by its id now.
    expect([...fake.payments.values()].filter((p) => (p.metadata as Json).paymentId === String(paymentId))).toHaveLength(1)
    buyer(retry.externalId, 'pay')
    expect(await (await notify('payment.succeeded', retry.externalId)).json()).toEqual({ result: 'applied' })
    expect((await orderOf(orderId)).status).toBe('paid')
  })

  it('a notification for a payment whose create answer was lost finds the row by its metadata', async () => {
    const { orderId, paymentId } = await cardOrder()
    fake.swallowNextCreate = true
    configure({ YOOKASSA_TIMEOUT_MS: '300' })
    expect(await startPayment(db(), paymentId)).toEqual({ ok: false, kind: 'unavailable' })
    configure()
    const made = [...fake.payments.values()].find((p) => (p.metadata as Json).paymentId === String(paymentId))!
    buyer(made.id, 'pay')
    expect(await (await notify('payment.succeeded', made.id)).json()).toEqual({ result: 'applied' })
    expect(await paymentOf(paymentId)).toMatchObject({ externalId: made.id, status: 'succeeded' })
    expect((await orderOf(orderId)).status).toBe('paid')
  })

  it('a payment whose notification never came is read again by the poll, once it is older than the grace', async () => {
    const { orderId, paymentId } = await cardOrder()
    const { externalId } = await started(paymentId)
    const later = new Date(Date.now() + 11 * 60_000)
    // Still pending at ЮKassa: the poll reads it and nothing moves.
    expect(await pollOpenPayments(db(), later)).toBeGreaterThanOrEqual(1)
    expect((await paymentOf(paymentId)).status).toBe('pending')
    buyer(externalId, 'pay')
    // Too young for the poll: left to its notification.
    const before = fake.requests.filter((r) => r.path === `payments/${externalId}`).length
    await pollOpenPayments(db(), new Date())
    expect(fake.requests.filter((r) => r.path === `payments/${externalId}`).length).toBe(before)
    await pollOpenPayments(db(), later)
    expect((await orderOf(orderId)).status).toBe('paid')
    expect(await paidMails(orderId)).toBe(1)
    await pollOpenPayments(db(), later)
    expect(await paidMails(orderId)).toBe(1)
  })
})
