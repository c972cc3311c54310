import type { ResolvedShopDetails } from '@/domains/layout/shop'
import { plural, rublesInWords } from './amount-in-words'

/**
 * The order's print forms (issue 18): the invoice «Счёт на оплату» in the Russian standard layout
 * and the warehouse's packing slip. Pure builders from an order and the shop's details to a document
 * model; the HTML page and the PDF both draw these models, so the two can never disagree.
 */

export const PRINT_FORMS = ['invoice', 'packing'] as const
export type PrintForm = (typeof PRINT_FORMS)[number]

export const PRINT_FORM_TITLES: Record<PrintForm, string> = {
  invoice: 'Счёт на оплату',
  packing: 'Упаковочный лист',
}

export interface PrintOrderLine {
  name: string
  /** The offer's article; empty when the offer was deleted since. */
  sku: string
  properties: Record<string, string>
  quantity: number
  /** Kopecks per unit and for the line, as sold. */
  price: number
  sum: number
  /** Grams per unit. */
  weightGrams: number
  /** The offer's VAT rate today (lines keep no copy of it); 0: sold without VAT. */
  vatPercent: number
  gift: boolean
}

export interface PrintOrder {
  id: number
  createdAt: Date
  buyerName: string
  email: string
  phone: string
  comment: string
  props: Record<string, string>
  deliveryName: string
  locationName: string
  address: string
  paySystemName: string
  couponCode: string | null
  goodsPrice: number
  deliveryPrice: number
  total: number
  weightGrams: number
  lines: PrintOrderLine[]
}

// ---------- formatting for documents ----------

const MONTHS_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря']

/** The day in Moscow, the shop's day, whatever the server's time zone. */
function moscowDay(at: Date): { day: number; month: number; year: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { day: part('day'), month: part('month'), year: part('year') }
}

/** «25 ноября 2026 г.», as an invoice's heading dates it. */
export function documentDate(at: Date): string {
  const { day, month, year } = moscowDay(at)
  return `${day} ${MONTHS_GENITIVE[month - 1]} ${year} г.`
}

