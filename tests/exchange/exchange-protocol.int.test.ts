import { mkdtempSync } from 'node:fs'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/client'
import { exchangeLog, exchangeSessions, staff } from '@/db/schema'
import { DEMO_EXCHANGE, seedStaff } from '@/db/seed/staff'
import { EXCHANGE_MESSAGES } from '@/domains/exchange/exchange'
import { signedInStaff, STAFF_PASSWORD } from '../support/staff'
import { reloadEnv, setClock, setThrottleEnabled } from '../support/test-hooks'
import { basic, call, sendFile, signIn } from './kit'

/** Issue 21: the protocol edge at /bitrix/admin/1c_exchange.php, as 1С drives it (ADR 189). */
const DEMO = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
let varDir: string

function stubBase(): void {
  vi.unstubAllEnvs()
  vi.stubEnv('VAR_DIR', varDir)
  vi.stubEnv('EXCHANGE_FILE_LIMIT', '100000')
  reloadEnv()
}

beforeAll(() => {
  varDir = mkdtempSync(path.join(tmpdir(), 'exchange-protocol-'))
  stubBase()
})

afterAll(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

afterEach(() => {
  setThrottleEnabled(true)
  setClock(null)
})

describe('GET /bitrix/admin/1c_exchange.php', () => {
  it('checkauth answers success, the cookie name and value, in windows-1251 plain text', async () => {
    const answer = await call('type=catalog&mode=checkauth', { auth: basic(DEMO.email, DEMO.password) })
    expect(answer.contentType).toBe('text/plain; charset=windows-1251')
    expect(answer.lines).toHaveLength(3)
    expect(answer.lines[0]).toBe('success')
    expect(answer.lines[1]).toBe('exchange_session')
    expect(answer.lines[2]).toMatch(/^[\w-]{40,}$/)
  })

  it('init with the cookie answers zip=yes and the file limit', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    expect((await call('type=catalog&mode=init', { cookie })).lines).toEqual(['zip=yes', 'file_limit=100000'])
  })

  it('refuses every command but checkauth without the session cookie, or with a made-up one, with 403 and no trace', async () => {
    const logged = (await db().select().from(exchangeLog)).length
    const bare = await call('type=catalog&mode=init')
    expect(bare).toMatchObject({ status: 403, lines: ['failure', EXCHANGE_MESSAGES.noSession] })
    expect((await call('type=sale&mode=query')).status).toBe(403)
    expect((await call('type=catalog&mode=file&filename=import.xml', { body: Buffer.from('<x/>') })).status).toBe(403)
    expect((await db().select().from(exchangeLog)).length).toBe(logged)
    expect((await call('type=catalog&mode=init', { cookie: 'exchange_session=made-up' })).lines).toEqual(['failure', EXCHANGE_MESSAGES.noSession])
    // Basic auth alone is not a session: 1С always signs in first.
    expect((await call('type=catalog&mode=init', { auth: basic(DEMO.email, DEMO.password) })).lines[0]).toBe('failure')
  })

  it('refuses a wrong password with failure and its reason (windows-1251 Russian)', async () => {
    const answer = await call('type=catalog&mode=checkauth', { auth: basic(DEMO.email, 'wrong-password'), ip: '10.2.0.1' })
    expect(answer.lines).toEqual(['failure', EXCHANGE_MESSAGES.wrong])
    expect((await call('type=catalog&mode=checkauth', { auth: basic('nobody@example.ru', 'x'), ip: '10.2.0.1' })).lines).toEqual(['failure', EXCHANGE_MESSAGES.wrong])
    expect((await call('type=catalog&mode=checkauth', { ip: '10.2.0.1' })).lines).toEqual(['failure', EXCHANGE_MESSAGES.noAuth])
  })

  it('throttles password guessing like the staff login: after the free attempts even the right password waits', async () => {
    // One instant: the delay after the free tries cannot run out between guesses.
    const at = new Date()
    setClock(() => at)
    const member = await signedInStaff('exchange')
    for (let i = 0; i < 6; i++) expect((await call('type=catalog&mode=checkauth', { auth: basic(member.email, `guess-${i}`), ip: '10.3.0.1' })).lines[1]).toBe(EXCHANGE_MESSAGES.wrong)
    expect((await call('type=catalog&mode=checkauth', { auth: basic(member.email, STAFF_PASSWORD), ip: '10.3.0.1' })).lines).toEqual(['failure', EXCHANGE_MESSAGES.tooMany])
    // Negative control: without the throttle the same password is taken.
    setThrottleEnabled(false)
    expect((await call('type=catalog&mode=checkauth', { auth: basic(member.email, STAFF_PASSWORD), ip: '10.3.0.1' })).lines[0]).toBe('success')
  })

  it("refuses a staff role without the 'exchange' permission, and lets the owner's role in", async () => {
    for (const role of ['content', 'manager', 'warehouse'] as const) {
      const member = await signedInStaff(role)
      expect((await call('type=catalog&mode=checkauth', { auth: basic(member.email, STAFF_PASSWORD), ip: '10.4.0.1' })).lines, role).toEqual(['failure', EXCHANGE_MESSAGES.noPermission])
    }
    const owner = await signedInStaff('owner')
    expect((await call('type=catalog&mode=checkauth', { auth: basic(owner.email, STAFF_PASSWORD), ip: '10.4.0.1' })).lines[0]).toBe('success')
  })

  it('production mode refuses the demo exchange account, and its seed switches the account off', async () => {
    vi.stubEnv('SHOP_MODE', 'production')
    vi.stubEnv('PUBLIC_URL', 'https://vitamarket.example')
    reloadEnv()
    try {
      expect((await call('type=catalog&mode=checkauth', { auth: basic(DEMO.email, DEMO.password), ip: '10.5.0.1' })).lines).toEqual(['failure', EXCHANGE_MESSAGES.wrong])
      await seedStaff(db())
      const [row] = await db().select().from(staff).where(eq(staff.email, DEMO.email))
      expect(row).toMatchObject({ active: false, passwordHash: null })
    } finally {
      stubBase()
      await db().update(staff).set({ active: true, passwordHash: DEMO_EXCHANGE.passwordHash }).where(eq(staff.email, DEMO.email))
    }
  })

  it('ends a session left idle for more than an hour', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    const later = new Date(Date.now() + 61 * 60_000)
    setClock(() => later)
    expect((await call('type=catalog&mode=init', { cookie })).lines).toEqual(['failure', EXCHANGE_MESSAGES.noSession])
  })
})

