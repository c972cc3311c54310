import 'server-only'
import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { sessions } from '@/db/schema'
import { newSessionId, sessionTokenHash } from '@/lib/session'

export interface SessionRow {
  id: number
  userId: number | null
}

/** Who owns basket lines and favourites: the user once signed in, else the session. */
export type Owner = { kind: 'user'; userId: number } | { kind: 'session'; sessionId: number }

export function ownerOf(session: SessionRow): Owner {
  return session.userId !== null ? { kind: 'user', userId: session.userId } : { kind: 'session', sessionId: session.id }
}

/** Reads without writing: a visitor who never stored anything has no row. */
export async function findSession(db: Db | Tx, cookieId: string): Promise<SessionRow | null> {
  if (!cookieId) return null
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, sessionTokenHash(cookieId)))
  return row ?? null
}

/** Creates the row the first time a visitor stores something. */
export async function ensureSession(db: Db | Tx, cookieId: string): Promise<SessionRow> {
  const tokenHash = sessionTokenHash(cookieId)
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash })
    .onConflictDoUpdate({ target: sessions.tokenHash, set: { lastSeenAt: sql`now()` } })
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
    .set({ tokenHash: sessionTokenHash(fresh), userId: change.userId, lastSeenAt: sql`now()` })
    .where(eq(sessions.id, current.id))
    .returning({ id: sessions.id, userId: sessions.userId })
  if (!row) throw new Error('session vanished during rotation')
  return { cookieId: fresh, session: row }
}
