import { z } from 'zod'
import type { CarrierPackage } from '../carriers/carrier'
import type { ShipmentOrder, ShipmentOutcome, ShipmentReading } from './shipment-carrier'

export type { ShipmentOrder, ShipmentReading, ShipmentStatus } from './shipment-carrier'

/**
 * СДЭК shipments (ADR 188), the pure part: the POST /orders request from an order, the shapes of the
 * answers we read (GET /orders/{uuid}, the ORDER_STATUS webhook), and what a status means for us.
 * Wire format: api-docs.cdek.ru («Регистрация заказа», «Информация о заказе», «Вебхуки»); summary in
 * the shared integrations notes.
 */

/** СДЭК's own refusals; the domain's are in shipment-carrier.ts. */
export const CDEK_SHIPMENT_MESSAGES = {
  notConfigured: 'СДЭК не подключён: задайте CDEK_CLIENT_ID и CDEK_CLIENT_SECRET.',
  noShipmentPoint: 'Не задан офис СДЭК, куда магазин сдаёт посылки: укажите его код в CDEK_SHIPMENT_POINT.',
  noTariff: 'СДЭК не нашёл тарифа для этой посылки и пункта.',
  noDoorTariff: 'СДЭК не нашёл тарифа курьерской доставки в город заказа для этой посылки.',
  down: 'СДЭК сейчас не отвечает. Попробуйте позже.',
  refused: 'СДЭК отказал в регистрации',
} as const

/** The parcel has arrived where the buyer collects it: a pickup point or a postamat cell. */
export const READY_STATUSES: ReadonlySet<string> = new Set(['ACCEPTED_AT_PICK_UP_POINT', 'POSTOMAT_POSTED'])
/** Nothing more will happen to it: the poll stops asking. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['DELIVERED', 'NOT_DELIVERED', 'POSTOMAT_RECEIVED', 'REMOVED'])

/** Our Russian names of the statuses a shop sees most; others keep СДЭК's own name. */
export const STATUS_NAMES: Record<string, string> = {
  ACCEPTED: 'Принят СДЭК (ждёт проверки)',
  CREATED: 'Создан',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  READY_TO_SHIP_AT_SENDING_OFFICE: 'Выдан на отправку в городе отправителя',
  SENT_TO_RECIPIENT_CITY: 'Отправлен в город получателя',
  ACCEPTED_IN_RECIPIENT_CITY: 'Встречен в городе получателя',
  ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE: 'Принят на склад в городе получателя',
  ACCEPTED_AT_PICK_UP_POINT: 'Поступил в пункт выдачи',
  POSTOMAT_POSTED: 'Заложен в постамат',
  TAKEN_BY_COURIER: 'Выдан на доставку',
  DELIVERED: 'Вручён',
  POSTOMAT_RECEIVED: 'Получен из постамата',
  NOT_DELIVERED: 'Не вручён, возврат',
  REMOVED: 'Удалён',
  INVALID: 'Заказ не принят СДЭК',
}

/** СДЭК writes dates as 2026-03-04T10:00:00+0300; Date needs the offset with a colon. */
export function cdekDate(value: string): Date | null {
  const fixed = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
  const d = new Date(fixed)
  return Number.isNaN(d.getTime()) ? null : d
}

const status = z.object({ code: z.string(), name: z.string().nullish(), date_time: z.string(), city: z.string().nullish() })
const request = z.object({
  type: z.string().nullish(),
  state: z.string().nullish(),
  errors: z.array(z.object({ code: z.string().nullish(), message: z.string().nullish() })).nullish(),
})

/** POST /orders (202): the uuid of the order СДЭК will check asynchronously. */
export const createAnswer = z.object({ entity: z.object({ uuid: z.string().min(1).max(100) }).nullish(), requests: z.array(request).nullish() })

/** GET /orders/{uuid} */
export const orderAnswer = z.object({
  entity: z
    .object({
      uuid: z.string(),
      cdek_number: z.union([z.string(), z.number()]).nullish(),
      statuses: z.array(status).nullish(),
    })
    .nullish(),
  requests: z.array(request).nullish(),
})
export type CdekOrderAnswer = z.infer<typeof orderAnswer>

