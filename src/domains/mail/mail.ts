import { z } from 'zod'

export const mailMessage = z.object({
  to: z.string().email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1),
  html: z.string().optional(),
})
export type MailMessage = z.infer<typeof mailMessage>

/** Retry backoff: 30 s, 2 min, 8 min … capped at 6 h; after 10 attempts the message is marked failed. */
export const MAX_ATTEMPTS = 10
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 6 * 3600_000)
}

/**
 * A claimed message whose sender has not reported back within this time is claimed again: the
 * sending process may have died. A slow sender may then send it twice, never zero times.
 */
export const CLAIM_LEASE_MS = 5 * 60_000

/**
 * The same Message-ID on every attempt of one outbox row, so a message sent twice (a reclaimed lease)
 * is one message to the receiving servers and mail clients.
 */
export function messageIdFor(outboxId: number, publicUrl: string): string {
  return `<outbox-${outboxId}@${new URL(publicUrl).hostname}>`
}
