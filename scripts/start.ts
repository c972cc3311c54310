/**
 * `npm start`: migrate and seed the database when needed, build when the build is missing or older
 * than the sources, then serve on PORT (3000). Signals reach `next start`, which drains requests.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { prepareDb } from './prepare-db'

const root = process.cwd()
const distDir = process.env.NEXT_DIST_DIR ?? '.next'
const buildId = path.join(root, distDir, 'BUILD_ID')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

function buildIsStale(): boolean {
  if (!existsSync(buildId)) return true
  const built = statSync(buildId).mtimeMs
  const sources = Math.max(
    newestMtime(path.join(root, 'src')),
    ...['package.json', 'next.config.ts', 'postcss.config.mjs'].map((f) => statSync(path.join(root, f)).mtimeMs),
  )
  return sources > built
}

process.env.NEXT_TELEMETRY_DISABLED = '1'
await prepareDb({ seed: true, syntheticProducts: 0 })

if (buildIsStale()) {
  console.log('building the shop…')
  const result = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: process.env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const port = process.env.PORT ?? '3000'
const server = spawn('npx', ['next', 'start', '-p', port], { stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
