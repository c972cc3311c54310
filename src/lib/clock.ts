import { testHook } from './test-hooks'

/** Every rule that depends on time asks this clock, so tests move time instead of sleeping. */
export const clockOverride = testHook<(() => Date) | null>('clock', null)

export function now(): Date {
  const override = clockOverride()
  return override ? override() : new Date()
}
