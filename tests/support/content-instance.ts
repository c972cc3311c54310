/**
 * A second shop process for the content editors' change-feed test (ADR 202, 203): it opens
 * DATABASE_URL like a server instance, keeps the same in-process cache, and answers on stdin, one JSON
 * line each: `landing <code>` with the cached landing's first block title, `eco <city>` with the cached
 * eco points' names. With --follow it follows the change feed as the server does at start.
 */
import { createInterface } from 'node:readline'
import { followChanges } from '@/db/change-feed'
import { closeDb } from '@/db/client'
import { ecoBoxes } from '@/domains/eco/eco.server'
import { loadProductLanding } from '@/domains/landings/landings.server'

if (process.argv.includes('--follow')) await followChanges()
console.log(JSON.stringify({ ready: true }))
for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...rest] = line.split(' ')
  const arg = rest.join(' ')
  if (command === 'landing') {
    const first = (await loadProductLanding(arg))?.blocks[0]
    console.log(JSON.stringify({ value: first && 'title' in first ? first.title : null }))
  } else if (command === 'eco')
    console.log(JSON.stringify({ value: (await ecoBoxes({ city: arg })).map((p) => p.Name) }))
}
await closeDb()
