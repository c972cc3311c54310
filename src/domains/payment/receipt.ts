import { netLineSums, piecesAmount } from './refund'

/**
 * 54-ФЗ receipts (ADR 172), the pure part: from an order's lines, its coupon and its delivery to the
 * lines of a receipt whose sum is exactly the amount charged, in kopecks. Providers translate the
 * result into their own fields at their edge (providers/yookassa/yookassa.ts); the VAT rates and the
 * marking code types are data tables here, so a new rate (22 % from 2026-01-01) is a row, not code.
 */

/** Our VAT rates. 'none': the seller pays no VAT (УСН); an offer's vatPercent 0 means this (ADR 172). */
export const VAT_RATES = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22'] as const
export type VatRate = (typeof VAT_RATES)[number]

/** The offers' integer percent (offers.vatPercent) to our rate; null: a percent we have no rate for. */
export function vatRateOf(percent: number): VatRate | null {
  const rate = percent === 0 ? 'none' : `vat${percent}`
  return (VAT_RATES as readonly string[]).includes(rate) ? (rate as VatRate) : null
}

export const RECEIPT_PROVIDERS = ['yookassa', 'tbank', 'dolyame'] as const
export type ReceiptProvider = (typeof RECEIPT_PROVIDERS)[number]

/**
 * Each provider's code of each rate; null: the provider documents no code for it, and a receipt with
 * that rate is refused rather than sent with a wrong one. Sources: ЮKassa 54fz/parameters-values
 * (codes 11 and 12 for 22 % and 22/122 from 2026-01-01); Т-Банк acquiring API, Receipt.Items.Tax
 * (spec v1.80 lists no 22 % value, and none was found when the Т-Банк provider was written, ADR 181:
 * a 22 % line is refused for Т-Банк until its documentation names one). Долями takes items without
 * VAT (its column only lets the builder split the lines; ADR 182).
 */
export const VAT_CODES: Readonly<Record<VatRate, Readonly<Record<ReceiptProvider, number | string | null>>>> = {
  none: { yookassa: 1, tbank: 'none', dolyame: 'none' },
  vat0: { yookassa: 2, tbank: 'vat0', dolyame: 'vat0' },
  vat5: { yookassa: 7, tbank: 'vat5', dolyame: 'vat5' },
  vat7: { yookassa: 8, tbank: 'vat7', dolyame: 'vat7' },
  vat10: { yookassa: 3, tbank: 'vat10', dolyame: 'vat10' },
  vat20: { yookassa: 4, tbank: 'vat20', dolyame: 'vat20' },
  vat22: { yookassa: 11, tbank: null, dolyame: 'vat22' },
}

/**
 * Честный ЗНАК code types an offer can carry (offers.mark_code_type), with the field each provider
 * names the code by: ЮKassa's mark_code_info keys, Т-Банк's MarkCode.MarkCodeType values.
 */
export const MARK_CODE_TYPES = ['gs1m', 'gs10', 'short', 'ean13', 'ean8', 'itf14', 'unknown'] as const
export type MarkCodeType = (typeof MARK_CODE_TYPES)[number]
export const MARK_CODE_FIELDS: Readonly<Record<MarkCodeType, Readonly<Record<ReceiptProvider, string>>>> = {
  gs1m: { yookassa: 'gs_1m', tbank: 'GS1M', dolyame: 'gs1m' },
  gs10: { yookassa: 'gs_10', tbank: 'GS10', dolyame: 'gs10' },
  short: { yookassa: 'short', tbank: 'SHORT', dolyame: 'short' },
  ean13: { yookassa: 'ean_13', tbank: 'EAN13', dolyame: 'ean13' },
  ean8: { yookassa: 'ean_8', tbank: 'EAN8', dolyame: 'ean8' },
  itf14: { yookassa: 'itf_14', tbank: 'ITF14', dolyame: 'itf14' },
  unknown: { yookassa: 'unknown', tbank: 'UNKNOWN', dolyame: 'unknown' },
}

export interface ReceiptLine {
  name: string
  quantity: number
  /** Kopecks a piece; `price × quantity` is the line's amount. */
  price: number
  amount: number
  vat: VatRate
  subject: 'commodity' | 'service'
  mode: 'full_prepayment'
  measure: 'piece'
  /** Marked goods: the code type always, the piece's code once it is known (then quantity is 1). */
  mark: { type: MarkCodeType; code: string | null } | null
}

export interface Receipt {
  customer: { email?: string; phone?: string }
  lines: ReceiptLine[]
  /** Kopecks: the sum of the lines, equal to the amount charged or refunded. */
  total: number
}

