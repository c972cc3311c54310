/**
 * `npm run test:e2e`: browser tests in Debian's Chromium against a production build on a fresh
 * seeded PGlite in var/e2e. Installs the chromium package when missing (never a browser download).
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, rmSync } from 'node:fs'
import { ensureChromium } from './chromium'

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

ensureChromium()

// Overridable so that several checkouts or engineers can run the suite side by side.
const varDir = process.env.E2E_VAR_DIR ?? 'var/e2e'
const port = process.env.E2E_PORT ?? '3100'
const fakeAnalyticsPort = String(Number(port) + 1000)
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? '.next-e2e',
  VAR_DIR: varDir,
  PGLITE_DIR: `${varDir}/db`,
  DATABASE_URL: '',
  PORT: port,
  // The counters are on in every browser test, loaded from tests/e2e/fake-analytics on 127.0.0.1 (ADR 115).
  FAKE_ANALYTICS_PORT: fakeAnalyticsPort,
  METRIKA_ID: '10000001',
  METRIKA_SCRIPT_URL: `http://127.0.0.1:${fakeAnalyticsPort}/metrika/tag.js`,
  GTM_ID: 'GTM-E2E0001',
  GTM_SCRIPT_URL: `http://127.0.0.1:${fakeAnalyticsPort}/gtm.js`,
  // The tests stand in for a reverse proxy: the account tests name each client by X-Forwarded-For.
  TRUST_PROXY: '1',
  // The account spec plays the back office that sets track numbers (ADR 055).
  ADMIN_API_TOKEN: process.env.ADMIN_API_TOKEN || randomBytes(32).toString('base64url'),
}
rmSync(varDir, { recursive: true, force: true })
if (!process.argv.includes('--no-build')) {
  run('npx', ['next', 'build'], env)
  // The build needs no database (issue 17): a page that reads one before a dynamic API would open it
  // while prerendering, and the build's worker could still hold it when the seed below starts.
  if (existsSync(`${varDir}/db`)) {
    console.error(`next build opened the database ${varDir}/db: a page reads it before its permission check or connection().`)
    process.exit(1)
  }
}
run('npx', ['tsx', 'scripts/prepare-db.ts'], env)
// The crash-recovery spec runs its own server on a copy of the seeded database: copied here, before
// the suite's server holds it, instead of migrating and seeding a second one inside the test.
cpSync(`${varDir}/db`, `${varDir}/seeded-db`, { recursive: true })
run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2).filter((a) => a !== '--no-build')], env)
