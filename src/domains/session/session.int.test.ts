import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { sessions, users } from '@/db/schema'
import { newSessionId, sessionTokenHash } from '@/lib/session'
import { ensureSession, findSession, ownerOf, rotateSession } from './session.server'
import { setClock } from '../../../tests/support/test-hooks'

describe('sessions in the database', () => {
  it('creates no row until asked, then one row per visitor', async () => {
    const id = newSessionId()
    expect(await findSession(db(), id)).toBeNull()
    const first = await ensureSession(db(), id)
    const again = await ensureSession(db(), id)
    expect(again.id).toBe(first.id)
    expect(ownerOf(first)).toEqual({ kind: 'session', sessionId: first.id })
  })

  it('stores only the hash of the cookie id', async () => {
    const id = newSessionId()
    await ensureSession(db(), id)
    const rows = await db().select({ tokenHash: sessions.tokenHash }).from(sessions)
    expect(rows.some((r) => r.tokenHash === sessionTokenHash(id))).toBe(true)
    expect(rows.some((r) => r.tokenHash === id)).toBe(false)
  })

  it('rotation keeps the row but makes the old cookie id worthless', async () => {
    const old = newSessionId()
    const row = await ensureSession(db(), old)
    const { cookieId, session } = await rotateSession(db(), old, { userId: null })
    expect(session.id).toBe(row.id)
    expect(cookieId).not.toBe(old)
    expect(await findSession(db(), old)).toBeNull()
    expect((await findSession(db(), cookieId))?.id).toBe(row.id)
  })
})

describe('session lifetimes (ADR 131: 30 days idle, 180 days at most)', () => {
  const DAY = 24 * 3600_000
  let at = Date.now()
  const travel = (days: number) => {
    at += days * DAY
    setClock(() => new Date(at))
  }
  afterEach(() => setClock(null))

  async function signedIn(): Promise<string> {
    const [user] = await db().insert(users).values({ email: `life${Math.random()}@example.ru`, name: 'Ира', passwordHash: null }).returning()
    at = Date.now()
    setClock(() => new Date(at))
    return (await rotateSession(db(), newSessionId(), { userId: user!.id })).cookieId
  }

  it('ends a session left unused for longer than the idle lifetime', async () => {
    const cookie = await signedIn()
    travel(29)
    expect((await findSession(db(), cookie))?.userId).not.toBeNull()
    travel(29) // used 29 days ago: still alive
    expect((await findSession(db(), cookie))?.userId).not.toBeNull()
    travel(31)
    expect(await findSession(db(), cookie)).toBeNull()
  })

  it('ends a busy session at its absolute lifetime, counted from sign-in', async () => {
    const cookie = await signedIn()
    // Used every week: alive on day 175 …
    for (let week = 1; week <= 25; week++) {
      travel(7)
      expect(await findSession(db(), cookie)).not.toBeNull()
    }
    // … and over on day 182, though it was used a week before.
    travel(7)
    expect(await findSession(db(), cookie)).toBeNull()
  })

  it('starts an expired cookie afresh: signed out, a new row, the old one gone', async () => {
    const cookie = await signedIn()
    const [old] = await db().select().from(sessions).where(eq(sessions.tokenHash, sessionTokenHash(cookie)))
    travel(31)
    const fresh = await ensureSession(db(), cookie)
    expect(fresh.userId).toBeNull()
    expect(fresh.id).not.toBe(old!.id)
  })

  it('writes the last use at most once an hour while browsing', async () => {
    const cookie = await signedIn()
    const lastSeen = async () =>
      (await db().select({ t: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, sessionTokenHash(cookie))))[0]!.t.getTime()
    const first = await lastSeen()
    at += 30 * 60_000
    await findSession(db(), cookie)
    expect(await lastSeen()).toBe(first)
    at += 31 * 60_000
    await findSession(db(), cookie)
    expect(await lastSeen()).toBe(at)
  })
})
