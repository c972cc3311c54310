/** Background work of each server process: the change feed, the mail outbox worker and the housekeeping job. */
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
  // Other instances' writes reach this one's cache (ADR 160); without the feed they would wait for the TTL.
  const { followChanges } = await import('@/db/change-feed')
  const { logger } = await import('@/lib/logger')
  await followChanges().catch((error: unknown) => logger.error({ err: error }, 'cannot follow the change feed: other instances’ writes show after the cache TTL'))
  // Articles and news published with a later date appear at that moment, without a write (ADR 208).
  const { startPublicationTimer } = await import('@/domains/content/publication-timer.server')
  startPublicationTimer()
  const { startOutboxWorker } = await import('@/domains/mail/mail.server')
  startOutboxWorker()
  const { startHousekeeping } = await import('@/domains/housekeeping/housekeeping.server')
  startHousekeeping()
}
