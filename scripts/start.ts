/**
 * `npm start`: migrate and seed the database when needed, build when the build is missing or older
 * than the sources, then serve on PORT (3000). Signals reach `next start`, which drains requests.
 */
import { spawn } from 'node:child_process'
import { buildIfStale } from './build-if-stale'
import { prepareDbOrExit } from './prepare-db'

process.env.NEXT_TELEMETRY_DISABLED = '1'
await prepareDbOrExit({ seed: true, syntheticProducts: 0 })
buildIfStale(process.env.NEXT_DIST_DIR ?? '.next')

const port = process.env.PORT ?? '3000'
const server = spawn('npx', ['next', 'start', '-p', port], { stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
