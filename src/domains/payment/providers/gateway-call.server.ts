import 'server-only'
import { randomUUID } from 'node:crypto'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { db } from '@/db/client'
import { paymentEvents } from '@/db/schema'
import { logger } from '@/lib/logger'

/**
 * The stored call of a payment gateway (ADR 181, 182): one HTTP request with a timeout, its answer
 * read with the gateway's zod schema, and one payment_events row with what went and what came back.
 * Т-Банк and Долями use it; ЮKassa keeps its own client for now (moving it here is a later change).
 * node:https rather than fetch, so a gateway that wants a client certificate (Долями's mTLS) goes the
 * same way as one that does not.
 */

export type CallFailureKind = 'not-configured' | 'timeout' | 'network' | 'http' | 'declined' | 'bad-answer'
export type CallFailure = { ok: false; kind: CallFailureKind; status: number | null; error: string }
export type CallResult<T> = { ok: true; status: number; body: T } | CallFailure

/** A client certificate and key (PEM), and the server's CA when it is not a public one. */
export interface ClientTls {
  cert: string
  key: string
  ca?: string
}

export interface GatewayCall<S extends z.ZodType> {
  /** payment_events.provider */
  provider: string
  url: URL
  method: 'GET' | 'POST'
  /** As logged: 'Init', 'POST orders/create'. */
  operation: string
  headers?: Record<string, string>
  body?: unknown
  /** What is stored of the request, when the body carries something not to keep; default the body. */
  logged?: unknown
  /** Ours, one per call; a gateway that takes one gets it in a header (Долями's X-Correlation-ID). */
  requestId?: string
  idempotenceKey?: string | null
  answer: S
  timeoutMs: number
  tls?: ClientTls
  /** A refusal inside a 2xx answer (Т-Банк's Success: false), as its text; null: none. */
  refusalOf?: (raw: unknown) => string | null
  paymentId?: number | null
  refundId?: number | null
  objectId?: string | null
}

interface RawAnswer {
  status: number
  text: string
}

function send(call: GatewayCall<z.ZodType>, payload: string | undefined): Promise<RawAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers }
  if (payload !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(payload))
  }
  const https = call.url.protocol === 'https:'
  return new Promise((resolve, reject) => {
    // A fresh connection per call (agent: false): a kept-alive socket the server closes while idle
    // (Node's servers do after 5 s) fails the next call with ECONNRESET, which would read as an outage.
    const options = { method: call.method, headers, agent: false, ...(https && call.tls ? { cert: call.tls.cert, key: call.tls.key, ...(call.tls.ca ? { ca: call.tls.ca } : {}) } : {}) }
    const onAnswer = (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    }
    const req = https ? httpsRequest(call.url, options, onAnswer) : httpRequest(call.url, options, onAnswer)
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer in ${call.timeoutMs} ms`), { name: 'TimeoutError' })), call.timeoutMs)
    req.on('error', reject)
    req.on('close', () => clearTimeout(timer))
    req.end(payload)
  })
}

export async function gatewayCall<S extends z.ZodType>(call: GatewayCall<S>): Promise<CallResult<z.output<S>>> {
  const requestId = call.requestId ?? randomUUID()
  let result: CallResult<z.output<S>>
  let raw: unknown = null
  try {
    const answer = await send(call, call.method === 'POST' ? JSON.stringify(call.body ?? {}) : undefined)
    try {
      raw = answer.text ? JSON.parse(answer.text) : null
    } catch {
      raw = answer.text.slice(0, 2000)
    }
    const refusal = call.refusalOf?.(raw) ?? null
    if (answer.status < 200 || answer.status >= 300) result = { ok: false, kind: 'http', status: answer.status, error: describe(raw) ?? `HTTP ${answer.status}` }
    else if (refusal !== null) result = { ok: false, kind: 'declined', status: answer.status, error: refusal }
    else {
      const parsed = call.answer.safeParse(raw)
      result = parsed.success ? { ok: true, status: answer.status, body: parsed.data } : { ok: false, kind: 'bad-answer', status: answer.status, error: 'unexpected answer' }
    }
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    result = { ok: false, kind: timeout ? 'timeout' : 'network', status: null, error: error instanceof Error ? error.message : String(error) }
  }
  await logCall(call, requestId, result, raw)
  return result
}

function describe(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return typeof raw === 'string' && raw ? raw.slice(0, 200) : null
  for (const key of ['description', 'message', 'Message', 'Details', 'type']) {
    const value = (raw as Record<string, unknown>)[key]
    if (typeof value === 'string' && value) return value
  }
  return null
}

async function logCall(call: GatewayCall<z.ZodType>, requestId: string, result: CallResult<unknown>, raw: unknown): Promise<void> {
  try {
    await db()
      .insert(paymentEvents)
      .values({
        paymentId: call.paymentId ?? null,
        refundId: call.refundId ?? null,
        provider: call.provider,
        kind: 'call',
        operation: call.operation,
        requestId,
        idempotenceKey: call.idempotenceKey ?? null,
        objectId: call.objectId ?? null,
        httpStatus: result.status,
        request: call.logged ?? call.body ?? null,
        response: raw ?? null,
        error: result.ok ? null : `${result.kind}: ${result.error}`.slice(0, 500),
      })
  } catch (error) {
    // The log must never turn a call that went through into one we think failed.
    logger.warn({ error: error instanceof Error ? error.message : String(error), operation: call.operation }, 'payment event not logged')
  }
}

/** A notification as it came, before anything is done with it (R6: replays read it from here). */
export async function storeNotification(provider: string, operation: string, body: unknown, paymentId: number | null, objectId: string | null): Promise<number> {
  const [row] = await db()
    .insert(paymentEvents)
    .values({ paymentId, provider, kind: 'notification', operation, requestId: randomUUID(), objectId, request: body })
    .returning({ id: paymentEvents.id })
  return row!.id
}

/** The object a stored notification named, for its replay; null: no such notification of this gateway. */
export async function notifiedObject(eventId: number, provider: string): Promise<string | null> {
  const [event] = await db()
    .select({ objectId: paymentEvents.objectId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.id, eventId), eq(paymentEvents.kind, 'notification'), eq(paymentEvents.provider, provider)))
  return event?.objectId ?? null
}

/** Kopecks as roubles with two decimals: 129050 → "1290.50". */
export function roubles(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : ''
  const abs = Math.abs(kopecks)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** "1290.5", "1290.50" or 1290.5 to 129050; null for anything that is not a sum of money. */
export function kopecksOfRoubles(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? value.toFixed(2) : '') : value
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'))
}

/** A PEM setting: the PEM text itself, or the path of a file holding it. */
export function pemOf(setting: string, read: (path: string) => string): string {
  return setting.includes('-----BEGIN') ? setting.replace(/\\n/g, '\n') : read(setting)
}
