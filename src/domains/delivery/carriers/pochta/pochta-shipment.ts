/**
 * Почта России parcels through otpravka (ADR 194), pure part: the order as otpravka's backlog entry,
 * and otpravka's answers read back as our shipment statuses. Wire formats (otpravka.pochta.ru/
 * specification): `PUT /1.0/user/backlog` [order…] → {result-ids[id], errors[{error-codes[{code,
 * description}], position}]}; `GET /1.0/backlog/{id}` → the order while it is new; once it is in a batch
 * `GET /1.0/shipment/{id}` → the order with its barcode (ШПИ, the track number) and the last tracking
 * operation: last-oper-type, last-oper-attr, last-oper-date, human-operation-name. No I/O here.
 */
import { z } from 'zod'

export const POCHTA_SHIPMENT_MESSAGES = {
  disabled: 'Регистрация отправлений Почты России выключена (настройка POCHTA_SHIPMENTS).',
  notConfigured: 'Почта России не подключена: задайте POCHTA_TOKEN, POCHTA_LOGIN и POCHTA_PASSWORD.',
  noCity: 'Город заказа не найден: отправление не зарегистрировать.',
  badIndex: 'В заказе нет индекса почтового отделения.',
  noPhone: 'У покупателя нет телефона: Почта России требует его для «Посылки онлайн».',
  refused: 'Почта России не приняла отправление',
  down: 'Почта России сейчас не отвечает. Попробуйте позже.',
} as const

export interface BacklogOrderInput {
  orderId: number
  buyerName: string
  phone: string
  email: string
  paid: boolean
  /** Goods and delivery: what an unpaid order owes on receipt (cash on delivery). */
  totalKopecks: number
  weightGrams: number
  /** The office's postal index (the order's point). */
  indexTo: string
  placeTo: string
  regionTo: string
  /** The office the shop hands its parcels in at. */
  fromIndex: string
}

/** «Имя Отчество Фамилия», as the checkout joins them, into otpravka's three fields. */
export function recipientNames(buyerName: string): { given: string; middle: string; surname: string } {
  const words = buyerName.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return { given: '', middle: '', surname: '' }
  if (words.length === 1) return { given: words[0]!, middle: '', surname: words[0]! }
  return { given: words[0]!, middle: words.slice(1, -1).join(' '), surname: words.at(-1)! }
}

