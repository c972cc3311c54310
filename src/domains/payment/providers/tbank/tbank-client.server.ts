import 'server-only'
import type { z } from 'zod'
import { env } from '@/lib/env'
import { gatewayCall, type CallResult } from '../gateway-call.server'
import { refusalOf, signed, type TbankTaxation } from './tbank'

/**
 * Т-Банк acquiring API v2 through the stored gateway call (ADR 181): JSON POSTs to `<base><Method>`,
 * each signed with the Token; a refusal comes as HTTP 200 with Success false and is a 'declined' call.
 */

export interface TbankSettings {
  terminalKey: string
  password: string
  apiUrl: string
  timeoutMs: number
  twoStage: boolean
  taxation: TbankTaxation
}

/** Null while the terminal key or the password is missing: Т-Банк is then not offered. */
export function tbankSettings(): TbankSettings | null {
  const e = env()
  if (!e.TBANK_TERMINAL_KEY || !e.TBANK_PASSWORD) return null
  return {
    terminalKey: e.TBANK_TERMINAL_KEY,
    password: e.TBANK_PASSWORD,
    apiUrl: e.TBANK_API_URL.endsWith('/') ? e.TBANK_API_URL : `${e.TBANK_API_URL}/`,
    timeoutMs: e.TBANK_TIMEOUT_MS,
    twoStage: e.TBANK_TWO_STAGE === 'true',
    taxation: e.TBANK_TAXATION,
  }
}

export interface TbankCall<S extends z.ZodType> {
  method: 'Init' | 'GetState' | 'Confirm' | 'Cancel'
  /** The request's fields without TerminalKey and Token, which are added here. */
  fields: Record<string, unknown>
  answer: S
  idempotenceKey?: string | null
  paymentId?: number | null
  refundId?: number | null
  objectId?: string | null
}

export async function tbankCall<S extends z.ZodType>(call: TbankCall<S>): Promise<CallResult<z.output<S>>> {
  const settings = tbankSettings()
  if (!settings) return { ok: false, kind: 'not-configured', status: null, error: 'Т-Банк is not configured' }
  const body = signed({ TerminalKey: settings.terminalKey, ...call.fields }, settings.password)
  return gatewayCall({
    provider: 'tbank',
    url: new URL(call.method, settings.apiUrl),
    method: 'POST',
    operation: call.method,
    body,
    idempotenceKey: call.idempotenceKey ?? null,
    answer: call.answer,
    timeoutMs: settings.timeoutMs,
    refusalOf,
    paymentId: call.paymentId ?? null,
    refundId: call.refundId ?? null,
    objectId: call.objectId ?? null,
  })
}