/** «25.11.2026». */
export function shortDate(at: Date): string {
  const { day, month, year } = moscowDay(at)
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`
}

/**
 * «1 250,00»: roubles grouped by no-break spaces, always two kopeck digits, as accounting documents
 * print sums (formatRub drops the kopecks of a round sum). Integer arithmetic only.
 */
export function documentAmount(kopecks: number): string {
  const sign = kopecks < 0 ? '−' : ''
  const abs = Math.abs(kopecks)
  const rubles = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')
  return `${sign}${rubles},${String(abs % 100).padStart(2, '0')}`
}

/** «350 г» under a kilogram, «1,25 кг» from one up. */
export function documentWeight(grams: number): string {
  if (grams < 1000) return `${grams} г`
  return `${(grams / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 3 })} кг`
}

/**
 * `amount` split over `weights` in whole kopecks, in proportion, the remainders going to the largest
 * fractions, so the parts add up to `amount` exactly.
 */
export function prorate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0)
  if (total <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (amount * w) / total)
  const parts = exact.map(Math.floor)
  let left = amount - parts.reduce((s, p) => s + p, 0)
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    parts[i]! += 1
    left -= 1
  }
  return parts
}

// ---------- the invoice ----------

export interface InvoiceRow {
  n: number
  name: string
  quantity: number
  unit: string
  price: number
  sum: number
}

export interface InvoiceTotal {
  label: string
  /** Kopecks; null prints a dash (the «Без НДС» line). */
  amount: number | null
}

export interface InvoiceModel {
  form: 'invoice'
  orderId: number
  title: string
  /** The demo details are shown with a note saying so. */
  example: boolean
  payee: { bankName: string; bik: string; corrAccount: string; account: string; inn: string; kpp: string; name: string }
  supplier: string
  buyer: string
  rows: InvoiceRow[]
  totals: InvoiceTotal[]
  total: number
  summary: string
  inWords: string
  paymentNote: string
}

const INVOICE_TEXT = {
  deliveryRow: (name: string) => `Доставка${name ? `: ${name}` : ''}`,
  subtotal: 'Итого:',
  discount: (code: string | null) => (code ? `Скидка по промокоду ${code}:` : 'Скидка:'),
  vat: (rate: number) => `В том числе НДС ${rate}%:`,
  noVat: 'Без НДС',
  total: 'Всего к оплате:',
  summary: (count: number, total: number) => `Всего наименований ${count}, на сумму ${documentAmount(total)} руб.`,
  paymentNote: (id: number) => `Оплатить не позднее 5 банковских дней. В назначении платежа укажите: «Оплата по счёту № ${id}».`,
} as const

const joinFilled = (parts: readonly (string | false | null | undefined)[]) => parts.filter((p): p is string => Boolean(p && p.trim())).join(', ')

/** A legal entity's order names the company and its ИНН (checkout fields PROP_COMPANY, PROP_INN). */
function buyerOf(order: PrintOrder): string {
  const company = order.props.PROP_COMPANY?.trim()
  if (company) return joinFilled([company, order.props.PROP_INN && `ИНН ${order.props.PROP_INN}`, order.props.PROP_KPP && `КПП ${order.props.PROP_KPP}`, order.phone && `тел. ${order.phone}`])
  return joinFilled([order.buyerName, order.phone && `тел. ${order.phone}`, order.email])
}

export function invoiceModel(order: PrintOrder, shop: ResolvedShopDetails): InvoiceModel {
  const goods = order.lines.map<InvoiceRow>((l, i) => ({ n: i + 1, name: l.name, quantity: l.quantity, unit: 'шт.', price: l.price, sum: l.sum }))
  const rows = order.deliveryPrice > 0
    ? [...goods, { n: goods.length + 1, name: INVOICE_TEXT.deliveryRow(order.deliveryName), quantity: 1, unit: 'усл.', price: order.deliveryPrice, sum: order.deliveryPrice }]
    : goods
  const subtotal = rows.reduce((s, r) => s + r.sum, 0)
  const linesSum = order.lines.reduce((s, l) => s + l.sum, 0)
  // A coupon's discount is taken off the goods after the lines were priced (order.goodsPrice).
  const discount = Math.max(0, linesSum - order.goodsPrice)

  // VAT is inside the prices; a discount lowers each line's base in proportion to its sum.
  const net = prorate(discount, order.lines.map((l) => l.sum)).map((d, i) => order.lines[i]!.sum - d)
  const vatByRate = new Map<number, number>()
  order.lines.forEach((l, i) => {
    if (l.vatPercent <= 0) return
    vatByRate.set(l.vatPercent, (vatByRate.get(l.vatPercent) ?? 0) + Math.round((net[i]! * l.vatPercent) / (100 + l.vatPercent)))
  })
  const vat: InvoiceTotal[] = vatByRate.size
    ? [...vatByRate.entries()].sort(([a], [b]) => b - a).map(([rate, amount]) => ({ label: INVOICE_TEXT.vat(rate), amount }))
    : [{ label: INVOICE_TEXT.noVat, amount: null }]

  return {
    form: 'invoice',
    orderId: order.id,
    title: `Счёт на оплату № ${order.id} от ${documentDate(order.createdAt)}`,
    example: shop.example,
    payee: { bankName: shop.bankName, bik: shop.bik, corrAccount: shop.corrAccount, account: shop.account, inn: shop.inn, kpp: shop.kpp, name: shop.legalName },
    supplier: joinFilled([shop.legalName, shop.inn && `ИНН ${shop.inn}`, shop.kpp && `КПП ${shop.kpp}`, shop.address, shop.phone && `тел. ${shop.phone}`]),
    buyer: buyerOf(order),
    rows,
    totals: [
      { label: INVOICE_TEXT.subtotal, amount: subtotal },
      ...(discount > 0 ? [{ label: INVOICE_TEXT.discount(order.couponCode), amount: -discount }] : []),
      ...vat,
      { label: INVOICE_TEXT.total, amount: order.total },
    ],
    total: order.total,
    summary: INVOICE_TEXT.summary(rows.length, order.total),
    inWords: rublesInWords(order.total),
    paymentNote: INVOICE_TEXT.paymentNote(order.id),
  }
}

// ---------- the packing slip ----------

export interface PackingRow {
  n: number
  sku: string
  name: string
  /** «Фасовка: 60 капсул; Вкус: Лимон». */
  properties: string
  quantity: number
  gift: boolean
}

export interface PackingSlipModel {
  form: 'packing'
  orderId: number
  title: string
  date: string
  buyer: string
  phone: string
  delivery: string
  /** Where it goes: the address or the pickup point, with the courier's slot. */
  destination: string
  payment: string
  rows: PackingRow[]
  /** «Всего: 3 позиции, 7 шт.». */
  count: string
  weight: string
  comment: string
}

/** The delivery widgets' properties (delivery.ts): a courier's slot, or a pickup point's id. */
function destinationOf(order: PrintOrder): string {
  const p = order.props
  const address = p.PROP_ADDRESS?.trim() || order.address.trim()
  if (p.MICRO_SOURCE === 'courier') {
    const slot = [p.MICRO_SHIP_DATE_FROM?.trim(), p.MICRO_POINT_ID?.trim()].filter(Boolean).join(', ')
    return joinFilled([order.locationName, address, slot && `доставка ${slot}`])
  }
  const point = p.MICRO_POINT_ID?.trim()
  return joinFilled([order.locationName, point && `пункт выдачи ${point}`, address])
}

export function packingSlipModel(order: PrintOrder): PackingSlipModel {
  const rows = order.lines.map<PackingRow>((l, i) => ({
    n: i + 1,
    sku: l.sku,
    name: l.name,
    properties: Object.entries(l.properties)
      .filter(([, v]) => v.trim())
      .map(([k, v]) => `${k}: ${v}`)
      .join('; '),
    quantity: l.quantity,
    gift: l.gift,
  }))
  const pieces = order.lines.reduce((s, l) => s + l.quantity, 0)
  const grams = order.weightGrams > 0 ? order.weightGrams : order.lines.reduce((s, l) => s + l.weightGrams * l.quantity, 0)
  return {
    form: 'packing',
    orderId: order.id,
    title: `Упаковочный лист к заказу № ${order.id}`,
    date: shortDate(order.createdAt),
    buyer: order.props.PROP_COMPANY?.trim() ? `${order.props.PROP_COMPANY.trim()} (${order.buyerName})` : order.buyerName,
    phone: order.phone,
    delivery: order.deliveryName,
    destination: destinationOf(order),
    payment: order.paySystemName,
    rows,
    count: `Всего: ${rows.length} ${plural(rows.length, ['позиция', 'позиции', 'позиций'])}, ${pieces} шт.`,
    weight: documentWeight(grams),
    comment: order.comment.trim(),
  }
}

export type PrintDocument = InvoiceModel | PackingSlipModel

export function printDocument(form: PrintForm, order: PrintOrder, shop: ResolvedShopDetails): PrintDocument {
  return form === 'invoice' ? invoiceModel(order, shop) : packingSlipModel(order)
}
