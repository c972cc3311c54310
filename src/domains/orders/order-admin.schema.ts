import { z } from 'zod'
import { ORDER_STATUS, type OrderStatus } from './order-status'

/**
 * The back office's order list query (ADR 162): one schema for the page's URL and for
 * GET /api/admin/orders, so a list seen in the browser is the list an integration gets and a URL can
 * be saved as a view. Every field is a string in the URL; several statuses are one comma-separated
 * field (the endpoint reads search params as one value per name).
 */
export const ORDER_STATUS_CODES = Object.keys(ORDER_STATUS) as [OrderStatus, ...OrderStatus[]]
export const PAYMENT_STATES = ['paid', 'unpaid'] as const
export const DELIVERY_KINDS = ['pickup', 'postal', 'courier'] as const
export const ORDER_SORTS = ['-created', 'created', '-total', 'total'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]

export const ORDER_PAGE_SIZES = [20, 50, 100, 200] as const

/** An empty field of a submitted filter form means "any", not a wrong value. */
const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsAbsent, schema.optional())

const statusList = z
  .string()
  .regex(new RegExp(`^(${ORDER_STATUS_CODES.join('|')})(,(${ORDER_STATUS_CODES.join('|')}))*$`), 'Неизвестный статус заказа.')
  .transform((text) => [...new Set(text.split(','))] as OrderStatus[])

/** The rows chosen in the table (bulk export): at most a page's worth and then some. */
export const MAX_ORDER_IDS = 500
const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'Номера заказов через запятую.')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_ORDER_IDS && ids.every((id) => id >= 1 && id <= 2_147_483_647), `Не больше ${MAX_ORDER_IDS} заказов за раз.`)

const isoDate = z.iso.date('Дата в формате ГГГГ-ММ-ДД.')
const kopecks = z.coerce.number().int('Сумма в копейках — целое число.').min(0).max(2_000_000_000)

export const orderListQuery = z
  .object({
    status: optional(statusList).describe('Статусы через запятую: new,awaiting_payment,paid,assembling,shipped,delivered,cancelled'),
    payment: optional(z.enum(PAYMENT_STATES)).describe('paid — оплачен (есть дата оплаты), unpaid — нет'),
    paySystem: optional(z.string().trim().max(50)).describe('Код способа оплаты (card, cash, …)'),
    deliveryType: optional(z.enum(DELIVERY_KINDS)).describe('Вид доставки: пункт выдачи, почта, курьер'),
    carrier: optional(z.string().trim().max(50)).describe('Код службы доставки (sdek, boxberry, russianpost, courier, …)'),
    from: optional(isoDate).describe('Создан не раньше этого дня (по московскому времени)'),
    to: optional(isoDate).describe('Создан не позже этого дня (по московскому времени)'),
    totalFrom: optional(kopecks).describe('Сумма заказа от, в копейках'),
    totalTo: optional(kopecks).describe('Сумма заказа до, в копейках'),
    city: optional(z.string().trim().max(100)).describe('Код города (LOCATION), например moskva'),
    coupon: optional(z.string().trim().max(50)).describe('Промокод заказа, без учёта регистра'),
    ids: optional(idList).describe(`Только эти заказы, номера через запятую (до ${MAX_ORDER_IDS}): выгрузка выбранных строк`),
    q: optional(z.string().trim().max(100)).describe('Поиск: номер заказа, телефон в любом виде, e-mail или имя покупателя'),
    sort: z.preprocess(blankIsAbsent, z.enum(ORDER_SORTS).default('-created')).describe('-created — новые сначала (по умолчанию), created, -total, total'),
    page: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(100_000).default(1)),
    limit: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(200).default(50)),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'Начало периода позже его конца.', path: ['to'] })
  .refine((v) => v.totalFrom === undefined || v.totalTo === undefined || v.totalFrom <= v.totalTo, {
    message: 'Сумма «от» больше суммы «до».',
    path: ['totalTo'],
  })

export type OrderListQuery = z.output<typeof orderListQuery>
/** The filter of a list without its page: what the CSV export takes. */
export type OrderFilter = Omit<OrderListQuery, 'page' | 'limit'>

/** Search params of a page or a request, one value per name (the first one, as the API reads them). */
export function parseOrderListQuery(params: Record<string, string | string[] | undefined>) {
  const flat = Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v[0] : v]])))
  return orderListQuery.safeParse(flat)
}

/**
 * What the free-text search means, decided once: a number-like text is an order number and/or phone
 * digits, a text with @ an e-mail, anything else words of a name or an e-mail. Pure, so tested alone.
 */
export type OrderSearch =
  | { kind: 'number-or-phone'; orderId: number | null; phoneDigits: string | null }
  | { kind: 'email'; text: string }
  | { kind: 'words'; words: string[] }

const MAX_ORDER_ID = 2_147_483_647

/** Russian numbers written any way compare as 7XXXXXXXXXX; a shorter piece is searched as it is. */
export function normalisePhoneDigits(digits: string): string {
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`
  if (digits.length === 10 && digits.startsWith('9')) return `7${digits}`
  return digits
}

export function orderSearch(q: string): OrderSearch | null {
  const text = q.trim()
  if (!text) return null
  if (/^[№#]?\s*[\d\s()+\-.]+$/.test(text)) {
    const digits = text.replace(/\D/g, '')
    if (!digits) return null
    const asNumber = Number(digits)
    // A bare number up to 10 digits may be an order; 4 digits and more may also be a piece of a phone.
    const orderId = /^[№#]?\s*\d{1,10}$/.test(text) && asNumber >= 1 && asNumber <= MAX_ORDER_ID ? asNumber : null
    const phoneDigits = digits.length >= 4 && !/^[№#]/.test(text) ? normalisePhoneDigits(digits) : null
    return { kind: 'number-or-phone', orderId, phoneDigits }
  }
  if (text.includes('@')) return { kind: 'email', text: text.toLowerCase() }
  const words = text.split(/\s+/).filter(Boolean).slice(0, 5)
  return { kind: 'words', words }
}
