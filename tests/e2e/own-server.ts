import { expect } from './test'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Waits until a server a spec started itself answers its health check: a spec that needs settings the
 * suite's server does not have (a fake provider, a crash) runs its own, and a busy machine takes a
 * varying while to start one, so the wait is for the answer, not for a time.
 */
export async function untilServing(base: string, timeout = 120_000): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/healthz/`)).ok
        } catch {
          return false // not listening yet
        }
      },
      { timeout, intervals: [250, 500, 1_000] },
    )
    .toBe(true)
}

/**
 * A shop server of the spec's own, for settings the suite's server must not have (a provider's keys
 * pointing at its local fake): a copy of the suite's seeded database under the suite's var dir, the
 * port the suite's plus `portOffset`, and the buyer sent back to it (PUBLIC_URL).
 */
export function ownServer(name: string, portOffset: number) {
  const suiteVarDir = path.resolve(root, process.env.VAR_DIR ?? 'var/e2e')
  const varDir = path.join(suiteVarDir, name)
  const dbDir = path.join(varDir, 'db')
  const port = Number(process.env.PORT ?? 3100) + portOffset
  const base = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  return {
    base,
    /** Starts it with these settings; `prepare` may change the copied database before the server opens it. */
    async start(settings: Record<string, string>, prepare?: (dbDir: string) => Promise<void>): Promise<void> {
      rmSync(varDir, { recursive: true, force: true })
      cpSync(path.join(suiteVarDir, 'seeded-db'), dbDir, { recursive: true })
      await prepare?.(dbDir)
      child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/serve.ts')], {
        cwd: root,
        stdio: 'ignore',
        env: {
          ...process.env,
          VAR_DIR: varDir,
          PGLITE_DIR: dbDir,
          DATABASE_URL: '',
          PORT: String(port),
          PUBLIC_URL: base,
          ...settings,
        },
      })
      await untilServing(base)
    },
    // A test that times out does not reach its own clean-up; a server left running slows the rest.
    stop(): void {
      child?.kill('SIGKILL')
    },
  }
}
