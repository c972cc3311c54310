import { boxberryLimits, type BoxberryLimits } from '@/domains/delivery/carriers/boxberry/boxberry.server'

/**
 * The Boxberry module's time limits (ADR 193), shortened so a fake that hangs fails within a test's
 * patience; null: the production values. Beside the fake, as cdek-hooks.ts is, so only the carrier's
 * tests load the carrier module (ADR 151: only tests/support sets hooks).
 */
export function setBoxberryLimits(change: Partial<BoxberryLimits> | null): void {
  if (change) boxberryLimits.set({ ...boxberryLimits(), ...change })
  else boxberryLimits.reset()
}
