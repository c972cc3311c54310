import { lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '@/db/client'
import { captchaUses, formLimits } from '@/db/schema'

/** True when this challenge was not used before; the primary key makes two racing uses one. */
export async function claimChallenge(db: Db | Tx, challengeId: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(captchaUses)
    .values({ challengeId, expiresAt })
    .onConflictDoNothing({ target: captchaUses.challengeId })
    .returning({ id: captchaUses.challengeId })
  return rows.length === 1
}

export async function forgetExpiredChallenges(db: Db | Tx, before: Date): Promise<void> {
  await db.delete(captchaUses).where(lt(captchaUses.expiresAt, before))
}

/** Counts one hit in a fixed window, atomically; answers the count including this hit. */
export async function countHit(db: Db | Tx, key: string, at: Date, windowSeconds: number): Promise<number> {
  const windowStart = sql`${new Date(at.getTime() - windowSeconds * 1000).toISOString()}::timestamptz`
  const atSql = sql`${at.toISOString()}::timestamptz`
  const [row] = await db
    .insert(formLimits)
    .values({ key, hits: 1, windowStartedAt: at })
    .onConflictDoUpdate({
      target: formLimits.key,
      set: {
        hits: sql`case when ${formLimits.windowStartedAt} <= ${windowStart} then 1 else ${formLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${formLimits.windowStartedAt} <= ${windowStart} then ${atSql} else ${formLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: formLimits.hits })
  return row?.hits ?? 1
}
