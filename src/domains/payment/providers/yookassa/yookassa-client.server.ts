import 'server-only'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { db } from '@/db/client'
import { paymentEvents } from '@/db/schema'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'

/**
 * Our own small fetch client of ЮKassa API v3 (ADR 173): HTTP Basic with the shop id and secret key,
 * an Idempotence-Key on every POST (the caller's, so a retry after a timeout sends the same one), a
 * timeout from the settings, and one payment_events row per call with what went and what came back.
 */

export interface YookassaSettings {
  shopId: string
  secretKey: string
  apiUrl: string
  timeoutMs: number
  twoStage: boolean
  networks: string
}

/** Null while the shop id or the secret key is missing: ЮKassa is then not offered. */
export function yookassaSettings(): YookassaSettings | null {
  const e = env()
  if (!e.YOOKASSA_SHOP_ID || !e.YOOKASSA_SECRET_KEY) return null
  return {
    shopId: e.YOOKASSA_SHOP_ID,
    secretKey: e.YOOKASSA_SECRET_KEY,
    apiUrl: e.YOOKASSA_API_URL.endsWith('/') ? e.YOOKASSA_API_URL : `${e.YOOKASSA_API_URL}/`,
    timeoutMs: e.YOOKASSA_TIMEOUT_MS,
    twoStage: e.YOOKASSA_TWO_STAGE === 'true',
    networks: e.YOOKASSA_NOTIFY_NETWORKS,
  }
}

export type CallFailure = { ok: false; kind: 'not-configured' | 'timeout' | 'network' | 'http' | 'bad-answer'; status: number | null; error: string }
export type CallResult<T> = { ok: true; status: number; body: T } | CallFailure

export interface Call<S extends z.ZodType> {
  method: 'GET' | 'POST'
  /** Relative to the API's base: 'payments', 'payments/{id}/capture', 'refunds'. */
  path: string
  /** The operation as logged: 'POST /payments'. */
  operation: string
  body?: unknown
  idempotenceKey?: string
  answer: S
  /** Which of our rows the call is about, for the log. */
  paymentId?: number | null
  refundId?: number | null
  objectId?: string | null
}

export async function yookassaCall<S extends z.ZodType>(call: Call<S>): Promise<CallResult<z.output<S>>> {
  const settings = yookassaSettings()
  if (!settings) return { ok: false, kind: 'not-configured', status: null, error: 'ЮKassa is not configured' }
  if (call.method === 'POST' && !call.idempotenceKey) throw new Error('ЮKassa POST without an Idempotence-Key')
  const requestId = randomUUID()
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`,
    accept: 'application/json',
  }
  if (call.method === 'POST') {
    headers['content-type'] = 'application/json'
    headers['idempotence-key'] = call.idempotenceKey!
  }
  let result: CallResult<z.output<S>>
  let raw: unknown = null
  const send = () =>
    fetch(new URL(call.path, settings.apiUrl), {
      method: call.method,
      headers,
      body: call.method === 'POST' ? JSON.stringify(call.body ?? {}) : undefined,
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
  try {
    // One more try when the connection itself failed (not a timeout): a kept-alive socket the other
    // side closed while idle fails the next request at once. Safe to repeat: a GET reads, and a POST
    // carries its Idempotence-Key, so ЮKassa answers the first result (ADR 173, 183).
    const response = await send().catch((error: unknown) => {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error
      return send()
    })
    const text = await response.text()
    try {
      raw = text ? JSON.parse(text) : null
    } catch {
      raw = text.slice(0, 2000)
    }
    if (!response.ok) {
      const description = raw && typeof raw === 'object' && 'description' in raw ? String((raw as { description: unknown }).description) : `HTTP ${response.status}`
      result = { ok: false, kind: 'http', status: response.status, error: description }
    } else {
      const parsed = call.answer.safeParse(raw)
      result = parsed.success ? { ok: true, status: response.status, body: parsed.data } : { ok: false, kind: 'bad-answer', status: response.status, error: 'unexpected answer' }
    }
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    result = { ok: false, kind: timeout ? 'timeout' : 'network', status: null, error: error instanceof Error ? error.message : String(error) }
  }
  await logCall(call, requestId, result, raw)
  return result
}

async function logCall<S extends z.ZodType>(call: Call<S>, requestId: string, result: CallResult<unknown>, raw: unknown): Promise<void> {
  const objectId = call.objectId ?? (result.ok && raw && typeof raw === 'object' && 'id' in raw ? String((raw as { id: unknown }).id) : null)
  try {
    await db()
      .insert(paymentEvents)
      .values({
        paymentId: call.paymentId ?? null,
        refundId: call.refundId ?? null,
        provider: 'yookassa',
        kind: 'call',
        operation: call.operation,
        requestId,
        idempotenceKey: call.idempotenceKey ?? null,
        objectId,
        httpStatus: result.status,
        request: call.body ?? null,
        response: raw ?? null,
        error: result.ok ? null : `${result.kind}: ${result.error}`.slice(0, 500),
      })
  } catch (error) {
    // The log must never turn a call that went through into one we think failed.
    logger.warn({ error: error instanceof Error ? error.message : String(error), operation: call.operation }, 'payment event not logged')
  }
}
