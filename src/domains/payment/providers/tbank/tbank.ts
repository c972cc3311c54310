import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { PaymentStatus } from '@/db/schema'
import { MARK_CODE_FIELDS, VAT_CODES, type Receipt } from '../../receipt'

/**
 * Т-Банк acquiring API v2 (ADR 181), the pure part: the Token signature, the wire shapes read with zod
 * at the edge, and the one place our receipt becomes Т-Банк's fields (developer.tbank.ru/eacq:
 * intro/developer/token, api/init, api/get-state, api/confirm, api/cancel, notification).
 * Amounts travel in kopecks, as ours do.
 */

/**
 * The Token: the root-level scalar values of the request (nested objects and arrays such as Receipt,
 * DATA, Items are left out) plus Password, sorted by key, values concatenated, SHA-256 in hex.
 * Booleans count as "true"/"false", numbers as their decimal text; Token itself never takes part.
 */
export function tbankToken(fields: Readonly<Record<string, unknown>>, password: string): string {
  const pairs: [string, string][] = [['Password', password]]
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'Token' || value === null || value === undefined || typeof value === 'object') continue
    pairs.push([key, String(value)])
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash('sha256').update(pairs.map(([, v]) => v).join(''), 'utf8').digest('hex')
}

/** A request with its Token added. */
export function signed<T extends Record<string, unknown>>(fields: T, password: string): T & { Token: string } {
  return { ...fields, Token: tbankToken(fields, password) }
}

/** Whether a notification's Token is the one its fields give with our password (timing-safe). */
export function tokenValid(fields: Readonly<Record<string, unknown>>, password: string): boolean {
  const given = typeof fields.Token === 'string' && /^[0-9a-f]{64}$/i.test(fields.Token) ? Buffer.from(fields.Token.toLowerCase(), 'hex') : Buffer.alloc(0)
  const expected = Buffer.from(tbankToken(fields, password), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Т-Банк names payments by a number, sent as a string in answers and as a number in notifications. */
const paymentIdField = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform(String)

export const TBANK_STATUSES = [
  'NEW',
  'FORM_SHOWED',
  'AUTHORIZING',
  '3DS_CHECKING',
  '3DS_CHECKED',
  'AUTHORIZED',
  'CONFIRMING',
  'CONFIRMED',
  'REVERSING',
  'PARTIAL_REVERSED',
  'REVERSED',
  'REFUNDING',
  'PARTIAL_REFUNDED',
  'REFUNDED',
  'REJECTED',
  'AUTH_FAIL',
  'DEADLINE_EXPIRED',
  'CANCELED',
] as const
/** A status this code does not know is read as still open, never as money in or out. */
const status = z.string().max(40)

/** Every answer carries Success and ErrorCode ("0": none); a refusal is Success false with its Message. */
export const tbankEnvelope = z.looseObject({ Success: z.boolean(), ErrorCode: z.string().optional(), Message: z.string().optional(), Details: z.string().optional() })

export function refusalOf(raw: unknown): string | null {
  const parsed = tbankEnvelope.safeParse(raw)
  if (!parsed.success) return null
  if (parsed.data.Success && (parsed.data.ErrorCode ?? '0') === '0') return null
  return `${parsed.data.ErrorCode ?? '?'}: ${parsed.data.Message ?? ''} ${parsed.data.Details ?? ''}`.trim()
}

export const tbankInitAnswer = z.looseObject({
  Success: z.literal(true),
  Status: status,
  PaymentId: paymentIdField,
  OrderId: z.string(),
  Amount: z.number().int(),
  PaymentURL: z.string().url(),
})

export const tbankStateAnswer = z.looseObject({
  Success: z.literal(true),
  Status: status,
  PaymentId: paymentIdField,
  OrderId: z.string(),
  Amount: z.number().int().optional(),
})
export type TbankState = z.infer<typeof tbankStateAnswer>

export const tbankCancelAnswer = z.looseObject({
  Success: z.literal(true),
  Status: status,
  PaymentId: paymentIdField,
  OriginalAmount: z.number().int().optional(),
  NewAmount: z.number().int().optional(),
})

/** POST /payment/notify/tbank/: the notification as sent; its Token is checked against every root field. */
export const tbankNotification = z.looseObject({
  TerminalKey: z.string().max(64),
  OrderId: z.string().max(64),
  Success: z.boolean(),
  Status: status,
  PaymentId: z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]),
  Amount: z.number().int().nonnegative(),
  Token: z.string().max(128),
})
export type TbankNotification = z.infer<typeof tbankNotification>

