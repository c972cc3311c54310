/**
 * A local stand-in for the Долями partner API v1, written from its wire format as the project's
 * integrations notes summarise it (Basic auth, a client certificate, X-Correlation-ID; amounts in
 * roubles), never from a client library (ADR 182):
 * - an https server that demands a client certificate signed by its CA (mTLS): without one, or with
 *   one from another CA, the TLS handshake fails before any HTTP;
 * - `Authorization: Basic login:password` and an `X-Correlation-ID` UUID on every call, else 401 / 400;
 * - POST /v1/orders/create {order{id, amount, prepaid_amount, items[{name, quantity, price}]},
 *   client_info, notification_url, success_url, fail_url} → {status: 'new', amount, link}; the items'
 *   price × quantity must add up to the amount; an id it has already → 409;
 * - GET /v1/orders/{id}/info → {id, status, amount, residual_amount, link};
 * - POST /v1/orders/{id}/commit (only in wait_for_commit) → committed; /cancel → canceled;
 *   /refund {amount, returned_items} → {amount, refund_id}; a repeated X-Correlation-ID of a POST gets
 *   the first answer.
 * `hang` makes it take requests and never answer; `swallowNext` does the next POST's work and never answers. The certificates are made with openssl at test time
 * in a temp dir (makeFakeDolyameCerts): nothing secret is committed.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const FAKE_DOLYAME_KEYS = { login: 'vitamarket', password: 'fake-dolyame-password' } as const

export interface FakeDolyameCerts {
  dir: string
  ca: string
  serverCert: string
  serverKey: string
  /** The shop's client certificate and key, signed by the fake's CA: file paths. */
  clientCertPath: string
  clientKeyPath: string
  /** A certificate of another CA, which the fake must refuse: file paths. */
  strangerCertPath: string
  strangerKeyPath: string
}

/** A throwaway CA, a server certificate for 127.0.0.1, the shop's client certificate and a stranger's. */
export function makeFakeDolyameCerts(): FakeDolyameCerts {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-dolyame-'))
  const f = (name: string) => path.join(dir, name)
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.crt'), '-days', '2', '-subj', '/CN=Fake Dolyame CA')
  writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n')
  const signed = (name: string, cn: string, ca: string, ext?: string) => {
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f(`${name}.key`), '-out', f(`${name}.csr`), '-subj', `/CN=${cn}`)
    ssl('x509', '-req', '-in', f(`${name}.csr`), '-CA', f(`${ca}.crt`), '-CAkey', f(`${ca}.key`), '-CAcreateserial', '-out', f(`${name}.crt`), '-days', '2', ...(ext ? ['-extfile', f(ext)] : []))
  }
  signed('server', '127.0.0.1', 'ca', 'server.ext')
  signed('client', 'vitamarket', 'ca')
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('other-ca.key'), '-out', f('other-ca.crt'), '-days', '2', '-subj', '/CN=Other CA')
  signed('stranger', 'stranger', 'other-ca')
  return {
    dir,
    ca: readFileSync(f('ca.crt'), 'utf8'),
    serverCert: readFileSync(f('server.crt'), 'utf8'),
    serverKey: readFileSync(f('server.key'), 'utf8'),
    clientCertPath: f('client.crt'),
    clientKeyPath: f('client.key'),
    strangerCertPath: f('stranger.crt'),
    strangerKeyPath: f('stranger.key'),
  }
}

type Json = Record<string, unknown>

export interface FakeDolyameOrder {
  id: string
  status: 'new' | 'approved' | 'rejected' | 'canceled' | 'wait_for_commit' | 'committed' | 'completed' | 'refunded'
  /** Kopecks, kept exact; sent as roubles. */
  amount: number
  refunded: number
  created: Json
}

