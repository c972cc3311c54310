import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Tx } from '@/db/client'
import { authThrottle, outbox, questions, reviews, subscriptions, turboSubscriptions, users } from '@/db/schema'

/**
 * The erasure list of ADR 100 in one place, so that it is read and reviewed as a whole: what the
 * person left in other areas' tables is removed or stripped here; what hangs off the user row
 * (sessions and with them guest baskets, addresses, password links, social links, buyer profiles,
 * basket, favourites, recently viewed) goes with it by the foreign keys' cascade.
 */
export async function eraseTracesOf(tx: Tx, user: { id: number; email: string }, throttleKeys: readonly string[]): Promise<void> {
  // Published reviews stay for other buyers (the rating counts them), without the author's name.
  await tx.update(reviews).set({ authorName: 'Покупатель', email: '' }).where(eq(reviews.userId, user.id))
  await tx.delete(questions).where(eq(questions.userId, user.id))
  // Newsletters are keyed by the address: the account's own address leaves every list.
  await tx.delete(subscriptions).where(or(eq(subscriptions.userId, user.id), eq(subscriptions.email, user.email)))
  await tx.delete(turboSubscriptions).where(eq(turboSubscriptions.email, user.email))
  // Mails already sent are the only other copy of name, address and order contents. Pending ones
  // (the cancellation of an unpaid order, queued a moment ago) still go out, then are sent history.
  await tx.delete(outbox).where(and(sql`lower(${outbox.payload}->>'to') = ${user.email}`, inArray(outbox.status, ['sent', 'failed'])))
  if (throttleKeys.length) await tx.delete(authThrottle).where(inArray(authThrottle.key, [...throttleKeys]))
  await tx.delete(users).where(eq(users.id, user.id))
}
