import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Hole 8 of issue 16 (ADR 152): `npm start` in production mode with unsafe settings stops before it
 * migrates, seeds or builds anything, with one line per setting.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'shop-start-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function start(vars: Record<string, string>) {
  const varDir = path.join(scratch, String(Math.random()).slice(2))
  const distDir = path.join(path.relative(process.cwd(), varDir), 'dist')
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      VAR_DIR: varDir,
      PGLITE_DIR: path.join(varDir, 'db'),
      NEXT_DIST_DIR: distDir,
      PORT: '1',
      ...vars,
    },
  })
  return { ...result, touched: existsSync(varDir) }
}

describe('npm start in production mode', () => {
  it('refuses every unsafe setting at once, one line each, and touches nothing', () => {
    const run = start({
      SHOP_MODE: 'production',
      PUBLIC_URL: 'http://vitamarket.ru',
      SESSION_SECRET: 'too-short',
      SOCIAL_LOGIN: 'fake',
      ADMIN_API_TOKEN: 'short-admin-token',
      PAYMENT_SANDBOX: 'on',
    })
    expect(run.status).toBe(1)
    const lines = run.stderr.split('\n')
    for (const setting of ['SESSION_SECRET', 'PUBLIC_URL', 'SOCIAL_LOGIN', 'ADMIN_API_TOKEN', 'PAYMENT_SANDBOX']) {
      expect(lines.filter((line) => line.startsWith(setting))).toHaveLength(1)
    }
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect(run.stdout).not.toContain('building')
    expect(run.touched).toBe(false)
  })

  it('refuses a public https shop with no shared secret', () => {
    const run = start({ PUBLIC_URL: 'https://vitamarket.ru' })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/^SESSION_SECRET is not set/m)
    expect(run.touched).toBe(false)
  })

  it('gets past the check with sound settings (negative control: the refusal above is the check, not a broken script)', () => {
    // PORT 1 needs root and the database URL points nowhere, so the run fails later, after the check.
    const run = start({
      SHOP_MODE: 'production',
      PUBLIC_URL: 'https://vitamarket.ru',
      SESSION_SECRET: 'x'.repeat(48),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
    })
    expect(run.stderr).not.toMatch(/will not start/)
    expect(run.stderr).toMatch(/ECONNREFUSED|connect/)
  })
})
