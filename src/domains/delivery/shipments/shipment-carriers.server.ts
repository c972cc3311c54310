import 'server-only'
import { pochtaShipments } from '../carriers/pochta/pochta-shipment.server'
import { boxberryShipments } from '../carriers/boxberry/boxberry-shipment.server'
import { cdekShipments } from './cdek-shipment.server'
import type { ShipmentCarrier } from './shipment-carrier'

/**
 * The carriers that take parcels (ADR 195), one line each. An order is shipped by the carrier whose
 * `handler` (or one of its `courierHandlers`) is the order's delivery handler.
 */
export const SHIPMENT_CARRIERS: readonly ShipmentCarrier[] = [
  cdekShipments,
  pochtaShipments,
  boxberryShipments,
]

export function shipmentCarrierByCode(code: string): ShipmentCarrier | undefined {
  return SHIPMENT_CARRIERS.find((c) => c.code === code)
}
