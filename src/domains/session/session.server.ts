import 'server-only'
import { and, eq, lt, or } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { sessions } from '@/db/schema'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { newSessionId, sessionTokenHash } from '@/lib/session'
import { isExpired, lifetimes, needsTouch } from './session'

export interface SessionRow {
  id: number
  userId: number | null
}

/** Who owns basket lines and favourites: the user once signed in, else the session. */
export type Owner = { kind: 'user'; userId: number } | { kind: 'session'; sessionId: number }

export function ownerOf(session: SessionRow): Owner {
  return session.userId !== null ? { kind: 'user', userId: session.userId } : { kind: 'session', sessionId: session.id }
}

/**
 * The visitor's row, or null for none and for one past its lifetime (ADR 131). Browsing writes at
 * most once an hour: the last use is what keeps a session alive.
 */
export async function findSession(db: Db | Tx, cookieId: string): Promise<SessionRow | null> {
  if (!cookieId) return null
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, sessionTokenHash(cookieId)))
  if (!row) return null
  const at = now()
  if (isExpired(row, at, lifetimes(env()))) return null
  if (needsTouch(row.lastSeenAt, at)) await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.id))
  return { id: row.id, userId: row.userId }
}

/** Sessions past their lifetime at `at`: forgotten by the housekeeping job, never revived. */
export function expiredSessions(at: Date) {
  const life = lifetimes(env())
  return or(
    lt(sessions.lastSeenAt, new Date(at.getTime() - life.idleMs)),
    lt(sessions.createdAt, new Date(at.getTime() - life.maxMs)),
  )
}

/**
 * Creates the row the first time a visitor stores something. A cookie whose session has expired
 * starts a new one: its old row (and the guest basket on it) is gone, the account signed out.
 */
export async function ensureSession(db: Db | Tx, cookieId: string): Promise<SessionRow> {
  const tokenHash = sessionTokenHash(cookieId)
  const at = now()
  await db.delete(sessions).where(and(eq(sessions.tokenHash, tokenHash), expiredSessions(at)))
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash, createdAt: at, lastSeenAt: at })
    .onConflictDoUpdate({ target: sessions.tokenHash, set: { lastSeenAt: at } })
    .returning({ id: sessions.id, userId: sessions.userId })
  if (!row) throw new Error('session upsert returned nothing')
  return row
}

/**
 * Gives the session a new cookie id (login, registration, logout), so an id known before the change
 * is worthless after it. Returns the new id for the cookie.
 */
export async function rotateSession(
  db: Db | Tx,
  cookieId: string,
  change: { userId: number | null },
): Promise<{ cookieId: string; session: SessionRow }> {
  const fresh = newSessionId()
  const current = await ensureSession(db, cookieId)
  const [row] = await db
    .update(sessions)
    // Signing in or out starts the absolute lifetime anew.
    .set({ tokenHash: sessionTokenHash(fresh), userId: change.userId, createdAt: now(), lastSeenAt: now() })
    .where(eq(sessions.id, current.id))
    .returning({ id: sessions.id, userId: sessions.userId })
  if (!row) throw new Error('session vanished during rotation')
  return { cookieId: fresh, session: row }
}

/** Sign-out: the row is gone with everything hung on it; the browser starts over with a new id. */
export async function endSession(db: Db | Tx, cookieId: string): Promise<void> {
  if (cookieId) await db.delete(sessions).where(eq(sessions.tokenHash, sessionTokenHash(cookieId)))
}
