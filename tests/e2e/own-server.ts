import { expect } from '@playwright/test'

/**
 * Waits until a server a spec started itself answers its health check: a spec that needs settings the
 * suite's server does not have (a fake provider, a crash) runs its own, and a busy machine takes a
 * varying while to start one, so the wait is for the answer, not for a time.
 */
export async function untilServing(base: string, timeout = 120_000): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/healthz/`)).ok
        } catch {
          return false // not listening yet
        }
      },
      { timeout, intervals: [250, 500, 1_000] },
    )
    .toBe(true)
}
