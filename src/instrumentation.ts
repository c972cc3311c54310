/** Background work of each server process: the mail outbox worker and the housekeeping job. */
export async function register() {
  const { env, nextRuntime, startProblems } = await import('@/lib/env')
  if (nextRuntime() !== 'nodejs') return
  // `next start` run by hand skips scripts/start.ts: the same check (ADR 152), before env() meets a bad
  // setting and fails with a stack trace instead of a line naming it.
  const problems = startProblems()
  if (problems.length > 0) {
    for (const line of problems) console.error(line)
    process.exit(1)
  }
  if (env().NODE_ENV === 'test') return
  const { startOutboxWorker } = await import('@/domains/mail/mail.server')
  startOutboxWorker()
  const { startHousekeeping } = await import('@/domains/housekeeping/housekeeping.server')
  startHousekeeping()
}
