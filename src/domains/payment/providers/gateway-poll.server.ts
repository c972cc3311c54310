import 'server-only'
import type { Db } from '@/db/client'
import { logger } from '@/lib/logger'
import { DOLYAME_GATEWAY } from './dolyame/dolyame'
import { dolyameSettings } from './dolyame/dolyame-client.server'
import { pollDolyamePayments, syncPayment as syncDolyame } from './dolyame/dolyame.server'
import { rereadOnReturn } from './gateway-flow.server'
import { tbankSettings } from './tbank/tbank-client.server'
import { pollTbankPayments, syncPayment as syncTbank } from './tbank/tbank.server'
import { pollOpenPayments, rereadOnReturn as rereadYookassaOnReturn } from './yookassa/yookassa.server'

/**
 * Every configured gateway's open payments read again (ADR 173, 181, 182): the fallback for
 * notifications that never came, run before each round of the unpaid-order expiry so that an order
 * paid at a provider is recorded paid rather than cancelled. One gateway failing does not stop the others.
 */
export async function pollGateways(database: Db, at?: Date): Promise<Record<string, number>> {
  const read: Record<string, number> = {}
  const polls: [string, () => Promise<number>][] = [
    ['yookassa', () => pollOpenPayments(database, at)],
    ['tbank', () => pollTbankPayments(database, at)],
    ['dolyame', () => pollDolyamePayments(database, at)],
  ]
  for (const [code, poll] of polls) {
    try {
      read[code] = await poll()
    } catch (error) {
      logger.error({ err: error, gateway: code }, 'open payments not polled')
    }
  }
  return read
}

/**
 * The buyer is back on the order page: every configured gateway's open payments of the order are read
 * again (throttled) before the page shows them, so it says «Оплачен» without waiting for a
 * notification. The order page can call this instead of ЮKassa's own (one line, its owner's change).
 */
export async function rereadGatewaysOnReturn(database: Db, orderId: number, at?: Date): Promise<boolean> {
  const read = [await rereadYookassaOnReturn(database, orderId, at)]
  if (tbankSettings()) read.push(await rereadOnReturn(database, orderId, 'tbank', 'GetState', (row) => syncTbank(database, row.externalId), at))
  if (dolyameSettings()) read.push(await rereadOnReturn(database, orderId, DOLYAME_GATEWAY, 'GET orders/{id}/info', (row) => syncDolyame(database, row.externalId), at))
  return read.some(Boolean)
}
