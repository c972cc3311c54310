import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { db } from '@/db/client'
import { verifyAgainstDummy, verifyPassword } from '@/domains/account/password-hash.server'
import { allowAttempt, attemptSucceeded } from '@/domains/account/throttle.server'
import { can, type Actor } from '@/domains/staff/permissions'
import { staffAccount } from '@/domains/staff/staff-auth.server'
import { now } from '@/lib/clock'
import { env } from '@/lib/env'
import { Refusal } from '@/lib/refusal'
import { EXCHANGE_MESSAGES as M } from './exchange'
import { exchangeSessionByHash, insertExchangeSession, touchExchangeSession } from './exchange.db'

/** The development seed's exchange account; its password is in the README, so production refuses it. */
export const DEMO_EXCHANGE_EMAIL = 'exchange@example.ru'

/** A run of 1С lasts as long as its biggest import; a session left alone an hour is over. */
const IDLE_MS = 60 * 60_000
const MAX_SESSION_MS = 24 * 60 * 60_000
const TOUCH_EVERY_MS = 60_000

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** user:password of an `Authorization: Basic …` header (1С sends it on checkauth). */
export function basicCredentials(header: string | null): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 1) return null
  return { email: decoded.slice(0, colon).trim().toLowerCase(), password: decoded.slice(colon + 1) }
}

export interface ExchangeSession {
  id: number
  actor: Actor
}

/**
 * checkauth: the staff account's password, throttled on the staff login's own keys (an unknown
 * account costs the same as a wrong password), and the 'exchange' permission. A new session each time.
 */
export async function exchangeSignIn(authorization: string | null, ip: string): Promise<{ token: string; session: ExchangeSession }> {
  const credentials = basicCredentials(authorization)
  if (!credentials) throw new Refusal('forbidden', M.noAuth)
  const { email, password } = credentials
  if (!(await allowAttempt(db(), [['loginIp', ip], ['loginAccount', `staff:${email}`]]))) throw new Refusal('limited', M.tooMany)
  const refused = env().mode === 'production' && email === DEMO_EXCHANGE_EMAIL
  const member = refused ? undefined : await staffAccount(email)
  const ok = member?.passwordHash && member.active ? await verifyPassword(password, member.passwordHash) : await verifyAgainstDummy(password)
  if (!ok || !member) throw new Refusal('forbidden', M.wrong)
  await attemptSucceeded(db(), ['loginAccount', `staff:${email}`], ['loginIp', ip])
  if (!can(member.role, 'exchange')) throw new Refusal('forbidden', M.noPermission)
  if (member.totpSecret) throw new Refusal('forbidden', M.secondFactor)
  const token = randomBytes(32).toString('base64url')
  const id = await insertExchangeSession(db(), member.id, digest(token), now())
  return { token, session: { id, actor: { kind: 'staff', id: member.id, name: member.name || member.email, role: member.role } } }
}

/** The run behind 1С's cookie, or null when unknown, idle too long, too old, or its account lost the right. */
export async function exchangeSessionOf(token: string | undefined): Promise<ExchangeSession | null> {
  if (!token || token.length > 100) return null
  const row = await exchangeSessionByHash(db(), digest(token))
  if (!row || !row.member.active || !can(row.member.role, 'exchange')) return null
  const at = now().getTime()
  if (at - row.session.lastSeenAt.getTime() > IDLE_MS || at - row.session.createdAt.getTime() > MAX_SESSION_MS) return null
  if (at - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchExchangeSession(db(), row.session.id, new Date(at))
  return { id: row.session.id, actor: { kind: 'staff', id: row.member.id, name: row.member.name || row.member.email, role: row.member.role } }
}
