/**
 * A second shop process for the content change-feed test (ADR 200): it opens DATABASE_URL like a
 * server instance and answers `article <code>` on stdin with the name its cached article page shows
 * (null for none), one JSON line each. With --follow it follows the change feed as the server does.
 */
import { createInterface } from 'node:readline'
import { followChanges } from '@/db/change-feed'
import { closeDb } from '@/db/client'
import { articlePage } from '@/domains/content/content.server'

if (process.argv.includes('--follow')) await followChanges()
console.log(JSON.stringify({ ready: true }))
for await (const line of createInterface({ input: process.stdin })) {
  const [command, code] = line.split(' ')
  if (command !== 'article' || !code) continue
  console.log(JSON.stringify({ name: (await articlePage(code))?.NAME ?? null }))
}
await closeDb()
