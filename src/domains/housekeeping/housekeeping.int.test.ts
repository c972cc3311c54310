import { eq, inArray } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { authThrottle, checkoutKeys, formLimits, sessions } from '@/db/schema'
import { newSessionId, sessionTokenHash } from '@/lib/session'
import { runHousekeeping } from './housekeeping.server'
import { setClock } from '../../../tests/support/test-hooks'

const DAY = 24 * 3600_000
afterEach(() => setClock(null))

describe('housekeeping job', () => {
  it('forgets expired sessions, old checkout keys and spent counters, and keeps what is alive', async () => {
    const start = Date.now()
    const old = new Date(start - 40 * DAY)
    const recent = new Date(start - 3600_000)
    const [idle, alive] = await db()
      .insert(sessions)
      .values([
        { tokenHash: sessionTokenHash(newSessionId()), createdAt: old, lastSeenAt: old },
        { tokenHash: sessionTokenHash(newSessionId()), createdAt: recent, lastSeenAt: recent },
      ])
      .returning({ id: sessions.id })
    await db()
      .insert(checkoutKeys)
      .values([
        { owner: 'hk', key: 'old', createdAt: new Date(start - 8 * DAY) },
        { owner: 'hk', key: 'new', createdAt: recent },
      ])
    await db()
      .insert(authThrottle)
      .values([
        { key: 'hk:spent', attempts: 3, windowStartedAt: new Date(start - 2 * DAY) },
        { key: 'hk:blocked', attempts: 9, windowStartedAt: new Date(start - 2 * DAY), blockedUntil: new Date(start + 3600_000) },
        { key: 'hk:current', attempts: 1, windowStartedAt: recent },
      ])
    await db()
      .insert(formLimits)
      .values([
        { key: 'hk:spent', hits: 4, windowStartedAt: new Date(start - 2 * DAY) },
        { key: 'hk:current', hits: 1, windowStartedAt: recent },
      ])
    setClock(() => new Date(start))

    const forgotten = await runHousekeeping()
    expect(forgotten.sessions).toBeGreaterThanOrEqual(1)

    const ids = (await db().select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, [idle!.id, alive!.id]))).map((r) => r.id)
    expect(ids).toEqual([alive!.id])
    expect((await db().select({ key: checkoutKeys.key }).from(checkoutKeys).where(eq(checkoutKeys.owner, 'hk'))).map((r) => r.key)).toEqual(['new'])
    const throttles = (await db().select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key).filter((k) => k.startsWith('hk:'))
    expect(throttles.sort()).toEqual(['hk:blocked', 'hk:current'])
    const limits = (await db().select({ key: formLimits.key }).from(formLimits)).map((r) => r.key).filter((k) => k.startsWith('hk:'))
    expect(limits).toEqual(['hk:current'])
  })
})
