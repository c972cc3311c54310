import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '@/db/client'
import { DatabaseInUse } from '@/db/exclusive'

/**
 * A PGlite directory opened by two processes is corrupted; `npm run db:seed` while the server runs
 * must stop with one clear line instead.
 */
const root = mkdtempSync(path.join(tmpdir(), 'vm-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function runPrepareDb(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/prepare-db.ts', '--no-seed'], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', PGLITE_DIR: dataDir, VAR_DIR: root },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => resolve({ code, stderr }))
  })
}

describe('PGlite directory owned by one process', () => {
  it('refuses `db:seed` with a clear line while another process has the directory open', async () => {
    const dataDir = path.join(root, 'busy')
    const server = openPglite(dataDir)
    try {
      const { code, stderr } = await runPrepareDb(dataDir)
      expect(code).toBe(1)
      expect(stderr).toContain(`is open in another process (pid ${process.pid})`)
      expect(stderr).not.toMatch(/\n\s+at /) // one line, no stack trace
    } finally {
      await server.close()
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false)
  })

  it('opens a directory whose lock was left by a killed process', async () => {
    const dataDir = path.join(root, 'stale')
    const dead = spawn(process.execPath, ['-e', ''])
    const deadPid = await new Promise<number>((resolve) => dead.on('exit', () => resolve(dead.pid!)))
    writeFileSync(`${dataDir}.lock`, String(deadPid))
    const handle = openPglite(dataDir)
    await handle.close()
  })

  it('refuses to open a directory whose lock names a running process', () => {
    const dataDir = path.join(root, 'twice')
    const live = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
    try {
      writeFileSync(`${dataDir}.lock`, String(live.pid))
      expect(() => openPglite(dataDir)).toThrow(DatabaseInUse)
    } finally {
      live.kill()
    }
  })
})
