import { and, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '@/db/client'
import { authThrottle, checkoutKeys, formLimits, sessions } from '@/db/schema'
import { expiredSessions } from '@/domains/session/session.server'

/** Rows that only matter for a while, and how long (ADR 131). */
const DAY_MS = 24 * 3600_000
/** A checkout key answers a repeated save of the same attempt; a week covers any retry. */
export const CHECKOUT_KEY_DAYS = 7
/** Throttles and form limits count in windows of at most an hour; a day is room to spare. */
export const COUNTER_DAYS = 1

export interface Forgotten {
  sessions: number
  checkoutKeys: number
  throttles: number
  formLimits: number
}

export async function forgetExpiredRows(db: Db, at: Date): Promise<Forgotten> {
  const counterCutoff = new Date(at.getTime() - COUNTER_DAYS * DAY_MS)
  const [gone, keys, throttles, limits] = await Promise.all([
    db.delete(sessions).where(expiredSessions(at)).returning({ id: sessions.id }),
    db
      .delete(checkoutKeys)
      .where(lt(checkoutKeys.createdAt, new Date(at.getTime() - CHECKOUT_KEY_DAYS * DAY_MS)))
      .returning({ key: checkoutKeys.key }),
    db
      .delete(authThrottle)
      .where(
        and(
          lt(authThrottle.windowStartedAt, counterCutoff),
          or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, at)),
        ),
      )
      .returning({ key: authThrottle.key }),
    db.delete(formLimits).where(lt(formLimits.windowStartedAt, counterCutoff)).returning({ key: formLimits.key }),
  ])
  return { sessions: gone.length, checkoutKeys: keys.length, throttles: throttles.length, formLimits: limits.length }
}
