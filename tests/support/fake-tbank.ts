/**
 * A local stand-in for Т-Банк acquiring API v2, written from its documented wire format
 * (developer.tbank.ru/eacq: intro/developer/token, api/init, api/get-state, api/confirm, api/cancel,
 * notification; summary in the project's integrations notes), never from an SDK (ADR 181):
 * - Every method is a JSON POST to /v2/<Method> carrying TerminalKey and Token; the Token is checked
 *   here with its own implementation of the documented rule (root scalars + Password, sorted by key,
 *   values concatenated, SHA-256). A wrong one → HTTP 200 {Success: false, ErrorCode: "204"}.
 * - Init {Amount (kopecks), OrderId, Description, PayType O|T, NotificationURL, Receipt{Items[{Price,
 *   Quantity, Amount, Tax, …}], Taxation, Email|Phone}} → {Success, ErrorCode "0", Status NEW,
 *   PaymentId (string), OrderId, Amount, PaymentURL}; the receipt's Amounts must add up to Amount.
 * - GetState {PaymentId} → {Success, Status, PaymentId, OrderId, Amount}.
 * - Confirm {PaymentId, Amount?} on AUTHORIZED → CONFIRMED.
 * - Cancel {PaymentId, Amount?, Receipt?, ExternalRequestId?}: AUTHORIZED → REVERSED; CONFIRMED →
 *   REFUNDED or PARTIAL_REFUNDED, with the refund receipt adding up to the Amount; a repeated
 *   ExternalRequestId gets the first answer.
 * `hang` makes it take requests and never answer (a timeout on the shop's side).
 */
