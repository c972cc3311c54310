import 'server-only'
import type { Db } from '@/db/client'
import { logger } from '@/lib/logger'
import { pollDolyamePayments } from './dolyame/dolyame.server'
import { pollTbankPayments } from './tbank/tbank.server'
import { pollOpenPayments } from './yookassa/yookassa.server'

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
