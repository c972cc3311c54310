import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signIn, setPassword, signOut, whoAmI } from '@/admin/api/session'
import { db } from '@/db/client'
import { staff } from '@/db/schema/staff'
import { DEMO_OWNER } from '@/db/seed/staff'
import { seedStaff } from '@/db/seed/staff'
import { IDLE_MS, passwordLinkFor, staffFromSession, STAFF_COOKIE } from '@/domains/staff/staff-auth.server'
import { totpCode, totpStep } from '@/domains/staff/totp'
import { readCookie } from '@/lib/session'
import { reloadEnv, setClock, setThrottleEnabled } from '../support/test-hooks'
import { adminRequest, signedInStaff, STAFF_PASSWORD } from '../support/staff'

afterEach(() => {
  setClock(null)
  setThrottleEnabled(true)
  vi.unstubAllEnvs()
  reloadEnv()
})

const login = (body: Record<string, string>, ip = '203.0.113.7') => {
  const request = adminRequest('POST', '/api/admin/session/', {}, body)
  request.headers.set('x-forwarded-for', ip)
  return signIn(request)
}
const cookieFrom = (response: Response) => response.headers.get('set-cookie') ?? ''

describe('staff sign-in', () => {
  it('the demo owner signs in with the README password and gets a Strict, HttpOnly cookie', async () => {
    const response = await login({ email: DEMO_OWNER.email, password: 'owner-demo-2026' })
    expect(response.status).toBe(200)
    const cookie = cookieFrom(response)
    expect(cookie).toMatch(new RegExp(`^${STAFF_COOKIE}=[\\w-]{40,}`))
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('HttpOnly')
    const token = readCookie(cookie.split(';')[0]!, STAFF_COOKIE)
    expect(await staffFromSession(token)).toMatchObject({ kind: 'staff', role: 'owner' })
  })

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login({ email: DEMO_OWNER.email, password: 'nope-nope-nope' })
    const unknown = await login({ email: 'nobody@example.ru', password: 'nope-nope-nope' })
    expect(wrong.status).toBe(403)
    expect(await unknown.json()).toEqual(await wrong.json())
  })

  it('stops password guessing after a few tries on one account; without the guard it does not (control)', async () => {
    // One instant: the delay after the free tries (1 s, then 2 s, …) cannot run out between guesses.
    const at = new Date()
    setClock(() => at)
    const member = await signedInStaff('manager')
    const guess = () => login({ email: member.email, password: 'wrong-password' }, '198.51.100.9')
    for (let i = 0; i < 6; i++) expect((await guess()).status).toBe(403)
    expect((await guess()).status).toBe(429)
    // Even the right password waits now.
    expect((await login({ email: member.email, password: STAFF_PASSWORD }, '198.51.100.9')).status).toBe(429)

    setThrottleEnabled(false)
    const other = await signedInStaff('manager')
    for (let i = 0; i < 8; i++) expect((await login({ email: other.email, password: 'wrong-password' }, '198.51.100.10')).status).toBe(403)
  })

  it('production mode refuses the demo owner, and its seed switches the account off', async () => {
    vi.stubEnv('SHOP_MODE', 'production')
    vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
    vi.stubEnv('SESSION_SECRET', 'x'.repeat(40))
    reloadEnv()
    expect((await login({ email: DEMO_OWNER.email, password: 'owner-demo-2026' })).status).toBe(403)
    await seedStaff(db())
    const [row] = await db().select().from(staff).where(eq(staff.email, DEMO_OWNER.email))
    expect(row).toMatchObject({ active: false, passwordHash: null })
  })
})

describe('staff sessions', () => {
  it('end after 30 idle minutes and on sign-out', async () => {
    const start = new Date('2026-11-25T10:00:00Z')
    setClock(() => start)
    const member = await signedInStaff('warehouse')
    const token = readCookie(member.cookie, STAFF_COOKIE)
    setClock(() => new Date(start.getTime() + IDLE_MS - 1000))
    expect(await staffFromSession(token)).not.toBeNull()
    // Seen just now, so the idle window starts again.
    setClock(() => new Date(start.getTime() + 2 * IDLE_MS - 2000))
    expect(await staffFromSession(token)).not.toBeNull()
    setClock(() => new Date(start.getTime() + 3 * IDLE_MS))
    expect(await staffFromSession(token)).toBeNull()

    setClock(null)
    const other = await signedInStaff('warehouse')
    expect((await whoAmI(adminRequest('GET', '/api/admin/session/', { cookie: other.cookie }))).status).toBe(200)
    await signOut(adminRequest('DELETE', '/api/admin/session/', { cookie: other.cookie }))
    expect((await whoAmI(adminRequest('GET', '/api/admin/session/', { cookie: other.cookie }))).status).toBe(401)
  })
})

describe('second factor', () => {
  it('asks for the code after the password, refuses a wrong or replayed one', async () => {
    const member = await signedInStaff('owner')
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    await db().update(staff).set({ totpSecret: secret }).where(eq(staff.id, member.id))
    const at = new Date('2026-11-25T12:00:00Z')
    setClock(() => at)
    const ip = '192.0.2.44'
    expect(await (await login({ email: member.email, password: STAFF_PASSWORD }, ip)).json()).toEqual({ status: 'code-needed' })
    expect((await login({ email: member.email, password: STAFF_PASSWORD, code: '000000' }, ip)).status).toBe(403)
    const code = totpCode(secret, totpStep(at))
    const ok = await login({ email: member.email, password: STAFF_PASSWORD, code }, ip)
    expect(ok.status).toBe(200)
    expect(cookieFrom(ok)).toContain(STAFF_COOKIE)
    expect((await login({ email: member.email, password: STAFF_PASSWORD, code }, ip)).status).toBe(403)
  })
})

describe('password links', () => {
  it('set a password once and end the sessions the member had', async () => {
    const member = await signedInStaff('content')
    const link = await passwordLinkFor(member.id)
    const token = new URL(link).searchParams.get('token')!
    const set = (password: string) => setPassword(adminRequest('POST', '/api/admin/password/', {}, { token, password }))
    expect((await set('short')).status).toBe(400)
    expect((await set('a-new-long-password')).status).toBe(200)
    expect((await set('another-long-password')).status).toBe(400)
    expect(await staffFromSession(readCookie(member.cookie, STAFF_COOKIE))).toBeNull()
    expect((await login({ email: member.email, password: 'a-new-long-password' }, '192.0.2.45')).status).toBe(200)
  })
})
