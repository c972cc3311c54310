import 'server-only'
import { logger } from '@/lib/logger'
import type { ReadOutcome, RegisterOutcome, ShipmentCarrier, ShipmentRequest } from '../../shipments/shipment-carrier'
import { POCHTA, POCHTA_HANDLER, TARIFF_OBJECTS } from './pochta'
import { PochtaError, errorText } from './pochta-client.server'
import {
  POCHTA_FINAL_STATUSES,
  POCHTA_OUTCOMES,
  POCHTA_READY_STATUSES,
  POCHTA_SHIPMENT_MESSAGES as M,
  POCHTA_STATUS_NAMES,
  backlogAnswer,
  backlogErrors,
  backlogOrder,
  classify,
  phoneNumber,
  shipmentAnswer,
} from './pochta-shipment'
import { pochtaCarrier, pochtaClient, pochtaLimits, pochtaSettings } from './pochta.server'

/**
 * Почта России behind the shipments domain (ADR 194, on ADR 195's interface): a parcel to the order's
 * post office goes into otpravka's backlog (`PUT /1.0/user/backlog`) when the shop has switched
 * registration on (POCHTA_SHIPMENTS); it is read back by its otpravka id — `GET /1.0/backlog/{id}` while
 * it is new, `GET /1.0/shipment/{id}` once staff have put it in a batch in otpravka, with its ШПИ and the
 * last tracking operation.
 */

/**
 * Our ref of a parcel: otpravka's order id with a prefix, so it never meets another carrier's numeric id
 * in carrier_shipments.uuid (unique across carriers).
 */
const REF_PREFIX = 'rp-'

function blocker(): string | null {
  if (!pochtaCarrier.configured()) return M.notConfigured
  if (!pochtaSettings().shipments) return M.disabled
  return null
}

async function register(request: ShipmentRequest): Promise<RegisterOutcome> {
  const blocked = blocker()
  if (blocked) return { ok: false, kind: 'refused', message: blocked }
  if (!request.city) return { ok: false, kind: 'refused', message: M.noCity }
  if (!/^\d{6}$/.test(request.pointCode)) return { ok: false, kind: 'refused', message: M.badIndex }
  if (phoneNumber(request.order.phone) === null) return { ok: false, kind: 'refused', message: M.noPhone }
  const goods = request.order.lines.reduce((sum, l) => sum + l.priceKopecks * l.quantity, 0)
  const body = backlogOrder({
    orderId: request.order.id,
    buyerName: request.order.buyerName,
    phone: request.order.phone,
    email: request.order.email,
    paid: request.order.paid,
    totalKopecks: goods + request.order.deliveryKopecks,
    weightGrams: request.pkg.weightGrams,
    indexTo: request.pointCode,
    placeTo: request.city.name,
    regionTo: request.city.region,
    fromIndex: pochtaSettings().fromIndex,
  })
  let json: unknown
  try {
    json = await pochtaClient().request('PUT', '1.0/user/backlog', { body: [body], timeoutMs: pochtaLimits().shipmentTimeoutMs })
  } catch (error) {
    if (error instanceof PochtaError && (error.kind === 'auth' || (error.kind === 'http' && error.status !== undefined && error.status < 500))) {
      return { ok: false, kind: 'refused', message: `${M.refused}: ${error.message}` }
    }
    logger.warn({ err: error, orderId: request.order.id }, 'Почта России backlog registration failed')
    return { ok: false, kind: 'down', message: M.down }
  }
  const parsed = backlogAnswer.safeParse(json)
  const id = parsed.success ? parsed.data['result-ids']?.[0] : undefined
  if (id === undefined) {
    const why = parsed.success ? backlogErrors(parsed.data) : ''
    return { ok: false, kind: 'refused', message: `${M.refused}: ${why || errorText(json) || 'нет номера заказа в ответе'}` }
  }
  return { ok: true, ref: `${REF_PREFIX}${id}`, trackNumber: '', statusCode: 'NEW', statusName: POCHTA_STATUS_NAMES.NEW!, tariffCode: TARIFF_OBJECTS.pickup.code }
}

async function read(ref: string): Promise<ReadOutcome> {
  const id = ref.startsWith(REF_PREFIX) && /^\d{1,20}$/.test(ref.slice(REF_PREFIX.length)) ? ref.slice(REF_PREFIX.length) : null
  if (!id) return { ok: false, error: `not an otpravka id: ${ref}` }
  const client = pochtaClient()
  const timeoutMs = pochtaLimits().shipmentTimeoutMs
  try {
    try {
      await client.request('GET', `1.0/backlog/${id}`, { timeoutMs })
      // Still new in otpravka: no track number and no operation yet.
      return { ok: true, reading: { trackNumber: '', statuses: [], invalid: null } }
    } catch (error) {
      // Not in the backlog any more: staff have put it in a batch.
      if (!(error instanceof PochtaError && error.status === 404)) throw error
    }
    const parsed = shipmentAnswer.safeParse(await client.request('GET', `1.0/shipment/${id}`, { timeoutMs }))
    if (!parsed.success) return { ok: false, error: 'Почта России shipment: unexpected answer' }
    const a = parsed.data
    const at = a['last-oper-date'] ? new Date(a['last-oper-date']) : null
    const code = classify(a)
    const statuses =
      at && !Number.isNaN(at.getTime()) && (a['last-oper-type'] || a['human-operation-name'])
        ? [{ code, name: POCHTA_STATUS_NAMES[code] ?? a['human-operation-name'] ?? code, at: at.toISOString(), city: '' }]
        : []
    return { ok: true, reading: { trackNumber: a.barcode?.trim() ?? '', statuses, invalid: null } }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

export const pochtaShipments: ShipmentCarrier = {
  code: POCHTA,
  handler: POCHTA_HANDLER,
  name: 'Почта России',
  readyPlace: 'в отделении Почты России',
  configured: () => pochtaCarrier.configured(),
  registrationBlocker: blocker,
  register,
  read,
  readyStatuses: POCHTA_READY_STATUSES,
  finalStatuses: POCHTA_FINAL_STATUSES,
  statusNames: POCHTA_STATUS_NAMES,
  outcomes: POCHTA_OUTCOMES,
}
