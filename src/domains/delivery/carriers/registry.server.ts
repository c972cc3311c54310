import 'server-only'
import { db } from '@/db/client'
import { logger } from '@/lib/logger'
import { cityByCode } from './carriers.db'
import type { Carrier, RefreshOutcome } from './carrier'
import { boxberryCarrier } from './boxberry/boxberry.server'
import { cdekCarrier } from './cdek/cdek.server'
import { pochtaCarrier } from './pochta/pochta.server'

/**
 * The carrier modules, registered by code (ADR 176). A module is offered only when its keys are set;
 * a delivery service without an active carrier keeps its built-in provider.
 */
const CARRIERS: readonly Carrier[] = [cdekCarrier, boxberryCarrier, pochtaCarrier]

/** The configured carrier serving a delivery service's handler ('sdek', or its courier 'sdek_courier'), if any. */
export function activeCarrier(handler: string): Carrier | undefined {
  return CARRIERS.find((c) => (c.handler === handler || c.courierHandler === handler) && c.configured())
}

export function carrierByCode(code: string): Carrier | undefined {
  return CARRIERS.find((c) => c.code === code)
}

/**
 * The daily points refresh, run by the housekeeping job every hour: each configured carrier refreshes
 * the cities whose points are over a day old. A failing carrier leaves the others' refresh running.
 */
export async function refreshDueCarrierPoints(): Promise<Record<string, RefreshOutcome[]>> {
  const out: Record<string, RefreshOutcome[]> = {}
  for (const carrier of CARRIERS) {
    if (!carrier.configured()) continue
    try {
      out[carrier.code] = await carrier.refreshDue()
    } catch (error) {
      logger.error({ err: error, carrier: carrier.code }, 'carrier points refresh failed')
    }
  }
  return out
}

/**
 * Loads one city's points from a carrier now (for the back office's «обновить пункты»): null when
 * the carrier is unknown or not configured, or the city unknown.
 */
export async function refreshCarrierCity(carrierCode: string, cityCode: string): Promise<RefreshOutcome | null> {
  const carrier = carrierByCode(carrierCode)
  const city = await cityByCode(db(), cityCode)
  if (!carrier?.configured() || !city) return null
  return carrier.refreshCity(city)
}
