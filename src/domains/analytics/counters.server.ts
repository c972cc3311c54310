import 'server-only'
import { db } from '@/db/client'
import { readSetting } from '@/domains/settings/settings.server'
import { cached } from '@/lib/cache'
import { env } from '@/lib/env'
import { logger } from '@/lib/logger'
import { counterCspSources, counterSettings, withStoredIds, type CounterEnv, type CounterSettings } from './counters'
import type { CspSources } from '@/lib/csp'

const KEY = 'analytics.counters'

/**
 * The counters' configuration: env.ts's variables with the ids of the back office's setting over
 * them. The proxy asks for it on every request, so it comes from the in-process data cache under the
 * 'settings' tag, which a settings change empties at once on every instance (ADR 160); one query per
 * minute at most otherwise. A database that cannot answer leaves the environment's ids in use rather
 * than failing every page (not cached, so the setting returns with the database).
 */
async function counterEnv(): Promise<CounterEnv> {
  try {
    return await cached(`settings:${KEY}`, { tags: ['settings'] }, async () => withStoredIds(env(), await readSetting(db(), KEY)))
  } catch (error) {
    logger.warn({ err: error }, 'analytics counters: the setting is unreadable, the environment’s ids are in use')
    return env()
  }
}

/** The counters of this instance, for the page shell. */
export async function configuredCounters(): Promise<CounterSettings> {
  return counterSettings(await counterEnv())
}

/** What the CSP must allow for them (src/proxy.ts). */
export async function configuredCounterCspSources(): Promise<CspSources> {
  return counterCspSources(await counterEnv())
}