/** An order line as a receipt needs it: its sum before the coupon and the offer's VAT and marking. */
export interface ReceiptOrderLine {
  id: number
  name: string
  quantity: number
  /** Kopecks, price × quantity after the offer's own discount, before the coupon. */
  sum: number
  vatPercent: number
  markCodeType: MarkCodeType | null
  /** The pieces' Честный ЗНАК codes, when scanned (one per piece); otherwise empty. */
  markCodes?: readonly string[]
}

export interface ReceiptOrder {
  /** What the buyer pays: the lines less the coupon, plus the delivery. */
  total: number
  deliveryPrice: number
  deliveryName: string
  email: string
  phone: string
  lines: readonly ReceiptOrderLine[]
}

export type ReceiptRefusalKind = 'no-contact' | 'unknown-vat' | 'no-vat-code' | 'sum-mismatch' | 'empty'

export type ReceiptResult = { ok: true; receipt: Receipt } | { ok: false; kind: ReceiptRefusalKind; detail: string }

export const RECEIPT_MESSAGES: Record<ReceiptRefusalKind, string> = {
  'no-contact': 'Для чека нужен e-mail или телефон покупателя.',
  'unknown-vat': 'У товара ставка НДС, которой нет в таблице ставок.',
  'no-vat-code': 'Платёжная система не принимает эту ставку НДС в чеке.',
  'sum-mismatch': 'Сумма строк чека не равна сумме оплаты.',
  empty: 'В чеке нет ни одной строки.',
}

interface Part {
  name: string
  quantity: number
  amount: number
  vat: VatRate
  subject: ReceiptLine['subject']
  markType: MarkCodeType | null
  markCodes: readonly string[]
}

/**
 * One part (a line's pieces and what they cost together) as receipt lines whose price × quantity adds
 * up to the amount: when the amount does not divide by the pieces, the first pieces cost a kopeck
 * less than the last ones (two lines). Pieces with known marking codes get a line each, priced by the
 * cumulative floors of refund.ts, so the pieces still add up to the amount.
 */
function linesOf(part: Part): ReceiptLine[] {
  const base = { name: part.name, vat: part.vat, subject: part.subject, mode: 'full_prepayment' as const, measure: 'piece' as const }
  if (part.quantity <= 0 || part.amount <= 0) return []
  if (part.markType && part.markCodes.length === part.quantity) {
    return part.markCodes.map((code, i) => {
      const amount = piecesAmount(part.amount, part.quantity, i, 1)
      return { ...base, quantity: 1, price: amount, amount, mark: { type: part.markType!, code } }
    })
  }
  const mark = part.markType ? { type: part.markType, code: null } : null
  const low = Math.floor(part.amount / part.quantity)
  const dearer = part.amount - low * part.quantity
  const out: ReceiptLine[] = []
  if (part.quantity - dearer > 0) out.push({ ...base, quantity: part.quantity - dearer, price: low, amount: low * (part.quantity - dearer), mark })
  if (dearer > 0) out.push({ ...base, quantity: dearer, price: low + 1, amount: (low + 1) * dearer, mark })
  return out
}

/**
 * Shares `amount` over `weights` in proportion, by largest remainder (ties to the earlier one), so the
 * shares are whole kopecks adding up to it. The same rule netLineSums applies to the coupon.
 */
export function shareByWeights(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0)
  if (total <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (amount * w) / total)
  const shares = exact.map(Math.floor)
  let left = amount - shares.reduce((s, x) => s + x, 0)
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    shares[i] = (shares[i] ?? 0) + 1
    left -= 1
  }
  return shares
}

function deliveryVat(lines: readonly ReceiptOrderLine[]): VatRate | null {
  // The delivery is sold with the goods, at the highest rate among them (none when no line has VAT).
  const max = lines.reduce((m, l) => Math.max(m, l.vatPercent), 0)
  return vatRateOf(max)
}

/** The parts of an order: each line after its coupon share (refund.ts), then the delivery. */
function orderParts(order: ReceiptOrder): { ok: true; parts: Part[] } | { ok: false; kind: ReceiptRefusalKind; detail: string } {
  const goodsSum = order.lines.reduce((s, l) => s + l.sum, 0)
  const nets = netLineSums({ total: order.total, goodsPrice: goodsSum, deliveryPrice: order.deliveryPrice, lines: order.lines })
  const parts: Part[] = []
  for (const l of order.lines) {
    const vat = vatRateOf(l.vatPercent)
    if (!vat) return { ok: false, kind: 'unknown-vat', detail: `${l.name}: ${l.vatPercent} %` }
    parts.push({ name: l.name, quantity: l.quantity, amount: nets.get(l.id) ?? 0, vat, subject: 'commodity', markType: l.markCodeType, markCodes: l.markCodes ?? [] })
  }
  if (order.deliveryPrice > 0) {
    const vat = deliveryVat(order.lines)
    if (!vat) return { ok: false, kind: 'unknown-vat', detail: 'доставка' }
    parts.push({ name: order.deliveryName ? `Доставка: ${order.deliveryName}` : 'Доставка', quantity: 1, amount: order.deliveryPrice, vat, subject: 'service', markType: null, markCodes: [] })
  }
  return { ok: true, parts }
}

