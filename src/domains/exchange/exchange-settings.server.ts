import 'server-only'
import { db, type Db, type Tx } from '@/db/client'
import { readSetting } from '@/domains/settings/settings.server'
import { env } from '@/lib/env'
import { resolveExchangeSettings, type ExchangeSettings } from './exchange-settings'

export type { ExchangeSettings }

/**
 * The exchange's settings now (ADR 198): the owner's values from the back office ('exchange.protocol',
 * 'exchange.catalog'), each empty field falling back to the environment's EXCHANGE_*. Read per request
 * of 1С (two primary-key reads), so a change applies to the next request without a restart.
 */
export async function exchangeSettings(q: Db | Tx = db()): Promise<ExchangeSettings> {
  const [protocol, catalog] = await Promise.all([readSetting(q, 'exchange.protocol'), readSetting(q, 'exchange.catalog')])
  return resolveExchangeSettings(protocol, catalog, env())
}
