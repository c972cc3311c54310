import { cdekLimits, type CdekLimits } from '@/domains/delivery/carriers/cdek/cdek.server'

/**
 * The СДЭК module's time limits (ADR 176), shortened so a fake that hangs fails within a test's
 * patience; null: the production values. Kept beside the fake rather than in test-hooks.ts, which
 * every test file imports, so only the carrier's tests load the carrier module (ADR 151's rule holds:
 * only tests/support sets hooks).
 */
export function setCdekLimits(change: Partial<CdekLimits> | null): void {
  if (change) cdekLimits.set({ ...cdekLimits(), ...change })
  else cdekLimits.reset()
}
