import 'server-only'
import { cookies } from 'next/headers'
import { db } from '@/db/client'
import { SESSION_COOKIE, isWellFormedSessionId } from '@/lib/session'
import { findSession, type SessionRow } from './session.server'

/** For server components of per-visitor pages (account, checkout): the visitor's cookie id and row. */
export async function currentSessionCookieId(): Promise<string> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value
  return isWellFormedSessionId(value) ? value : ''
}

export async function currentSession(): Promise<SessionRow | null> {
  return findSession(db(), await currentSessionCookieId())
}
