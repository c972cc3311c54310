import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { env } from './env'
import { SESSID_COOKIE, SESSION_COOKIE } from './session-cookies'

/**
 * Session identity without the database: an HttpOnly cookie holds a random 256-bit id; a second cookie,
 * readable by scripts, holds `sessid` = HMAC(secret, id). Every POST sends `sessid` as a form field
 * (double submit bound to the session), so cached HTML never has to carry it.
 */
export { SESSID_COOKIE, SESSION_COOKIE }
export const SESSION_MAX_AGE = 60 * 60 * 24 * 30

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function newSessionId(): string {
  return randomBytes(32).toString('base64url')
}

export function isWellFormedSessionId(value: string | undefined | null): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value)
}

export function sessidFor(sessionId: string): string {
  return createHmac('sha256', env().SESSION_SECRET).update(`sessid:${sessionId}`).digest('base64url').slice(0, 32)
}

export function isValidSessid(sessionId: string | undefined, sessid: unknown): boolean {
  if (!isWellFormedSessionId(sessionId) || typeof sessid !== 'string' || sessid.length !== 32) return false
  return timingSafeEqual(Buffer.from(sessidFor(sessionId)), Buffer.from(sessid))
}

/** What the database stores: a leaked table does not hand out live cookies. */
export function sessionTokenHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex')
}

export interface CookieToSet {
  name: string
  value: string
  httpOnly: boolean
  maxAge: number
}

export function sessionCookies(sessionId: string): CookieToSet[] {
  return [
    { name: SESSION_COOKIE, value: sessionId, httpOnly: true, maxAge: SESSION_MAX_AGE },
    { name: SESSID_COOKIE, value: sessidFor(sessionId), httpOnly: false, maxAge: SESSION_MAX_AGE },
  ]
}

/**
 * The cookies a response must set for a visitor who sent `current` and `sessid`: none when they are
 * well-formed and belong together, else a new session's pair (a first visit, a forged or stale id).
 */
export function sessionCookiesToIssue(current: string | undefined, sessid: string | undefined): CookieToSet[] {
  if (isWellFormedSessionId(current) && sessid === sessidFor(current)) return []
  return sessionCookies(isWellFormedSessionId(current) ? current : newSessionId())
}

export function serializeCookie(cookie: CookieToSet): string {
  const parts = [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    'Path=/',
    `Max-Age=${cookie.maxAge}`,
    'SameSite=Lax',
  ]
  if (cookie.httpOnly) parts.push('HttpOnly')
  if (env().cookieSecure) parts.push('Secure')
  return parts.join('; ')
}

/** Minimal Cookie header reader, for code that gets a plain Request. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}