describe('POST /bitrix/admin/1c_exchange.php?mode=file', () => {
  it('appends the pieces of a file in the run’s own folder under VAR_DIR', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    const bytes = Buffer.from('0123456789'.repeat(1000))
    await sendFile(cookie, 'import_files/ab/abcdef.jpg', bytes, 3000)
    const [session] = await db().select().from(exchangeSessions).orderBy(exchangeSessions.id)
    expect(session).toBeDefined()
    const folders = path.join(varDir, 'exchange')
    const found = (await import('node:fs')).readdirSync(folders).map((id) => path.join(folders, id, 'import_files/ab/abcdef.jpg')).filter(existsSync)
    expect(found).toHaveLength(1)
    expect((await import('node:fs')).readFileSync(found[0]!)).toEqual(bytes)
  })

  it('refuses names with .., absolute paths and drive letters, and writes nothing outside the folder', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    for (const name of ['../escape.xml', 'import_files/../../escape.xml', '/tmp/escape.xml', 'C:\\escape.xml', '..\\escape.xml', '', 'a/./b.xml']) {
      const answer = await call(`type=catalog&mode=file&filename=${encodeURIComponent(name)}`, { cookie, body: Buffer.from('<x/>') })
      expect(answer.lines, name).toEqual(['failure', EXCHANGE_MESSAGES.badFilename])
    }
    expect(existsSync(path.join(varDir, 'escape.xml'))).toBe(false)
    expect(existsSync(path.join(varDir, 'exchange', 'escape.xml'))).toBe(false)
    expect(existsSync('/tmp/escape.xml')).toBe(false)
  })

  it('takes away the folders of runs over for more than two days when a run starts', async () => {
    const { mkdirSync, utimesSync, writeFileSync } = await import('node:fs')
    const old = path.join(varDir, 'exchange', '999999')
    const recent = path.join(varDir, 'exchange', '999998')
    for (const folder of [old, recent]) {
      mkdirSync(folder, { recursive: true })
      writeFileSync(path.join(folder, 'import.xml'), '<x/>')
    }
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000)
    utimesSync(old, threeDaysAgo, threeDaysAgo)
    await signIn(DEMO.email, DEMO.password)
    expect(existsSync(old)).toBe(false)
    expect(existsSync(recent)).toBe(true)
  })

  it('refuses a piece bigger than file_limit', async () => {
    const cookie = await signIn(DEMO.email, DEMO.password)
    const answer = await call('type=catalog&mode=file&filename=big.xml', { cookie, body: Buffer.alloc(100_001) })
    expect(answer.lines).toEqual(['failure', EXCHANGE_MESSAGES.tooBig])
  })

  it('logs each received file and each refusal', async () => {
    const rows = await db().select().from(exchangeLog).where(eq(exchangeLog.mode, 'file'))
    expect(rows.some((r) => r.outcome === 'success' && r.filename === 'import_files/ab/abcdef.jpg')).toBe(true)
    expect(rows.some((r) => r.outcome === 'failure' && r.message === EXCHANGE_MESSAGES.badFilename)).toBe(true)
  })
})
