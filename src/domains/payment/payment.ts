/**
 * Payment methods as providers behind one interface, keyed by the pay system's code (conventions 7).
 * The card and instalment providers use the built-in sandbox page, which can succeed or fail on demand;
 * 'bill' issues an invoice and 'cash' is paid on receipt.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PaymentStatus } from '@/db/schema'
import { env } from '@/lib/env'
import type { Kopecks } from '@/lib/money'
import { testHook } from '@/lib/test-hooks'
import { dolyameProvider } from './providers/dolyame/dolyame.provider'
import { tbankProvider } from './providers/tbank/tbank.provider'
import { yookassaProvider } from './providers/yookassa/yookassa.provider'
import type { Receipt, ReceiptProvider } from './receipt'

export type PaymentCode = 'card' | 'dolyame' | 'bill' | 'cash'

/** Real acquirers, each a module under providers/ (ADR 173, 181, 182). */
export type GatewayCode = 'yookassa' | 'tbank' | 'dolyame-api'

export interface PaymentProvider {
  /** The pay system's code for the built-in ones, the gateway's for a real acquirer (payments.provider). */
  readonly code: PaymentCode | GatewayCode
  /** Paid on a provider's page before the order ships: the order waits in 'awaiting_payment'. */
  readonly online: boolean
  /** Where 'Оплатить' leads for an order, or null when there is nothing to pay online. */
  payUrl(order: { id: number; paymentToken: string }): string | null
  /** A printable document the buyer gets instead (the invoice), or null. */
  documentUrl(order: { id: number }): string | null
  /**
   * Sends money of a payment back (ADR 155). `refundKey` is ours and the same on every retry, so a
   * provider that keys refunds by it never pays twice. Never called inside a database transaction.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>
  /** A provider that sends 54-ФЗ receipts names its dialect of the VAT and marking tables (ADR 172). */
  readonly fiscal?: ReceiptProvider
  /** How its payment row starts (ADR 173): a gateway that names payments itself starts at 'created'. */
  readonly opening?: () => { status: PaymentStatus; twoStage: boolean }
}

export interface RefundRequest {
  refundKey: string
  /** The id the provider knows the payment by. */
  paymentExternalId: string
  amount: Kopecks
  /** The refund receipt of the returned lines, for a fiscal provider. */
  receipt?: Receipt
}

export type RefundOutcome = { ok: true; providerRefundId: string; receiptStatus?: string | null } | { ok: false; error: string }

/** The sandbox refunds or, for the tests of the failure path, declines on demand. */
export const sandboxRefunds = testHook<'accept' | 'decline'>('sandbox refunds', 'accept')

/**
 * The sandbox moves no money, so its refund is the record alone: it accepts and names the refund
 * after our key, and the caller stores that in payment_refunds.
 */
async function sandboxRefund(request: RefundRequest): Promise<RefundOutcome> {
  if (sandboxRefunds() === 'decline') return { ok: false, error: 'sandbox: refund declined' }
  return { ok: true, providerRefundId: `sandbox-refund:${request.refundKey}` }
}

/** Nothing was charged online, so there is nothing a provider could send back. */
async function noOnlineRefund(): Promise<RefundOutcome> {
  return { ok: false, error: 'no online payment to refund' }
}

const sandbox = (code: PaymentCode): PaymentProvider => ({
  code,
  online: true,
  payUrl: (order) => `/payment/sandbox/?token=${encodeURIComponent(order.paymentToken)}`,
  documentUrl: () => null,
  refund: sandboxRefund,
})

const PROVIDERS: Record<PaymentCode, PaymentProvider> = {
  card: sandbox('card'),
  dolyame: sandbox('dolyame'),
  bill: { code: 'bill', online: false, payUrl: () => null, documentUrl: (o) => `/payment/invoice/?ORDER_ID=${o.id}`, refund: noOnlineRefund },
  cash: { code: 'cash', online: false, payUrl: () => null, documentUrl: () => null, refund: noOnlineRefund },
}

/**
 * Real acquirers by their code, each with the pay systems it serves once its keys are set (ADR 173,
 * 181, 182): a card order goes to ЮKassa or Т-Банк, a Долями order to Долями, otherwise to the sandbox.
 * With both card gateways set, CARD_GATEWAY names the one; unset, the first in this list (ADR 181).
 */
const GATEWAYS: readonly { provider: PaymentProvider; serves: readonly PaymentCode[]; configured: () => boolean }[] = [
  { provider: yookassaProvider, serves: ['card'], configured: yookassaProvider.configured },
  { provider: tbankProvider, serves: ['card'], configured: tbankProvider.configured },
  { provider: dolyameProvider, serves: ['dolyame'], configured: dolyameProvider.configured },
]

/**
 * The provider of a pay system's code (what checkout offers) or of a payment row's `provider` (a
 * gateway's code). Unknown codes behave as cash: nothing is charged online.
 */
export function paymentProvider(code: string): PaymentProvider {
  for (const g of GATEWAYS) if (g.provider.code === code) return g.provider
  const serving = GATEWAYS.filter((g) => (g.serves as readonly string[]).includes(code) && g.configured())
  const chosen = serving.find((g) => g.provider.code === env().CARD_GATEWAY) ?? serving[0]
  if (chosen) return chosen.provider
  return (PROVIDERS as Record<string, PaymentProvider | undefined>)[code] ?? PROVIDERS.cash
}

/**
 * The provider a payment row went through, by its stored code only: a sandbox payment ('card') stays
 * the sandbox's after ЮKassa's keys are set, so its refund never goes to a provider that never saw it.
 */
export function providerOfPayment(code: string): PaymentProvider {
  for (const g of GATEWAYS) if (g.provider.code === code) return g.provider
  return (PROVIDERS as Record<string, PaymentProvider | undefined>)[code] ?? PROVIDERS.cash
}

// ---------- signed callbacks ----------

export interface CallbackPayload {
  paymentId: string
  status: 'succeeded' | 'failed'
  /** Kopecks, as a decimal string: the amount the provider charged. */
  amount: string
}

function canonical(p: CallbackPayload): string {
  return `${p.paymentId}|${p.status}|${p.amount}`
}

export function signCallback(payload: CallbackPayload, secret: string): string {
  return createHmac('sha256', secret).update(canonical(payload)).digest('hex')
}

export function verifyCallback(payload: CallbackPayload, signature: string, secret: string): boolean {
  const expected = Buffer.from(signCallback(payload, secret), 'hex')
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

// ---------- instalments ('dolyame'): in instalments.ts, which the browser can load ----------

export { INSTALMENT_FEE_NOTE, INSTALMENT_WEEKS, instalmentPart, instalments, type Instalment } from './instalments'
