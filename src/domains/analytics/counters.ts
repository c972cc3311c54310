import type { CspSources } from '@/lib/csp'

/**
 * Which analytics counters the shop loads (ADR 115): Yandex.Metrika and a GTM container, each only
 * when its id is set, from a configurable script URL (tests serve fakes locally; a mirror or a proxy
 * in front of the counters works the same way).
 */
export interface CounterSettings {
  metrika: { id: string; scriptUrl: string } | null
  gtm: { id: string; scriptUrl: string } | null
}

export interface CounterEnv {
  METRIKA_ID?: string | undefined
  METRIKA_SCRIPT_URL: string
  GTM_ID?: string | undefined
  GTM_SCRIPT_URL: string
  ANALYTICS_CSP_ORIGINS: string
}

/**
 * The ids in use: the back office's setting (ADR 168) where it names one, else the environment's.
 * The script URLs and extra CSP origins stay the environment's: they are the installation's, not
 * the owner's.
 */
export function withStoredIds(env: CounterEnv, stored: { metrikaId: string; gtmId: string } | null): CounterEnv {
  return { ...env, METRIKA_ID: stored?.metrikaId || env.METRIKA_ID, GTM_ID: stored?.gtmId || env.GTM_ID }
}

export function counterSettings(env: CounterEnv): CounterSettings {
  return {
    metrika: env.METRIKA_ID ? { id: env.METRIKA_ID, scriptUrl: env.METRIKA_SCRIPT_URL } : null,
    gtm: env.GTM_ID ? { id: env.GTM_ID, scriptUrl: env.GTM_SCRIPT_URL } : null,
  }
}

/** The origins the CSP must allow for the configured counters; none when no id is set. */
export function counterCspSources(env: CounterEnv): CspSources {
  const { metrika, gtm } = counterSettings(env)
  if (!metrika && !gtm) return { script: [], connect: [], frame: [] }
  const extra = env.ANALYTICS_CSP_ORIGINS.split(/\s+/).filter(Boolean)
  // tag.js sends its hits to its own origin and draws the click map in a frame from it.
  const metrikaOrigin = metrika ? [new URL(metrika.scriptUrl).origin] : []
  const gtmOrigin = gtm ? [new URL(gtm.scriptUrl).origin] : []
  const unique = (xs: string[]) => [...new Set(xs)]
  return {
    script: unique([...metrikaOrigin, ...gtmOrigin, ...extra]),
    connect: unique([...metrikaOrigin, ...gtmOrigin, ...extra]),
    frame: unique([...metrikaOrigin, ...extra]),
  }
}
