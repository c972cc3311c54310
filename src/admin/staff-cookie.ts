import { STAFF_COOKIE } from '@/domains/staff/staff-auth.server'
import { env } from '@/lib/env'

export { STAFF_COOKIE }

/**
 * The staff session cookie: HttpOnly, and SameSite=Strict so that no request another site makes the
 * browser send carries it (ADR 162). No Max-Age: it dies with the browser, and the server ends it
 * after 30 idle minutes anyway.
 */
export function staffCookie(token: string | null): string {
  const parts = [`${STAFF_COOKIE}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Strict']
  if (!token) parts.push('Max-Age=0')
  if (env().cookieSecure) parts.push('Secure')
  return parts.join('; ')
}
