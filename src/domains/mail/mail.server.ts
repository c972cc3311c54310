import 'server-only'
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { db as defaultDb, type Db, type Tx } from '@/db/client'
import { outbox } from '@/db/schema'
import { now } from '@/lib/clock'
import { logger } from '@/lib/logger'
import { CLAIM_LEASE_MS, mailMessage, MAX_ATTEMPTS, nextAttemptDelayMs, type MailMessage } from './mail'
import { readSetting } from '@/domains/settings/settings.server'
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

/** Due: waiting for its attempt, or claimed by a sender whose lease ran out (it may have died). */
function dueNow() {
  return and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, now()))
}

/**
 * Claims up to `limit` due messages with a conditional update, so two workers (two app instances)
 * never claim the same message at once. The claim is a lease: `nextAttemptAt` moves to its end.
 */
export async function claimDueMail(limit = 20, db: Db = defaultDb()) {
  const due = await db.select({ id: outbox.id }).from(outbox).where(dueNow()).orderBy(outbox.id).limit(limit)
  if (due.length === 0) return []
  return db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now().getTime() + CLAIM_LEASE_MS),
    })
    .where(and(inArray(outbox.id, due.map((r) => r.id)), dueNow()))
    .returning({ id: outbox.id, payload: outbox.payload, attempts: outbox.attempts })
}

/** Sends due messages, each under its claim (claimDueMail). */
export async function drainOutbox(limit = 20, db: Db = defaultDb()): Promise<{ sent: number; failed: number }> {
  const claimed = await claimDueMail(limit, db)
  if (claimed.length === 0) return { sent: 0, failed: 0 }
  // The back office's sender, else the transport's MAIL_FROM; read once per batch.
  const from = await readSetting(db, 'mail.from')
  let sent = 0
  let failed = 0
  for (const row of claimed) {
    try {
      const message = mailMessage.parse(row.payload)
      await mailTransport().send(from ? { ...message, from } : message, row.id)
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
