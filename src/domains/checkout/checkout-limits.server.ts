import 'server-only'
import type { Db, Tx } from '@/db/client'
import { hitLimit } from '@/domains/captcha/captcha.server'
import { now } from '@/lib/clock'
import { testHook } from '@/lib/test-hooks'
import { countsAsBuyerAddress } from '@/lib/client-ip'
import { CHECKOUT_LIMITS_KEY, type CheckoutLimits } from './checkout-limits'
import { readSetting } from '@/domains/settings/settings.server'

/** The negative control of the limit tests switches the limits off. */
export const checkoutLimitGuard = testHook('checkout limits', true)

/** Read outside the order transaction: on PGlite a read through the shared handle would wait on it. */
export function loadCheckoutLimits(q: Db): Promise<CheckoutLimits> {
  return readSetting(q, CHECKOUT_LIMITS_KEY)
}

export interface Requester {
  /** The session row's id; 0 when there is none yet. */
  sessionId: number
  ip: string
}

/**
 * Counts one order (or one coupon try) for the session and for the address; false when either is
 * over its limit. Without a buyer's address only the session counts: with no trusted proxy every
 * visitor is the same 'unknown' client or the proxy's own address, and counting that would stop the
 * whole shop after a few orders (ADR 154).
 */
export async function withinLimits(q: Db | Tx, what: 'order' | 'coupon', who: Requester, limits: CheckoutLimits): Promise<boolean> {
  if (!checkoutLimitGuard()) return true
  const at = now()
  const windowSeconds = limits.windowMinutes * 60
  const perSession = what === 'order' ? limits.ordersPerSession : limits.couponTriesPerSession
  const perIp = what === 'order' ? limits.ordersPerIp : limits.couponTriesPerIp
  // One after the other, not in parallel: a transaction runs one statement at a time.
  if (who.sessionId > 0 && !(await hitLimit(q, `${what}:s:${who.sessionId}`, { max: perSession, windowSeconds }, at))) return false
  if (countsAsBuyerAddress(who.ip) && !(await hitLimit(q, `${what}:ip:${who.ip}`, { max: perIp, windowSeconds }, at))) return false
  return true
}
