import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reloadEnv } from '../../tests/support/test-hooks'
import { env } from './env'
import { newSessionId, serializeCookie, sessionCookies } from './session'

afterEach(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

function stub(vars: Record<string, string>): void {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value)
  reloadEnv()
}

describe('S2: the session cookie over https', () => {
  const cookies = () => sessionCookies(newSessionId()).map(serializeCookie)

  it('is Secure whenever PUBLIC_URL is https, whatever COOKIE_SECURE says', () => {
    stub({ PUBLIC_URL: 'https://vitamarket.ru', COOKIE_SECURE: 'false' })
    for (const cookie of cookies()) expect(cookie.split('; ')).toContain('Secure')
    stub({ PUBLIC_URL: 'https://localhost:3443' })
    for (const cookie of cookies()) expect(cookie.split('; ')).toContain('Secure')
  })

  it('is not Secure on a plain-http demo, where the browser would drop it', () => {
    stub({ PUBLIC_URL: 'http://localhost:3000' })
    const [session] = cookies()
    expect(session?.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax']))
    expect(session?.split('; ')).not.toContain('Secure')
  })
})

describe('env() and the shop mode', () => {
  it('runs a demo with the sandbox and a secret of its own in var/', () => {
    const varDir = mkdtempSync(path.join(tmpdir(), 'shop-demo-'))
    stub({ SESSION_SECRET: '', VAR_DIR: varDir })
    expect(env()).toMatchObject({ mode: 'demo', paymentSandbox: true })
    expect(env().SESSION_SECRET.length).toBeGreaterThanOrEqual(32)
  })

  it('never invents a per-instance secret in production mode', () => {
    const varDir = mkdtempSync(path.join(tmpdir(), 'shop-prod-'))
    stub({ SHOP_MODE: 'production', PUBLIC_URL: 'https://vitamarket.ru', SESSION_SECRET: '', VAR_DIR: varDir })
    expect(() => env()).toThrow(/SESSION_SECRET is not set/)
  })

  it('turns the sandbox off in production unless PAYMENT_SANDBOX=1', () => {
    stub({ PUBLIC_URL: 'https://vitamarket.ru' })
    expect(env()).toMatchObject({ mode: 'production', paymentSandbox: false })
    stub({ PAYMENT_SANDBOX: '1' })
    expect(env()).toMatchObject({ mode: 'production', paymentSandbox: true })
  })
})
