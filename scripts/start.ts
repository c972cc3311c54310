/**
 * `npm start`: migrate and seed the database when needed, build when the build is missing or older
 * than the sources, then serve on PORT (3000). Signals reach the server (scripts/serve.ts), which drains requests.
 */
import './refuse-unsafe-settings'
import { spawn } from 'node:child_process'
import { buildIfStale } from './build-if-stale'
import { prepareDbOrExit } from './prepare-db'
import { env } from '../src/lib/env'

process.env.NEXT_TELEMETRY_DISABLED = '1'
await prepareDbOrExit({ seed: true, syntheticProducts: 0 })
buildIfStale(process.env.NEXT_DIST_DIR ?? '.next')

const port = process.env.PORT ?? '3000'
// On PGlite the database lives in this process too, so V8 is told to favour memory over speed: its heap
// then grows far less past what is alive (1С's import peaked at 399–418 MB instead of 742, ADR 216).
const nodeFlags = env().DATABASE_URL ? [] : ['--optimize-for-size']
// One process (no tsx wrapper), so that a signal or a kill reaches the server itself.
const server = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'scripts/serve.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port } })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
