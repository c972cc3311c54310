import { BlockList, isIP } from 'node:net'
import { z } from 'zod'
import type { PaymentStatus } from '@/db/schema'
import { MARK_CODE_FIELDS, VAT_CODES, type Receipt } from '../../receipt'

/**
 * ЮKassa API v3 (ADR 173), the pure part: its wire shapes, read with zod at the edge, and the one
 * place our types become its fields (yookassa.ru/developers: payments, refunds, 54fz, webhooks).
 * Amounts travel as roubles with two decimals in a string ("1290.50"); inside they are kopecks.
 */

export function toValue(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : ''
  const abs = Math.abs(kopecks)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** "1290.5" or "1290.50" to 129050; null for anything that is not a sum of money. */
export function kopecksOf(value: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'))
}

const amount = z.object({ value: z.string(), currency: z.string() })

export const yookassaPayment = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount,
  paid: z.boolean().optional(),
  test: z.boolean().optional(),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
  receipt_registration: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  /** Two-stage: until when ЮKassa holds the money; after it ЮKassa cancels the payment itself. */
  expires_at: z.string().optional(),
})
export type YookassaPayment = z.infer<typeof yookassaPayment>

export const yookassaRefund = z.object({
  id: z.string().min(1).max(64),
  payment_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount,
  receipt_registration: z.string().optional(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
})
export type YookassaRefund = z.infer<typeof yookassaRefund>

/** A receipt as ЮKassa reports it (POST /receipts, GET /receipts?payment_id=…, GET /receipts/{id}). */
export const yookassaReceiptObject = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(['payment', 'refund']),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  payment_id: z.string().optional(),
  refund_id: z.string().optional(),
})
export type YookassaReceiptObject = z.infer<typeof yookassaReceiptObject>

export const yookassaReceiptList = z.object({ type: z.literal('list'), items: z.array(yookassaReceiptObject) })

/** POST /payment/notify/yookassa/: the notification's envelope; the object is re-read before acting. */
export const yookassaNotification = z.object({
  type: z.literal('notification'),
  event: z.string().regex(/^[a-z_]+\.[a-z_]+$/).max(64),
  object: z.looseObject({ id: z.string().min(1).max(64) }),
})
export type YookassaNotification = z.infer<typeof yookassaNotification>

/** Our payment status for ЮKassa's: 'canceled' before the money was taken is a declined payment. */
export function statusOf(payment: YookassaPayment): PaymentStatus {
  switch (payment.status) {
    case 'pending':
      return 'pending'
    case 'waiting_for_capture':
      return 'waiting_for_capture'
    case 'succeeded':
      return 'succeeded'
    case 'canceled':
      return 'failed'
  }
}

/** ЮKassa wants the phone as digits in international form: 79123456789. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`
  if (digits.length === 10) return `7${digits}`
  return digits
}

export interface YookassaReceiptItem {
  description: string
  quantity: number
  amount: { value: string; currency: 'RUB' }
  vat_code: number
  payment_subject: 'commodity' | 'service'
  /** full_prepayment at payment; full_payment in the settlement receipt at shipment (ADR 183). */
  payment_mode: 'full_prepayment' | 'full_payment'
  measure: 'piece'
  mark_code_info?: Record<string, string>
  mark_mode?: '0'
}

export interface YookassaReceipt {
  customer: { email?: string; phone?: string }
  items: YookassaReceiptItem[]
}

/**
 * Our receipt in ЮKassa's fields: `amount` of an item is the price of one piece. The receipt builder
 * refused rates without a ЮKassa code already, so every rate here has one.
 */
export function toYookassaReceipt(receipt: Receipt, mode: YookassaReceiptItem['payment_mode'] = 'full_prepayment'): YookassaReceipt {
  const customer = receipt.customer.email ? { email: receipt.customer.email } : { phone: phoneDigits(receipt.customer.phone ?? '') }
  return {
    customer,
    items: receipt.lines.map((l) => {
      const item: YookassaReceiptItem = {
        description: l.name.slice(0, 128),
        quantity: l.quantity,
        amount: { value: toValue(l.price), currency: 'RUB' },
        vat_code: Number(VAT_CODES[l.vat].yookassa),
        payment_subject: l.subject,
        payment_mode: mode === 'full_payment' ? mode : l.mode,
        measure: l.measure,
      }
      // The piece's code is known only once scanned; a prepayment receipt carries none (ADR 172).
      if (l.mark?.code) {
        item.mark_code_info = { [MARK_CODE_FIELDS[l.mark.type].yookassa]: l.mark.code }
        item.mark_mode = '0'
      }
      return item
    }),
  }
}

/** The notification networks setting ("185.71.76.0/27 77.75.156.11 …") as a list to check against. */
export function networkList(spec: string): BlockList {
  const list = new BlockList()
  for (const entry of spec.split(/[\s,]+/).filter(Boolean)) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address)
    if (!family) continue
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return list
}

export function fromNetworks(ip: string, spec: string): boolean {
  const family = isIP(ip)
  if (!family) return false
  return networkList(spec).check(ip, family === 6 ? 'ipv6' : 'ipv4')
}

/**
 * POST /receipts: the settlement receipt («чек зачёта предоплаты», ADR 183) of a prepaid order at
 * shipment: the same goods as full_payment, settled by the prepayment already received, with the
 * marked pieces' codes the warehouse entered.
 */
export function settlementReceiptBody(receipt: Receipt, paymentId: string): Record<string, unknown> {
  const { customer, items } = toYookassaReceipt(receipt, 'full_payment')
  return {
    customer,
    payment_id: paymentId,
    type: 'payment',
    send: true,
    items,
    settlements: [{ type: 'prepayment', amount: { value: toValue(receipt.total), currency: 'RUB' } }],
  }
}
