import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

/** True when distDir's BUILD_ID is missing or older than any source or config file. */
export function buildIsStale(distDir: string): boolean {
  const root = process.cwd()
  const buildId = path.join(root, distDir, 'BUILD_ID')
  const configs = ['package.json', 'next.config.ts', 'postcss.config.mjs'].map((f) => statSync(path.join(root, f)).mtimeMs)
  return !existsSync(buildId) || Math.max(newestMtime(path.join(root, 'src')), ...configs) > statSync(buildId).mtimeMs
}

/** Builds into distDir when its BUILD_ID is missing or older than any source or config file. */
export function buildIfStale(distDir: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!buildIsStale(distDir)) return
  console.log(`building the shop into ${distDir}…`)
  const result = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...env, NEXT_DIST_DIR: distDir } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