/** +7 (912) 345-67-89 → 79123456789; null when it is not a Russian number. */
export function phoneNumber(phone: string): number | null {
  let digits = phone.replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`
  return /^7\d{10}$/.test(digits) ? Number(digits) : null
}

/**
 * The order as one backlog entry: «Посылка онлайн» addressed до востребования to the office's index. A
 * paid order is an ordinary parcel; an unpaid one carries its total as declared value and cash on
 * delivery. Sizes are not sent: otpravka takes none for «Посылка онлайн».
 */
export function backlogOrder(input: BacklogOrderInput): Record<string, unknown> {
  const names = recipientNames(input.buyerName)
  const phone = phoneNumber(input.phone)
  return {
    'order-num': String(input.orderId),
    'mail-type': 'ONLINE_PARCEL',
    'mail-category': input.paid ? 'ORDINARY' : 'WITH_DECLARED_VALUE_AND_CASH_ON_DELIVERY',
    'mail-direct': 643,
    mass: Math.max(1, Math.round(input.weightGrams)),
    'address-type-to': 'DEMAND',
    'index-to': Number(input.indexTo),
    'place-to': input.placeTo,
    'region-to': input.regionTo,
    'recipient-name': input.buyerName.trim(),
    'given-name': names.given,
    ...(names.middle ? { 'middle-name': names.middle } : {}),
    surname: names.surname,
    ...(phone !== null ? { 'tel-address': phone } : {}),
    ...(input.email ? { 'recipient-email': input.email } : {}),
    'postoffice-code': input.fromIndex,
    'sms-notice-recipient': 1,
    ...(input.paid ? {} : { 'insr-value': input.totalKopecks, payment: input.totalKopecks }),
  }
}

/** PUT /1.0/user/backlog */
export const backlogAnswer = z.object({
  'result-ids': z.array(z.union([z.number(), z.string()])).nullish(),
  errors: z
    .array(
      z.object({
        'error-codes': z.array(z.object({ code: z.string().nullish(), description: z.string().nullish() })).nullish(),
        'error-code': z.string().nullish(),
        position: z.number().nullish(),
      }),
    )
    .nullish(),
})

export function backlogErrors(answer: z.infer<typeof backlogAnswer>): string {
  return (answer.errors ?? [])
    .flatMap((e) => [...(e['error-codes'] ?? []).map((c) => c.description || c.code || ''), e['error-code'] ?? ''])
    .filter(Boolean)
    .join('; ')
}

/** GET /1.0/shipment/{id} (and the backlog's order: the same without the tracking fields). */
export const shipmentAnswer = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  barcode: z.string().nullish(),
  'human-operation-name': z.string().nullish(),
  'last-oper-type': z.string().nullish(),
  'last-oper-attr': z.string().nullish(),
  'last-oper-date': z.string().nullish(),
})
export type ShipmentAnswer = z.infer<typeof shipmentAnswer>

/**
 * Our codes for where a parcel is. Otpravka gives only the last tracking operation (its type, attribute
 * and Russian name); the codes are read from those (see `classify`).
 */
export const POCHTA_STATUS_NAMES: Readonly<Record<string, string>> = {
  NEW: 'Создан в «Отправке»',
  ID_ASSIGNED: 'Присвоен трек-номер',
  ACCEPTED: 'Принят в отделении',
  IN_TRANSIT: 'В пути',
  ARRIVED: 'Прибыл в место вручения',
  DELIVERED: 'Вручён',
  RETURNED: 'Возвращается отправителю',
  NOT_DELIVERED: 'Не вручён',
}
/** The parcel waits for the buyer at the office: the «ждёт вас» letter. */
export const POCHTA_READY_STATUSES: ReadonlySet<string> = new Set(['ARRIVED'])
export const POCHTA_FINAL_STATUSES: ReadonlySet<string> = new Set(['DELIVERED', 'RETURNED'])
export const POCHTA_OUTCOMES: Readonly<Record<string, 'delivered' | 'returned'>> = { DELIVERED: 'delivered', RETURNED: 'returned' }

/**
 * The post's tracking operations by type and attribute code (ADR 194, addendum of ADR 211), from the
 * reference of operation types and attributes of the post's tracking service (as reproduced in
 * github.com/parcels/russianpost/wiki/Operation-Types-&-Attributes): 2 Вручение (attribute 1 to the
 * addressee, 2 back to the sender), 3 Возврат, 4 Досыл, 8 Обработка (attribute 2 «Прибыло в место
 * вручения»; 0, 3–7 sorting and transit), 12 Неудачная попытка вручения.
 */
const OPERATION_TYPES = { handing: 2, returning: 3, forwarding: 4, processing: 8, failedHanding: 12 } as const
const ATTRIBUTES = { toAddressee: 1, toSender: 2, arrivedAtDeliveryPlace: 2 } as const

/** A code as otpravka sends it (a number or a numeric string); null for anything else, such as an enum name. */
function codeOf(value: string | null | undefined): number | null {
  const text = value?.trim() ?? ''
  return /^\d+$/.test(text) ? Number(text) : null
}

/** Our status by the operation's codes; null when the codes say nothing we know. */
function byCodes(type: number, attr: number | null): string | null {
  switch (type) {
    case OPERATION_TYPES.handing:
      return attr === ATTRIBUTES.toSender ? 'RETURNED' : 'DELIVERED'
    case OPERATION_TYPES.returning:
      return 'RETURNED'
    case OPERATION_TYPES.failedHanding:
      return 'NOT_DELIVERED'
    case OPERATION_TYPES.processing:
      return attr === ATTRIBUTES.arrivedAtDeliveryPlace ? 'ARRIVED' : 'IN_TRANSIT'
    case OPERATION_TYPES.forwarding:
      return 'IN_TRANSIT'
    default:
      return null
  }
}

/**
 * The last operation in our terms: by its type and attribute codes where the tracking reference gives
 * them (above), otpravka's own ID_ASSIGNMENT for the track number, and otherwise by its Russian name as
 * the post's tracking words it («Прибыло в место вручения», «Вручение адресату», «Возврат», «Приём»).
 */
export function classify(a: Pick<ShipmentAnswer, 'human-operation-name' | 'last-oper-type' | 'last-oper-attr'>): string {
  const typeCode = codeOf(a['last-oper-type'])
  const known = typeCode === null ? null : byCodes(typeCode, codeOf(a['last-oper-attr']))
  if (known) return known
  const type = a['last-oper-type']?.toUpperCase() ?? ''
  const attr = a['last-oper-attr']?.toUpperCase() ?? ''
  const name = (a['human-operation-name'] ?? '').toLowerCase()
  if (type === 'ID_ASSIGNMENT' || attr === 'ID_ASSIGNED' || /присвоен/.test(name)) return 'ID_ASSIGNED'
  if (/невруч|неудачн/.test(name)) return 'NOT_DELIVERED'
  // «Вручение отправителю» is the parcel handed back to the shop: a return, not a delivery.
  if (/возврат|вручение отправителю/.test(name) || type.includes('RETURN')) return 'RETURNED'
  // «Прибыло в место вручения» names the handing over too: it is read before «Вручение адресату».
  if (/место вручения|ожидает адресата|поступило в почтомат/.test(name) || attr.includes('ARRIVED')) return 'ARRIVED'
  if (/^вручение|вручено|получено адресатом/.test(name) || type === 'HANDING' || type === 'DELIVERY') return 'DELIVERED'
  if (/при[её]м/.test(name) || type === 'ACCEPTANCE' || type === 'RECEPTION') return 'ACCEPTED'
  return 'IN_TRANSIT'
}
