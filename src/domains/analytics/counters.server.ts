import 'server-only'
import { env } from '@/lib/env'
import { counterSettings, type CounterSettings } from './counters'

/** The counters of this instance, for the page shell. */
export function configuredCounters(): CounterSettings {
  return counterSettings(env())
}
