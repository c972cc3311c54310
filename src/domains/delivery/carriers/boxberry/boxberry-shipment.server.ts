import 'server-only'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import type { ReadOutcome, RegisterOutcome, ShipmentCarrier, ShipmentRequest } from '../../shipments/shipment-carrier'
import { pointsInCity } from '../carriers.db'
import { BOXBERRY, BOXBERRY_HANDLER, postalCodeOf } from './boxberry'
import { BoxberryError } from './boxberry-client.server'
import { boxberryCarrier, boxberryClient, boxberryLimits } from './boxberry.server'
import {
  BOXBERRY_OUTCOMES,
  BOXBERRY_SHIPMENT_MESSAGES as M,
  FINAL_STATUSES,
  READY_STATUSES,
  REGISTERED,
  doorCity,
  parcelAnswer,
  type BoxberryDoor,
  parcelRequest,
  readStatuses,
  statusesAnswer,
} from './boxberry-shipment'

/**
 * Boxberry behind the shipments domain (ADR 193, ADR 195): ParselCreate registers an order's parcel to
 * its Boxberry point and answers the track number at once, which is the parcel's ref; ListStatuses
 * (by that track) reads it back, from the back office's «Обновить статус» and the hourly poll.
 */
async function register(request: ShipmentRequest): Promise<RegisterOutcome> {
  if (!boxberryCarrier.configured()) return { ok: false, kind: 'refused', message: M.notConfigured }
  let door: BoxberryDoor | undefined
  if (request.mode === 'courier') {
    // «Курьер Boxberry» (ADR 212): the postal code of the address when it starts with one, else the one
    // the checkout priced (the city's reference point, ADR 193).
    if (!request.city || !request.address.trim()) return { ok: false, kind: 'refused', message: `${M.refused}: нет адреса доставки` }
    const [reference] = await pointsInCity(request.q, BOXBERRY, request.city.code, 1)
    const zip = postalCodeOf(request.address) ?? (reference ? postalCodeOf(reference.addressFull) : null)
    if (!zip) return { ok: false, kind: 'refused', message: `${M.refused}: не известен почтовый индекс адреса` }
    door = { zip, city: doorCity(request.city), address: request.address.trim() }
  } else if (!request.pointCode) return { ok: false, kind: 'refused', message: `${M.refused}: нет пункта выдачи Boxberry` }
  const sdata = parcelRequest({ order: request.order, pointCode: request.pointCode, fromPoint: env().BOXBERRY_FROM_POINT, pkg: request.pkg, door })
  let json: unknown
  try {
    json = await boxberryClient().postForm('ParselCreate', sdata, boxberryLimits().shipmentTimeoutMs)
  } catch (error) {
    if (error instanceof BoxberryError && !error.down) return { ok: false, kind: 'refused', message: `${M.refused}: ${error.message.replace(/^Boxberry ParselCreate: /, '')}` }
    logger.warn({ err: error, orderId: request.order.id }, 'Boxberry ParselCreate failed')
    return { ok: false, kind: 'down', message: M.down }
  }
  const parsed = parcelAnswer.safeParse(json)
  if (!parsed.success) return { ok: false, kind: 'refused', message: `${M.refused}: нет трек-номера в ответе` }
  return { ok: true, ref: parsed.data.track, trackNumber: parsed.data.track, statusCode: REGISTERED, statusName: REGISTERED, tariffCode: null }
}

async function read(track: string): Promise<ReadOutcome> {
  let json: unknown
  try {
    json = await boxberryClient().get('ListStatuses', { ImId: track }, boxberryLimits().shipmentTimeoutMs)
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  const parsed = statusesAnswer.safeParse(json)
  if (!parsed.success) return { ok: false, error: 'Boxberry ListStatuses: unexpected answer' }
  return { ok: true, reading: readStatuses(track, parsed.data) }
}

export const boxberryShipments: ShipmentCarrier = {
  code: BOXBERRY,
  handler: BOXBERRY_HANDLER,
  // «Курьер Boxberry» orders (ADR 212): ParselCreate vid 2 to the buyer's address.
  courierHandlers: ['boxberry_courier'],
  name: 'Boxberry',
  readyPlace: 'в пункте выдачи Boxberry',
  configured: () => boxberryCarrier.configured(),
  registrationBlocker: () => (boxberryCarrier.configured() ? null : M.notConfigured),
  register,
  read,
  readyStatuses: READY_STATUSES,
  finalStatuses: FINAL_STATUSES,
  // Boxberry's own names are Russian already.
  statusNames: {},
  outcomes: BOXBERRY_OUTCOMES,
}
