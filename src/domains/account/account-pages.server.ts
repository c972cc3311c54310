import 'server-only'
import { db } from '@/db/client'
import { orderForViewer } from '@/domains/orders/orders.server'
import { currentSession } from '@/domains/session/current-session.server'
import { now } from '@/lib/clock'
import { safeBackUrl, todayInMoscow } from './account'
import { currentUser, type User } from './account.server'
import { buyerMayCancel } from './order-actions'
import { isPasswordLinkValid } from './password.server'
import { addressesOfUser } from './profile.server'
import { socialLoginConfig } from './social-login.server'
import type { ProfileData } from './ui/profile-form'

type SearchParams = Record<string, string | string[] | undefined>

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

/**
 * Where a guest who wanted to review goes back to after signing in (RETURN-TO-COMMENT=Y and
 * BACK_URL = product path + #reviews), and the query that keeps that wish across login/registration.
 */
export function returnTarget(params: SearchParams): { backUrl: string | null; query: string } {
  const backUrl = one(params['RETURN-TO-COMMENT']) === 'Y' ? safeBackUrl(one(params.BACK_URL)) : null
  if (!backUrl) return { backUrl: null, query: '' }
  return { backUrl, query: `?${new URLSearchParams({ 'RETURN-TO-COMMENT': 'Y', BACK_URL: backUrl }).toString()}` }
}

export type PersonalView =
  | { kind: 'account'; user: User; profile: ProfileData; today: string }
  | { kind: 'return'; to: string }
  | { kind: 'login'; backUrl: string | null; registerHref: string; socialAuthUrl: string | null }
  | { kind: 'forgot' }
  | { kind: 'reset'; token: string; valid: boolean }

/** What /personal/ shows for this visitor and address. */
export async function personalView(params: SearchParams): Promise<PersonalView> {
  if (one(params.change_password) === 'yes') {
    const token = one(params.token) ?? ''
    return { kind: 'reset', token, valid: await isPasswordLinkValid(token) }
  }
  const { backUrl, query } = returnTarget(params)
  const user = await currentUser()
  if (user) {
    if (backUrl) return { kind: 'return', to: backUrl }
    const profile: ProfileData = { ...user, addresses: await addressesOfUser(user.id) }
    return { kind: 'account', user, profile, today: todayInMoscow(now()) }
  }
  if (one(params.forgot_password) === 'yes') return { kind: 'forgot' }
  return { kind: 'login', backUrl, registerHref: `/auth/register/${query}`, socialAuthUrl: socialLoginConfig()?.authUrl ?? null }
}

export function greetingFor(user: User): string {
  return user.name ? `${user.name}, ${user.email}` : user.email
}

/** The buyer's buttons on the order page (ADR 100): only for the visitor's own order, else null. */
export async function orderActionsView(rawId: string | string[] | undefined): Promise<{ orderId: number; canCancel: boolean } | null> {
  const text = one(rawId)
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null
  const session = await currentSession()
  const found = session ? await orderForViewer(db(), Number(text), { sessionId: session.id, userId: session.userId }) : null
  return found ? { orderId: found.order.id, canCancel: buyerMayCancel(found.order.status) } : null
}
