import { PGlite } from '@electric-sql/pglite'
import { expect, test } from './test'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import path from 'node:path'
import { untilServing } from './own-server'

/**
 * Issue "foundation": after `kill -9` of the server, starting it again serves the same data.
 * Runs its own server on a copy of the seeded database, because the suite's server holds var/e2e/db:
 * scripts/e2e.ts copies it to <var>/seeded-db before that server starts. Its directory and port
 * follow the suite's (E2E_VAR_DIR, E2E_PORT), so that runs side by side do not meet.
 */
const root = path.resolve(import.meta.dirname, '../..')
const suiteVarDir = path.resolve(root, process.env.VAR_DIR ?? 'var/e2e')
const varDir = path.join(suiteVarDir, 'crash')
const port = Number(process.env.PORT ?? 3100) + 90
const base = `http://127.0.0.1:${port}`
const env = {
  ...process.env,
  VAR_DIR: varDir,
  PGLITE_DIR: path.join(varDir, 'db'),
  DATABASE_URL: '',
  PORT: String(port),
}

function startServer(): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/serve.ts')],
    {
      cwd: root,
      env,
      stdio: 'ignore',
    },
  )
}

function waitUp(): Promise<void> {
  return untilServing(base, 60_000)
}

async function basket(cookie: string, sessid: string, fields: Record<string, string>) {
  const res = await fetch(`${base}/ajax/basket/`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({ ...fields, sessid }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { Products: { id: number | string; quantity: number }[] }
}

let server: ChildProcess | undefined
// A test that times out does not reach its own clean-up; a server left running would slow the rest
// of the suite (one did, for half an hour, in a measured run).
test.afterAll(() => {
  server?.kill('SIGKILL')
})

// Runs in the desktop project only (see playwright.config.ts): it does not depend on the viewport.
test('the shop comes back with its data after kill -9', async () => {
  test.setTimeout(180_000)
  rmSync(varDir, { recursive: true, force: true })
  cpSync(path.join(suiteVarDir, 'seeded-db'), path.join(varDir, 'db'), { recursive: true })

  const db = new PGlite(path.join(varDir, 'db'))
  const offer = (await db.query<{ id: number }>('select id from offers where stock >= 5 order by id limit 1'))
    .rows[0]
  await db.close()
  expect(offer).toBeDefined()

  server = startServer()
  await waitUp()
  const first = await fetch(`${base}/`)
  const cookies = first.headers.getSetCookie().map((c) => c.split(';')[0] ?? '')
  const cookie = cookies.join('; ')
  const sessid = decodeURIComponent(cookies.find((c) => c.startsWith('vm_sessid='))?.split('=')[1] ?? '')
  const added = await basket(cookie, sessid, { ACTION: 'Add', ID: String(offer!.id), QUANTITY: '2' })
  expect(added.Products.map((p) => [Number(p.id), p.quantity])).toEqual([[offer!.id, 2]])

  const killed = server
  killed.kill('SIGKILL')
  await new Promise((r) => killed.once('exit', r))

  server = startServer()
  try {
    await waitUp()
    const after = await basket(cookie, sessid, { ACTION: 'GetBasket' })
    expect(after.Products.map((p) => [Number(p.id), p.quantity])).toEqual([[offer!.id, 2]])
  } finally {
    server.kill('SIGTERM')
  }
})
