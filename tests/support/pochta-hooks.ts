import { pochtaLimits, type PochtaLimits } from '@/domains/delivery/carriers/pochta/pochta.server'

/**
 * The Почта России module's time limits (ADR 194), shortened so a fake that hangs fails within a test's
 * patience; null: the production values. Apart from the fake, which a browser test also starts outside
 * the server's module graph, and from test-hooks.ts, so only the carrier's tests load the module
 * (ADR 151's rule holds: only tests/support sets hooks).
 */
export function setPochtaLimits(change: Partial<PochtaLimits> | null): void {
  if (change) pochtaLimits.set({ ...pochtaLimits(), ...change })
  else pochtaLimits.reset()
}
