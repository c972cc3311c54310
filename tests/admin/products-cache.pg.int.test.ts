import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { updateOfferEndpoint } from '@/admin/api/products'
import { dbHandle } from '@/db/client'
import { anOfferWithoutSale, waitFor } from '../support/change-feed'
import { callEndpoint, signedInStaff } from '../support/staff'

/**
 * Issue 20 (ADR 178): a price changed in the product editor reaches another shop instance's cache
 * within a second, through the change feed (ADR 160), as tests/cache/two-instances does for the
 * price call; one instance that does not follow the feed keeps the old price (the negative control).
 */
function instance(url: string, follow: boolean) {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'tests/support/shop-instance.ts', ...(follow ? ['--follow'] : [])], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
  })
  const waiting: ((line: string) => void)[] = []
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line))
  const next = () => new Promise<string>((resolve) => waiting.push(resolve))
  const ready = next()
  return {
    ready,
    async price(productId: number, offerId: number): Promise<number | null> {
      const answer = next()
      child.stdin.write(`price ${productId} ${offerId}\n`)
      return (JSON.parse(await answer) as { price: number | null }).price
    },
    stop: () => child.stdin.end(),
  }
}

// PostgreSQL only (*.pg.int.test.ts): a PGlite directory belongs to one process.
describe('the product editor and another instance', () => {
  const started: ReturnType<typeof instance>[] = []
  afterAll(() => started.forEach((i) => i.stop()))

  it('a price saved in the editor is on the other instance within a second; one not following the feed keeps the old one', async () => {
    const url = dbHandle().url ?? ''
    const following = instance(url, true)
    const notFollowing = instance(url, false)
    started.push(following, notFollowing)
    await Promise.all([following.ready, notFollowing.ready])
    const offer = await anOfferWithoutSale()
    expect(await following.price(offer.productId, offer.offerId)).toBe(offer.price)
    expect(await notFollowing.price(offer.productId, offer.offerId)).toBe(offer.price)

    const editor = await signedInStaff('content')
    const newPrice = offer.price + 4_500
    const response = await callEndpoint(updateOfferEndpoint, editor, { params: { id: String(offer.offerId) }, body: { price: newPrice } })
    expect(response.status).toBe(200)
    const savedAt = performance.now()
    await waitFor(async () => (await following.price(offer.productId, offer.offerId)) === newPrice, 1_000)
    console.info(`product editor: the other instance read the new price after ${Math.round(performance.now() - savedAt)} ms`)
    expect(await notFollowing.price(offer.productId, offer.offerId)).toBe(offer.price)
  })
})
