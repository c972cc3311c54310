/**
 * A second shop process for the change-feed test: it opens DATABASE_URL like a server instance, keeps
 * the same in-process cache, and answers `price <productId> <offerId>` on stdin with the price its
 * cached catalogue cards show, one JSON line each. With --follow it follows the change feed as the
 * server does at start (src/instrumentation.ts).
 */
import { createInterface } from 'node:readline'
import { followChanges } from '@/db/change-feed'
import { closeDb } from '@/db/client'
import { loadProductCards } from '@/domains/catalog/catalog.server'

if (process.argv.includes('--follow')) await followChanges()
console.log(JSON.stringify({ ready: true }))
for await (const line of createInterface({ input: process.stdin })) {
  const [command, productId, offerId] = line.split(' ').map((word, i) => (i === 0 ? word : Number(word)))
  if (command !== 'price') continue
  const [card] = await loadProductCards([Number(productId)])
  console.log(JSON.stringify({ price: card?.offers.find((o) => o.id === offerId)?.price ?? null }))
}
await closeDb()