/**
 * Our payment status for Т-Банк's. AUTHORIZED is a hold only in a two-stage payment; in a one-stage
 * one the bank confirms by itself, so it is still pending. A reversed hold or a refused card ends the
 * attempt; refunds are our own records (payment_refunds), so a refunded payment still came in.
 */
export function statusOfTbank(tbank: string, twoStage: boolean): PaymentStatus | null {
  switch (tbank) {
    case 'NEW':
    case 'FORM_SHOWED':
    case 'AUTHORIZING':
    case '3DS_CHECKING':
    case '3DS_CHECKED':
    case 'CONFIRMING':
      return 'pending'
    case 'AUTHORIZED':
      return twoStage ? 'waiting_for_capture' : 'pending'
    case 'CONFIRMED':
    case 'REFUNDING':
    case 'PARTIAL_REFUNDED':
    case 'REFUNDED':
      return 'succeeded'
    case 'REVERSED':
    case 'REJECTED':
    case 'AUTH_FAIL':
    case 'DEADLINE_EXPIRED':
    case 'CANCELED':
      return 'failed'
    default:
      // REVERSING, PARTIAL_REVERSED, anything new: not a final word we act on.
      return null
  }
}

export type TbankTaxation = 'osn' | 'usn_income' | 'usn_income_outcome' | 'esn' | 'patent'

export interface TbankReceiptItem {
  Name: string
  Price: number
  Quantity: number
  Amount: number
  Tax: string
  PaymentMethod: 'full_prepayment'
  PaymentObject: 'commodity' | 'service'
  MeasurementUnit: 'шт'
  MarkProcessingMode?: '0'
  MarkCode?: { MarkCodeType: string; Value: string }
}

export interface TbankReceipt {
  FfdVersion: '1.2'
  Taxation: TbankTaxation
  Email?: string
  Phone?: string
  Items: TbankReceiptItem[]
}

/** "+7 (912) 345-67-89" as Т-Банк's receipts take it: +79123456789. */
export function tbankPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('8')) return `+7${digits.slice(1)}`
  if (digits.length === 10) return `+7${digits}`
  return `+${digits}`
}

/**
 * Our receipt in Т-Банк's fields: Price of one piece and Amount of the line, both in kopecks. The
 * builder already refused rates without a Т-Банк code (the 22 % rate, ADR 181).
 */
export function toTbankReceipt(receipt: Receipt, taxation: TbankTaxation): TbankReceipt {
  const contact = receipt.customer.email ? { Email: receipt.customer.email } : { Phone: tbankPhone(receipt.customer.phone ?? '') }
  return {
    FfdVersion: '1.2',
    Taxation: taxation,
    ...contact,
    Items: receipt.lines.map((l) => {
      const item: TbankReceiptItem = {
        Name: l.name.slice(0, 128),
        Price: l.price,
        Quantity: l.quantity,
        Amount: l.amount,
        Tax: String(VAT_CODES[l.vat].tbank),
        PaymentMethod: l.mode,
        PaymentObject: l.subject,
        MeasurementUnit: 'шт',
      }
      // A piece's code is known only once scanned; a prepayment receipt usually carries none (ADR 172).
      if (l.mark?.code) {
        item.MarkProcessingMode = '0'
        item.MarkCode = { MarkCodeType: MARK_CODE_FIELDS[l.mark.type].tbank, Value: l.mark.code }
      }
      return item
    }),
  }
}