function finish(order: ReceiptOrder, parts: readonly Part[], amount: number, provider: ReceiptProvider): ReceiptResult {
  const customer = order.email ? { email: order.email } : order.phone ? { phone: order.phone } : null
  if (!customer) return { ok: false, kind: 'no-contact', detail: '' }
  const lines = parts.flatMap(linesOf)
  if (lines.length === 0) return { ok: false, kind: 'empty', detail: '' }
  for (const l of lines) {
    if (VAT_CODES[l.vat][provider] === null) return { ok: false, kind: 'no-vat-code', detail: `${provider}: ${l.vat}` }
  }
  const total = lines.reduce((s, l) => s + l.amount, 0)
  if (total !== amount) return { ok: false, kind: 'sum-mismatch', detail: `${total} ≠ ${amount}` }
  return { ok: true, receipt: { customer, lines, total } }
}

/** The receipt of a payment of the whole order: every line after the coupon, and the delivery. */
export function paymentReceipt(order: ReceiptOrder, provider: ReceiptProvider): ReceiptResult {
  const found = orderParts(order)
  if (!found.ok) return found
  return finish(order, found.parts, order.total, provider)
}

/**
 * The receipt of a sum that is not the order's own lines (an extra charge after an edit, ADR 169; a
 * refund of a plain sum, ADR 165): the sum shared over the order's lines and delivery in proportion
 * to what they cost. For the whole total it is exactly paymentReceipt.
 */
export function amountReceipt(order: ReceiptOrder, amount: number, provider: ReceiptProvider): ReceiptResult {
  const found = orderParts(order)
  if (!found.ok) return found
  const shares = shareByWeights(amount, found.parts.map((p) => p.amount))
  // A scaled part keeps its pieces; codes named pieces of the whole line, so they are not sent here.
  const parts = found.parts.map((p, i) => ({ ...p, amount: shares[i] ?? 0, markCodes: p.amount === shares[i] ? p.markCodes : [] }))
  return finish(order, parts, amount, provider)
}

/** What a refund gave back (payment_refunds.lines and delivery_amount, ADR 165). */
export interface RefundedParts {
  lines: readonly { lineId: number; quantity: number; amount: number }[]
  deliveryAmount: number
  amount: number
}

/**
 * The receipt of a refund («возврат прихода»): the returned pieces at what they cost, and the
 * delivery's returned share. A refund of a plain sum without lines is shared over the order.
 */
export function refundReceipt(order: ReceiptOrder, refund: RefundedParts, provider: ReceiptProvider): ReceiptResult {
  if (refund.lines.length === 0 && refund.deliveryAmount === 0) return amountReceipt(order, refund.amount, provider)
  const parts: Part[] = []
  for (const r of refund.lines) {
    const line = order.lines.find((l) => l.id === r.lineId)
    if (!line) continue
    const vat = vatRateOf(line.vatPercent)
    if (!vat) return { ok: false, kind: 'unknown-vat', detail: `${line.name}: ${line.vatPercent} %` }
    parts.push({ name: line.name, quantity: r.quantity, amount: r.amount, vat, subject: 'commodity', markType: line.markCodeType, markCodes: [] })
  }
  if (refund.deliveryAmount > 0) {
    const vat = deliveryVat(order.lines)
    if (!vat) return { ok: false, kind: 'unknown-vat', detail: 'доставка' }
    parts.push({ name: order.deliveryName ? `Доставка: ${order.deliveryName}` : 'Доставка', quantity: 1, amount: refund.deliveryAmount, vat, subject: 'service', markType: null, markCodes: [] })
  }
  // A manager's sum below the pieces' price (a damaged box the buyer keeps): the pieces, scaled.
  const picked = parts.reduce((s, p) => s + p.amount, 0)
  if (picked !== refund.amount && picked > 0) {
    const shares = shareByWeights(refund.amount, parts.map((p) => p.amount))
    return finish(order, parts.map((p, i) => ({ ...p, amount: shares[i] ?? 0 })), refund.amount, provider)
  }
  return finish(order, parts, refund.amount, provider)
}