import { createHash, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_TBANK_KEYS = { terminalKey: 'TestShopTerminal', password: 'fake-tbank-password-0123' } as const

type Json = Record<string, unknown>

export interface FakeTbankPayment {
  PaymentId: string
  OrderId: string
  Amount: number
  Status: string
  PayType: 'O' | 'T'
  refunded: number
  init: Json
}

/** The documented Token rule, written here on its own so that the shop's code is checked, not reused. */
export function fakeTbankToken(fields: Json, password: string): string {
  const entries = Object.entries({ ...fields, Password: password }).filter(([k, v]) => k !== 'Token' && v !== null && v !== undefined && typeof v !== 'object')
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash('sha256')
    .update(entries.map(([, v]) => String(v)).join(''))
    .digest('hex')
}

const receiptSum = (receipt: unknown) => ((receipt as { Items?: { Amount: number; Price: number; Quantity: number }[] } | undefined)?.Items ?? []).reduce((s, i) => s + i.Amount, 0)
const receiptConsistent = (receipt: unknown) => ((receipt as { Items?: { Amount: number; Price: number; Quantity: number }[] } | undefined)?.Items ?? []).every((i) => i.Price * i.Quantity === i.Amount)

export class FakeTbank {
  server: Server | null = null
  url = ''
  payments = new Map<string, FakeTbankPayment>()
  requests: { method: string; body: Json }[] = []
  /** Cancel answers by ExternalRequestId: a repeat gets the first. */
  private byRequestId = new Map<string, Json>()
  hang = false

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise((resolve) => this.server?.close(resolve))
  }

  get apiUrl(): string {
    return `${this.url}/v2/`
  }

  /** The buyer on the form: pays (held when two-stage) or is refused. */
  buyer(paymentId: string, outcome: 'pay' | 'fail'): void {
    const p = this.payments.get(paymentId)!
    p.Status = outcome === 'fail' ? 'REJECTED' : p.PayType === 'T' ? 'AUTHORIZED' : 'CONFIRMED'
  }

  /** The notification Т-Банк would send about a payment now, signed with `password`. */
  notification(paymentId: string, password: string = FAKE_TBANK_KEYS.password, override: Json = {}): Json {
    const p = this.payments.get(paymentId)!
    const body: Json = {
      TerminalKey: FAKE_TBANK_KEYS.terminalKey,
      OrderId: p.OrderId,
      Success: !['REJECTED', 'AUTH_FAIL'].includes(p.Status),
      Status: p.Status,
      PaymentId: Number(p.PaymentId),
      ErrorCode: '0',
      Amount: p.Amount,
      CardId: 3254,
      Pan: '430000******0777',
      ExpDate: '1130',
      ...override,
    }
    return { ...body, Token: fakeTbankToken(body, password) }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Json
    const method = (req.url ?? '').replace(/^\/v2\//, '')
    this.requests.push({ method, body })
    if (this.hang) return
    const send = (answer: Json) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer))
    }
    const fail = (ErrorCode: string, Message: string) => send({ Success: false, ErrorCode, Message, TerminalKey: body.TerminalKey })
    if (req.method !== 'POST') return fail('9999', 'POST only')
    if (body.TerminalKey !== FAKE_TBANK_KEYS.terminalKey) return fail('202', 'Терминал не найден')
    if (body.Token !== fakeTbankToken(body, FAKE_TBANK_KEYS.password)) return fail('204', 'Неверный токен')
    const ok = (p: FakeTbankPayment, extra: Json = {}) => send({ Success: true, ErrorCode: '0', TerminalKey: body.TerminalKey, Status: p.Status, PaymentId: p.PaymentId, OrderId: p.OrderId, Amount: p.Amount, ...extra })
    const p = body.PaymentId !== undefined ? this.payments.get(String(body.PaymentId)) : undefined
    switch (method) {
      case 'Init': {
        const amount = Number(body.Amount)
        if (body.Receipt && (receiptSum(body.Receipt) !== amount || !receiptConsistent(body.Receipt))) return fail('308', 'Сумма позиций чека не равна сумме платежа')
        const id = String(randomInt(1_000_000, 9_999_999))
        const payment: FakeTbankPayment = { PaymentId: id, OrderId: String(body.OrderId), Amount: amount, Status: 'NEW', PayType: body.PayType === 'T' ? 'T' : 'O', refunded: 0, init: body }
        this.payments.set(id, payment)
        return ok(payment, { PaymentURL: `${this.url}/pay/form/${id}` })
      }
      case 'GetState':
        return p ? ok(p) : fail('7', 'Платёж не найден')
      case 'Confirm':
        if (!p) return fail('7', 'Платёж не найден')
        if (p.Status !== 'AUTHORIZED') return fail('9', `Неверный статус ${p.Status}`)
        p.Status = 'CONFIRMED'
        return ok(p)
      case 'Cancel': {
        if (!p) return fail('7', 'Платёж не найден')
        const key = typeof body.ExternalRequestId === 'string' ? body.ExternalRequestId : null
        const seen = key ? this.byRequestId.get(key) : undefined
        if (seen) return send(seen)
        const amount = body.Amount === undefined ? p.Amount - p.refunded : Number(body.Amount)
        const original = p.Amount - p.refunded
        if (p.Status === 'AUTHORIZED') p.Status = 'REVERSED'
        else if (p.Status === 'CONFIRMED' || p.Status === 'PARTIAL_REFUNDED') {
          if (amount > original) return fail('9', 'Сумма возврата больше суммы платежа')
          if (body.Receipt && (receiptSum(body.Receipt) !== amount || !receiptConsistent(body.Receipt))) return fail('308', 'Сумма позиций чека не равна сумме возврата')
          p.refunded += amount
          p.Status = p.refunded >= p.Amount ? 'REFUNDED' : 'PARTIAL_REFUNDED'
        } else return fail('9', `Неверный статус ${p.Status}`)
        const answer: Json = { Success: true, ErrorCode: '0', TerminalKey: body.TerminalKey, Status: p.Status, PaymentId: p.PaymentId, OrderId: p.OrderId, OriginalAmount: original, NewAmount: p.Amount - p.refunded }
        if (key) this.byRequestId.set(key, answer)
        return send(answer)
      }
      default:
        return fail('9999', `Unknown method ${method}`)
    }
  }
}
