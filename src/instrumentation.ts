/** Background work of each server process: the mail outbox worker and the housekeeping job. */
export async function register() {
  const { env } = await import('@/lib/env')
  if (env().NEXT_RUNTIME !== 'nodejs' || env().NODE_ENV === 'test') return
  const { startOutboxWorker } = await import('@/domains/mail/mail.server')
  startOutboxWorker()
  const { startHousekeeping } = await import('@/domains/housekeeping/housekeeping.server')
  startHousekeeping()
}
