import 'server-only'
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { db as defaultDb, type Db, type Tx } from '@/db/client'
import { outbox } from '@/db/schema'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { mailMessage, MAX_ATTEMPTS, nextAttemptDelayMs, type MailMessage } from './mail'
import { mailTransport } from './transport.server'

/**
 * Queues a mail in the caller's transaction. `dedupeKey` makes a retried use-case mail once
 * (e.g. `order-paid:42`).
 */
export async function enqueueMail(db: Db | Tx, message: MailMessage & { dedupeKey?: string }): Promise<void> {
  const { dedupeKey, ...rest } = message
  await db
    .insert(outbox)
    .values({
      kind: 'mail',
      payload: mailMessage.parse(rest),
      dedupeKey: dedupeKey ?? null,
      // The app's clock, not the database's: due-ness is compared against now() of the same clock.
      nextAttemptAt: now(),
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
}

/**
 * Sends due messages. Rows are claimed with a conditional update, so two workers (two app instances)
 * never send the same message twice.
 */
export async function drainOutbox(limit = 20, db: Db = defaultDb()): Promise<{ sent: number; failed: number }> {
  const due = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now())))
    .orderBy(outbox.id)
    .limit(limit)
  if (due.length === 0) return { sent: 0, failed: 0 }
  const claimed = await db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
    .where(and(inArray(outbox.id, due.map((r) => r.id)), eq(outbox.status, 'pending')))
    .returning({ id: outbox.id, payload: outbox.payload, attempts: outbox.attempts })
  let sent = 0
  let failed = 0
  for (const row of claimed) {
    try {
      await mailTransport().send(mailMessage.parse(row.payload), row.id)
      await db.update(outbox).set({ status: 'sent', sentAt: now() }).where(eq(outbox.id, row.id))
      sent++
    } catch (error) {
      failed++
      const giveUp = row.attempts >= MAX_ATTEMPTS
      logger.warn({ err: error, outboxId: row.id, attempts: row.attempts }, 'mail not sent')
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: String(error).slice(0, 500),
          nextAttemptAt: new Date(now().getTime() + nextAttemptDelayMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id))
    }
  }
  return { sent, failed }
}

let timer: NodeJS.Timeout | undefined

/** Started once per server process (src/instrumentation.ts). */
export function startOutboxWorker(intervalMs = 2000): void {
  if (timer) return
  let running = false
  timer = setInterval(() => {
    if (running) return
    running = true
    drainOutbox()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox drain failed'))
      .finally(() => (running = false))
  }, intervalMs)
  timer.unref()
}
