import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A fake ЮKassa API v3 for the tests (ADR 173, 183), written from the documented wire format
 * (yookassa.ru/developers: payments, two-stage capture and cancel, refunds, receipts, 54fz), never
 * from an SDK: Basic auth, an Idempotence-Key on every POST that replays the first answer, amounts as
 * "123.45" strings, receipts whose items must add up. Beyond the API it serves the buyer's
 * confirmation page (`GET /checkout/{id}`) whose «Оплатить» moves the payment and redirects the
 * browser back to the shop's return_url, as ЮKassa's own page does; the browser test runs it.
 */

export type Json = Record<string, unknown>
export interface FakePayment extends Json {
  id: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  amount: { value: string; currency: string }
  capture: boolean
}

export const FAKE_SHOP_ID = '506070'
export const FAKE_SECRET = 'test_secret_key_0123456789'

export const cents = (value: string) => Math.round(Number(value) * 100)
export const itemsSum = (receipt: Json | undefined) =>
  ((receipt?.items as { amount: { value: string }; quantity: number }[] | undefined) ?? []).reduce((s, i) => s + cents(i.amount.value) * i.quantity, 0)
const value = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`

export interface FakeYookassa {
  url: string
  payments: Map<string, FakePayment>
  refunds: Map<string, Json>
  receipts: Map<string, Json>
  requests: { method: string; path: string; key: string | null; body: Json }[]
  /** A lying ЮKassa: the next capture or re-read answers this many kopecks instead of the real sum. */
  tamperAmount: number | null
  /** The next POST to this path does its work and never answers (a timeout on the shop's side). */
  swallowNext: string | null
  /** The buyer on the payment page: pays (held when two-stage) or gives up. */
  buyer(id: string, outcome: 'pay' | 'fail'): void
  /** ЮKassa lets a hold lapse after its expires_at (it cancels the payment itself). */
  expireHold(id: string): void
  reset(): void
  close(): Promise<void>
}

const error = (code: string, description: string) => ({ type: 'error', id: randomUUID(), code, description })

export async function startFakeYookassa(port = 0): Promise<FakeYookassa> {
  const answers = new Map<string, { status: number; body: Json }>()
  const fake: FakeYookassa = {
    url: '',
    payments: new Map(),
    refunds: new Map(),
    receipts: new Map(),
    requests: [],
    tamperAmount: null,
    swallowNext: null,
    buyer(id, outcome) {
      const p = fake.payments.get(id)!
      if (outcome === 'fail') Object.assign(p, { status: 'canceled', cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' } })
      else {
        Object.assign(p, { status: p.capture ? 'succeeded' : 'waiting_for_capture', paid: true, receipt_registration: p.capture ? 'succeeded' : 'pending' })
        if (!p.capture) p.expires_at = new Date(Date.now() + 7 * 86_400_000).toISOString()
        else makeReceipt(p, 'payment')
      }
    },
    expireHold(id) {
      const p = fake.payments.get(id)!
      Object.assign(p, { status: 'canceled', cancellation_details: { party: 'yoo_money', reason: 'expired_on_capture' } })
      delete p.expires_at
    },
    reset() {
      fake.payments.clear()
      fake.refunds.clear()
      fake.receipts.clear()
      fake.requests.length = 0
      answers.clear()
      fake.tamperAmount = null
      fake.swallowNext = null
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }

  function makeReceipt(of: Json, type: 'payment' | 'refund') {
    const id = `rc-${randomUUID()}`
    const receipt = { id, type, status: 'succeeded', ...(type === 'payment' ? { payment_id: of.id } : { refund_id: of.id, payment_id: of.payment_id }) }
    fake.receipts.set(id, receipt)
    return receipt
  }

  function tampered(p: FakePayment): FakePayment {
    if (fake.tamperAmount === null) return p
    return { ...p, amount: { value: value(fake.tamperAmount), currency: 'RUB' } }
  }

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    let m: RegExpExecArray | null
    const [bare = '', query = ''] = path.split('?')
    if (method === 'POST' && bare === 'payments') {
      const amount = body.amount as { value: string; currency: string }
      if (itemsSum(body.receipt as Json) !== cents(amount.value)) return { status: 400, body: error('invalid_request', 'Receipt items sum does not match the amount') }
      const id = `${randomUUID()}`
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
        receipt: body.receipt,
        receipt_registration: 'pending',
        created_at: new Date().toISOString(),
      }
      fake.payments.set(id, payment)
      return { status: 200, body: payment }
    }
    if (method === 'GET' && (m = /^payments\/([^/]+)$/.exec(bare))) {
      const p = fake.payments.get(decodeURIComponent(m[1]!))
      return p ? { status: 200, body: tampered(p) } : { status: 404, body: error('not_found', 'Payment not found') }
    }
    if (method === 'POST' && (m = /^payments\/([^/]+)\/(capture|cancel)$/.exec(bare))) {
      const p = fake.payments.get(decodeURIComponent(m[1]!))
      if (!p) return { status: 404, body: error('not_found', 'Payment not found') }
      if (p.status !== 'waiting_for_capture') return { status: 400, body: error('invalid_request', `Payment is ${p.status}`) }
      if (m[2] === 'cancel') {
        Object.assign(p, { status: 'canceled', cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' } })
        delete p.expires_at
        return { status: 200, body: p }
      }
      // A partial capture must carry its receipt, and it must add up to the sum taken (ЮKassa's 54fz page).
      const asked = body.amount ? cents((body.amount as { value: string }).value) : cents(p.amount.value)
      if (asked > cents(p.amount.value)) return { status: 400, body: error('invalid_request', 'Capture amount exceeds the payment') }
      if (asked !== cents(p.amount.value) && itemsSum(body.receipt as Json) !== asked) return { status: 400, body: error('invalid_request', 'Receipt items sum does not match the amount') }
      Object.assign(p, { status: 'succeeded', amount: { value: value(asked), currency: 'RUB' }, receipt_registration: 'succeeded' })
      delete p.expires_at
      makeReceipt(p, 'payment')
      return { status: 200, body: tampered(p) }
    }
    if (method === 'POST' && bare === 'refunds') {
      const p = fake.payments.get(String(body.payment_id))
      if (!p || p.status !== 'succeeded') return { status: 400, body: error('invalid_request', 'Payment is not refundable') }
      const sum = cents((body.amount as { value: string }).value)
      const refunded = [...fake.refunds.values()].filter((r) => r.payment_id === p.id).reduce((s, r) => s + cents((r.amount as { value: string }).value), 0)
      if (refunded + sum > cents(p.amount.value)) return { status: 400, body: error('invalid_request', 'Refund amount exceeds the payment') }
      if (itemsSum(body.receipt as Json) !== sum) return { status: 400, body: error('invalid_request', 'Receipt items sum does not match the amount') }
      const refund = { id: randomUUID(), payment_id: p.id, status: 'succeeded', amount: body.amount, receipt_registration: 'succeeded', receipt: body.receipt, created_at: new Date().toISOString() }
      fake.refunds.set(refund.id, refund)
      makeReceipt(refund, 'refund')
      return { status: 200, body: refund }
    }
    if (method === 'GET' && (m = /^refunds\/([^/]+)$/.exec(bare))) {
      const r = fake.refunds.get(decodeURIComponent(m[1]!))
      return r ? { status: 200, body: r } : { status: 404, body: error('not_found', 'Refund not found') }
    }
    if (method === 'POST' && bare === 'receipts') {
      const p = fake.payments.get(String(body.payment_id))
      if (!p || p.status !== 'succeeded') return { status: 400, body: error('invalid_request', 'Payment not found or not succeeded') }
      const settled = ((body.settlements as { amount: { value: string } }[] | undefined) ?? []).reduce((s, x) => s + cents(x.amount.value), 0)
      if (itemsSum(body as Json) !== settled) return { status: 400, body: error('invalid_request', 'Receipt items sum does not match the settlements') }
      const id = `rc-${randomUUID()}`
      const receipt = { id, type: body.type, status: 'pending', payment_id: p.id, items: body.items, settlements: body.settlements }
      fake.receipts.set(id, receipt)
      return { status: 200, body: receipt }
    }
    if (method === 'GET' && bare === 'receipts') {
      const params = new URLSearchParams(query)
      const items = [...fake.receipts.values()].filter((r) => (params.get('payment_id') ? r.payment_id === params.get('payment_id') : true) && (params.get('refund_id') ? r.refund_id === params.get('refund_id') : true))
      return { status: 200, body: { type: 'list', items } }
    }
    if (method === 'GET' && (m = /^receipts\/([^/]+)$/.exec(bare))) {
      const r = fake.receipts.get(decodeURIComponent(m[1]!))
      return r ? { status: 200, body: r } : { status: 404, body: error('not_found', 'Receipt not found') }
    }
    return { status: 404, body: error('not_found', `${method} ${path}`) }
  }

  function send(res: ServerResponse, status: number, body: Json) {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  /** ЮKassa's payment page, much simplified: the sum and two buttons; either leads back to the shop. */
  function page(req: IncomingMessage, res: ServerResponse, id: string, action: string | undefined) {
    const p = fake.payments.get(id)
    if (!p) {
      res.writeHead(404).end('not found')
      return
    }
    if (req.method === 'POST') {
      fake.buyer(id, action === 'pay' ? 'pay' : 'fail')
      res.writeHead(303, { location: String((p.confirmation as Json).return_url) }).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>ЮKassa (тест)</title></head><body>` +
        `<h1>Оплата ${p.amount.value} ₽</h1>` +
        `<form method="post" action="/checkout/${id}/pay"><button type="submit">Оплатить</button></form>` +
        `<form method="post" action="/checkout/${id}/fail"><button type="submit">Отказаться</button></form></body></html>`,
    )
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? ''
    const pageMatch = /^\/checkout\/([^/?]+)(?:\/(pay|fail))?/.exec(url)
    if (pageMatch) {
      if (req.method === 'POST') await readBody(req)
      return page(req, res, decodeURIComponent(pageMatch[1]!), pageMatch[2])
    }
    if (url === '/healthz') return send(res, 200, { ok: true })
    const path = url.replace(/^\/v3\//, '')
    const text = req.method === 'POST' ? await readBody(req) : ''
    const body = text ? (JSON.parse(text) as Json) : {}
    const key = (req.headers['idempotence-key'] as string | undefined) ?? null
    fake.requests.push({ method: req.method ?? '', path, key, body })
    if (req.headers.authorization !== `Basic ${Buffer.from(`${FAKE_SHOP_ID}:${FAKE_SECRET}`).toString('base64')}`) return send(res, 401, error('invalid_credentials', 'Authentication by given credentials failed'))
    if (req.method === 'POST') {
      if (!key) return send(res, 400, error('invalid_request', 'Idempotence-Key header is required'))
      const seen = answers.get(key)
      if (seen) return send(res, seen.status, seen.body)
    }
    const answer = route(req.method ?? '', path, body)
    if (req.method === 'POST' && answer.status < 500) answers.set(key!, answer)
    if (req.method === 'POST' && fake.swallowNext === path) {
      fake.swallowNext = null
      return // done at ЮKassa; the answer never reaches the shop
    }
    send(res, answer.status, answer.body)
  }

  const server: Server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