/** The ORDER_STATUS webhook: only the uuid is trusted, and only to know which order to re-read. */
export const webhookBody = z.object({
  type: z.string().max(100),
  uuid: z.string().max(100).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
})

export function readOrder(answer: CdekOrderAnswer): ShipmentReading {
  const statuses = (answer.entity?.statuses ?? [])
    .map((s) => ({ code: s.code, name: STATUS_NAMES[s.code] ?? s.name ?? s.code, at: cdekDate(s.date_time)?.toISOString() ?? '', city: s.city ?? '' }))
    .filter((s) => s.at !== '')
    .sort((a, b) => a.at.localeCompare(b.at))
  const create = (answer.requests ?? []).find((r) => r.type === 'CREATE')
  const invalid =
    create?.state === 'INVALID'
      ? (create.errors ?? []).map((e) => [e.code, e.message].filter(Boolean).join(': ')).join('; ') || 'INVALID'
      : null
  const number = answer.entity?.cdek_number
  return { trackNumber: number === null || number === undefined ? '' : String(number), statuses, invalid }
}

const rubles = (kopecks: number) => Math.round(kopecks) / 100

/**
 * POST /orders for an online shop (type 1) from an office (склад-…): the recipient, the point (or the
 * address in `to_location` for склад-дверь), one box
 * of the order's parcel and its goods. A paid order owes nothing on receipt; an unpaid one asks the
 * goods and the delivery as cash on delivery, as the checkout's «оплата при получении» promised.
 */
export function orderRequest(input: {
  order: ShipmentOrder
  tariffCode: number
  shipmentPoint: string
  /** A point's code, or for a door delivery (склад-дверь) the city's СДЭК code and the buyer's address. */
  to: { point: string } | { cityCode: number; address: string }
  pkg: CarrierPackage
}) {
  const { order, pkg } = input
  return {
    type: 1,
    number: String(order.id),
    tariff_code: input.tariffCode,
    shipment_point: input.shipmentPoint,
    ...('point' in input.to ? { delivery_point: input.to.point } : { to_location: { code: input.to.cityCode, address: input.to.address.slice(0, 255) } }),
    delivery_recipient_cost: { value: order.paid ? 0 : rubles(order.deliveryKopecks) },
    recipient: {
      name: order.buyerName || 'Покупатель',
      ...(order.email ? { email: order.email } : {}),
      phones: [{ number: order.phone }],
    },
    packages: [
      {
        number: '1',
        weight: pkg.weightGrams,
        length: pkg.lengthCm,
        width: pkg.widthCm,
        height: pkg.heightCm,
        items: order.lines.map((l) => ({
          name: l.name.slice(0, 255),
          ware_key: String(l.offerId ?? l.name).slice(0, 50),
          payment: { value: order.paid ? 0 : rubles(l.priceKopecks) },
          cost: rubles(l.priceKopecks),
          weight: Math.max(1, Math.round(l.weightGrams)),
          amount: l.quantity,
        })),
      },
    ],
  }
}

/** What a status means for the order (ADR 195): the parcel left the shop's office, was handed over, or goes back. */
export const CDEK_OUTCOMES: Readonly<Record<string, ShipmentOutcome>> = {
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'shipped',
  READY_TO_SHIP_AT_SENDING_OFFICE: 'shipped',
  SENT_TO_RECIPIENT_CITY: 'shipped',
  ACCEPTED_IN_RECIPIENT_CITY: 'shipped',
  ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE: 'shipped',
  ACCEPTED_AT_PICK_UP_POINT: 'shipped',
  POSTOMAT_POSTED: 'shipped',
  TAKEN_BY_COURIER: 'shipped',
  DELIVERED: 'delivered',
  POSTOMAT_RECEIVED: 'delivered',
  NOT_DELIVERED: 'returned',
}
