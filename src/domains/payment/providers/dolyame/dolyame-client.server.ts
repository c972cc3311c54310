import 'server-only'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { z } from 'zod'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { DOLYAME_GATEWAY } from './dolyame'
import { gatewayCall, pemOf, type CallResult, type ClientTls } from '../gateway-call.server'

/**
 * Долями partner API through the stored gateway call (ADR 182): HTTP Basic with the login and
 * password, the shop's client certificate (mTLS), an X-Correlation-ID on every call.
 */

export interface DolyameSettings {
  login: string
  password: string
  apiUrl: string
  timeoutMs: number
  tls: ClientTls
}

/**
 * Null while login, password, certificate or key is missing (Долями is then not offered), or while a
 * PEM file named by a setting cannot be read (logged: the owner sees why it is off).
 */
export function dolyameSettings(): DolyameSettings | null {
  const e = env()
  if (!e.DOLYAME_LOGIN || !e.DOLYAME_PASSWORD || !e.DOLYAME_CERT || !e.DOLYAME_KEY) return null
  try {
    const read = (path: string) => readFileSync(path, 'utf8')
    return {
      login: e.DOLYAME_LOGIN,
      password: e.DOLYAME_PASSWORD,
      apiUrl: e.DOLYAME_API_URL.endsWith('/') ? e.DOLYAME_API_URL : `${e.DOLYAME_API_URL}/`,
      timeoutMs: e.DOLYAME_TIMEOUT_MS,
      tls: { cert: pemOf(e.DOLYAME_CERT, read), key: pemOf(e.DOLYAME_KEY, read), ...(e.DOLYAME_CA ? { ca: pemOf(e.DOLYAME_CA, read) } : {}) },
    }
  } catch (error) {
    logger.error({ error: error instanceof Error ? error.message : String(error) }, 'Долями: the certificate or key file cannot be read')
    return null
  }
}

export interface DolyameCall<S extends z.ZodType> {
  method: 'GET' | 'POST'
  /** Relative to the base: 'orders/create', 'orders/{id}/commit'. */
  path: string
  operation: string
  body?: unknown
  answer: S
  /** The X-Correlation-ID; a new one when not given. */
  correlationId?: string
  paymentId?: number | null
  refundId?: number | null
  objectId?: string | null
}

export async function dolyameCall<S extends z.ZodType>(call: DolyameCall<S>): Promise<CallResult<z.output<S>>> {
  const settings = dolyameSettings()
  if (!settings) return { ok: false, kind: 'not-configured', status: null, error: 'Долями is not configured' }
  const correlationId = call.correlationId ?? randomUUID()
  return gatewayCall({
    provider: DOLYAME_GATEWAY,
    url: new URL(call.path, settings.apiUrl),
    method: call.method,
    operation: call.operation,
    headers: {
      authorization: `Basic ${Buffer.from(`${settings.login}:${settings.password}`).toString('base64')}`,
      'x-correlation-id': correlationId,
    },
    body: call.body,
    requestId: correlationId,
    idempotenceKey: correlationId,
    answer: call.answer,
    timeoutMs: settings.timeoutMs,
    tls: settings.tls,
    paymentId: call.paymentId ?? null,
    refundId: call.refundId ?? null,
    objectId: call.objectId ?? null,
  })
}
