import 'server-only'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { CdekError, errorText } from '../carriers/cdek/cdek-client.server'
import { CDEK, CDEK_HANDLER } from '../carriers/cdek/cdek'
import { cdekCityCode, cdekClient } from '../carriers/cdek/cdek.server'
import { activeCarrier } from '../carriers/registry.server'
import {
  CDEK_OUTCOMES,
  CDEK_SHIPMENT_MESSAGES as M,
  FINAL_STATUSES,
  READY_STATUSES,
  STATUS_NAMES,
  createAnswer,
  orderAnswer,
  orderRequest,
  readOrder,
} from './cdek-shipment'
import type { ReadOutcome, RegisterOutcome, ShipmentCarrier, ShipmentRequest } from './shipment-carrier'

/**
 * СДЭК behind the shipments domain (ADR 188, ADR 195): POST /orders with the tariff the checkout would
 * choose for the order's parcel — склад-склад to a point, склад-дверь (to_location) to the buyer's address —
 * and GET /orders/{uuid} to read it back.
 */
async function register(request: ShipmentRequest): Promise<RegisterOutcome> {
  const carrier = activeCarrier(CDEK_HANDLER)
  if (!carrier) return { ok: false, kind: 'refused', message: M.notConfigured }
  const quote = request.city ? await carrier.quote({ q: request.q, city: request.city, pkg: request.pkg, mode: request.mode, remote: true }) : null
  const noTariff = request.mode === 'courier' ? M.noDoorTariff : M.noTariff
  if (!quote?.ok) return quote && quote.reason === 'down' ? { ok: false, kind: 'down', message: M.down } : { ok: false, kind: 'refused', message: noTariff }
  let to: Parameters<typeof orderRequest>[0]['to'] = { point: request.pointCode }
  if (request.mode === 'courier') {
    // The quote has just found the city's СДЭК code (or it was known): the door is in that city.
    const code = request.city ? await cdekCityCode(request.q, request.city.code) : null
    if (code === null) return { ok: false, kind: 'refused', message: noTariff }
    to = { cityCode: code, address: request.address }
  }
  const body = orderRequest({ order: request.order, tariffCode: quote.value.tariffCode, shipmentPoint: env().CDEK_SHIPMENT_POINT ?? '', to, pkg: request.pkg })
  let json: unknown
  try {
    json = await cdekClient().request('POST', 'orders', { body })
  } catch (error) {
    if (error instanceof CdekError && error.kind === 'http' && error.status !== undefined && error.status < 500) {
      return { ok: false, kind: 'refused', message: `${M.refused}: ${error.message}` }
    }
    logger.warn({ err: error, orderId: request.order.id }, 'СДЭК order registration failed')
    return { ok: false, kind: 'down', message: M.down }
  }
  const parsed = createAnswer.safeParse(json)
  const uuid = parsed.success ? parsed.data.entity?.uuid : undefined
  if (!uuid) return { ok: false, kind: 'refused', message: `${M.refused}: ${errorText(json) || 'нет uuid в ответе'}` }
  return { ok: true, ref: uuid, trackNumber: '', statusCode: 'ACCEPTED', statusName: STATUS_NAMES.ACCEPTED!, tariffCode: quote.value.tariffCode }
}

async function read(uuid: string): Promise<ReadOutcome> {
  let json: unknown
  try {
    json = await cdekClient().request('GET', `orders/${encodeURIComponent(uuid)}`)
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  const parsed = orderAnswer.safeParse(json)
  if (!parsed.success) return { ok: false, error: 'СДЭК order: unexpected answer' }
  return { ok: true, reading: readOrder(parsed.data) }
}

export const cdekShipments: ShipmentCarrier = {
  code: CDEK,
  handler: CDEK_HANDLER,
  // «Курьер СДЭК» orders (ADR 212), and the shop's own courier orders the manager hands to СДЭК's
  // door delivery (склад-дверь, ADR 195).
  courierHandlers: ['sdek_courier', 'courier'],
  name: 'СДЭК',
  readyPlace: 'в пункте выдачи СДЭК',
  configured: () => activeCarrier(CDEK_HANDLER) !== undefined,
  registrationBlocker: () => (!activeCarrier(CDEK_HANDLER) ? M.notConfigured : !env().CDEK_SHIPMENT_POINT ? M.noShipmentPoint : null),
  register,
  read,
  readyStatuses: READY_STATUSES,
  finalStatuses: FINAL_STATUSES,
  statusNames: STATUS_NAMES,
  outcomes: CDEK_OUTCOMES,
}