const kop = (roubles: unknown) => Math.round(Number(roubles) * 100)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export class FakeDolyame {
  server: Server | null = null
  url = ''
  orders = new Map<string, FakeDolyameOrder>()
  requests: { method: string; path: string; correlationId: string | null; body: Json }[] = []
  private answers = new Map<string, { status: number; body: Json }>()
  hang = false
  /** Makes the next POST do its work and never answer (the answer lost on the way). */
  swallowNext = false
  /** Commits are answered 503 while set (Долями down at the moment the shop commits). */
  refuseCommits = false

  constructor(readonly certs: FakeDolyameCerts) {}

  async start(): Promise<this> {
    this.server = createServer({ cert: this.certs.serverCert, key: this.certs.serverKey, ca: this.certs.ca, requestCert: true, rejectUnauthorized: true }, (req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise((resolve) => this.server?.close(resolve))
  }

  get apiUrl(): string {
    return `${this.url}/v1/`
  }

  /** The buyer on Долями's page: approved and paid the first part (waiting for the shop's commit), or rejected. */
  buyer(id: string, outcome: 'pay' | 'fail'): void {
    this.orders.get(id)!.status = outcome === 'pay' ? 'wait_for_commit' : 'rejected'
  }

  private view(o: FakeDolyameOrder): Json {
    return { id: o.id, status: o.status, amount: (o.amount - o.refunded) / 100, residual_amount: ((o.amount - o.refunded) * 3) / 400, link: `${this.url}/form/${o.id}` }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const body = (text ? JSON.parse(text) : {}) as Json
    const p = (req.url ?? '').replace(/^\/v1\//, '')
    const correlationId = (req.headers['x-correlation-id'] as string | undefined) ?? null
    this.requests.push({ method: req.method ?? '', path: p, correlationId, body })
    if (this.hang) return
    const send = (status: number, answer: Json) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer))
    }
    if (req.headers.authorization !== `Basic ${Buffer.from(`${FAKE_DOLYAME_KEYS.login}:${FAKE_DOLYAME_KEYS.password}`).toString('base64')}`) return send(401, { type: 'error', message: 'Unauthorized' })
    if (!correlationId || !UUID.test(correlationId)) return send(400, { type: 'error', message: 'X-Correlation-ID is required' })
    if (req.method === 'POST') {
      const seen = this.answers.get(correlationId)
      if (seen) return send(seen.status, seen.body)
    }
    const answer = this.route(req.method ?? '', p, body)
    if (req.method === 'POST' && answer.status < 500) this.answers.set(correlationId, answer)
    if (req.method === 'POST' && this.swallowNext) {
      this.swallowNext = false
      return
    }
    send(answer.status, answer.body)
  }

  private route(method: string, p: string, body: Json): { status: number; body: Json } {
    const error = (status: number, message: string) => ({ status, body: { type: 'error', message } })
    if (method === 'POST' && p === 'orders/create') {
      const order = body.order as { id: string; amount: number; items: { quantity: number; price: number }[] }
      if (this.orders.has(order.id)) return error(409, 'Order already exists')
      const amount = kop(order.amount)
      if (order.items.reduce((s, i) => s + kop(i.price) * i.quantity, 0) !== amount) return error(400, 'Items sum does not match the amount')
      const o: FakeDolyameOrder = { id: order.id, status: 'new', amount, refunded: 0, created: body }
      this.orders.set(o.id, o)
      return { status: 200, body: { status: o.status, amount: amount / 100, link: `${this.url}/form/${o.id}` } }
    }
    const m = /^orders\/([^/]+)\/(info|commit|cancel|refund)$/.exec(p)
    const o = m ? this.orders.get(decodeURIComponent(m[1]!)) : undefined
    if (!m || !o) return error(404, 'Order not found')
    switch (`${method} ${m[2]}`) {
      case 'GET info':
        return { status: 200, body: this.view(o) }
      case 'POST commit':
        if (this.refuseCommits) return error(503, 'Service unavailable')
        if (o.status !== 'wait_for_commit') return error(400, `Order is ${o.status}`)
        if (kop(body.amount) !== o.amount) return error(400, 'Commit amount differs')
        o.status = 'committed'
        return { status: 200, body: this.view(o) }
      case 'POST cancel':
        if (!['new', 'approved', 'wait_for_commit'].includes(o.status)) return error(400, `Order is ${o.status}`)
        o.status = 'canceled'
        return { status: 200, body: this.view(o) }
      case 'POST refund': {
        if (o.status !== 'committed' && o.status !== 'completed') return error(400, `Order is ${o.status}`)
        const amount = kop(body.amount)
        if (amount > o.amount - o.refunded) return error(400, 'Refund exceeds the order')
        const items = (body.returned_items as { quantity: number; price: number }[] | undefined) ?? []
        if (items.reduce((s, i) => s + kop(i.price) * i.quantity, 0) !== amount) return error(400, 'Returned items do not add up to the amount')
        o.refunded += amount
        return { status: 200, body: { amount: amount / 100, refund_id: randomUUID() } }
      }
      default:
        return error(405, 'Method not allowed')
    }
  }
}
