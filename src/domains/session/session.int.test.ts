import { describe, expect, it } from 'vitest'
import { db } from '@/db/client'
import { sessions } from '@/db/schema'
import { newSessionId, sessionTokenHash } from '@/lib/session'
import { ensureSession, findSession, ownerOf, rotateSession } from './session.server'

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
