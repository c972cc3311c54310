import 'server-only'
import { db } from '@/db/client'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { startOrderExpiry } from '@/domains/orders/order-expiry.server'
import { sendStrandedRefunds } from '@/domains/payment/payment-refund.server'
import { settleOpenReceipts } from '@/domains/payment/receipt-settlement.server'
import { pollGateways } from '@/domains/payment/providers/gateway-poll.server'
import { refreshDueCarrierPoints } from '@/domains/delivery/carriers/registry.server'
import { pollShipments } from '@/domains/delivery/shipments/shipments.server'
import { forgetExpiredRows, type Forgotten } from './housekeeping.db'
import { refreshOrderStatistics, type AnalyzedTable } from './statistics.db'

/**
 * Forgets what has outlived its use: expired sessions (and the guest baskets on them), old checkout
 * keys, spent throttle and form-limit counters. Every instance may run it: deleting twice is harmless.
 * Then refreshes the order list's planner statistics where they are due (PGlite has no autoanalyze).
 */
export async function runHousekeeping(): Promise<Forgotten & { analysed: AnalyzedTable[] }> {
  const at = now()
  const forgotten = await forgetExpiredRows(db(), at)
  const analysed = await refreshOrderStatistics(db(), at)
  logger.info({ forgotten, analysed }, 'housekeeping')
  return { ...forgotten, analysed }
}

let timer: NodeJS.Timeout | undefined

/**
 * Started once per server process (src/instrumentation.ts): once soon after start, then hourly; the
 * unpaid-order expiry (ADR 154) starts with it and runs every five minutes, each round first re-reading
 * the gateways' payments still open (ЮKassa, Т-Банк, Долями; ADR 173, 181, 182).
 */
export function startHousekeeping(intervalMs = 3600_000): void {
  if (timer) return
  const run = () => {
    void runHousekeeping().catch((error: unknown) => logger.error({ err: error }, 'housekeeping failed'))
    // A refund recorded by a process that died before calling the provider (ADR 155).
    void sendStrandedRefunds(db()).catch((error: unknown) => logger.error({ err: error }, 'refund retry failed'))
    // Settlement receipts ЮKassa did not answer or is still registering (ADR 183).
    void settleOpenReceipts(db()).catch((error: unknown) => logger.error({ err: error }, 'settlement receipts not settled'))
    // Carriers' pickup points older than a day, from configured carriers only (ADR 176).
    void refreshDueCarrierPoints().catch((error: unknown) => logger.error({ err: error }, 'carrier points refresh failed'))
    // СДЭК shipments whose status webhook never came (ADR 188).
    void pollShipments().catch((error: unknown) => logger.error({ err: error }, 'shipment poll failed'))
  }
  setTimeout(run, 60_000).unref()
  timer = setInterval(run, intervalMs)
  timer.unref()
  startOrderExpiry(() => pollGateways(db()))
}
