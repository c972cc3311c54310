import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { dbHandle } from '@/db/client'
import { changeOfferPrice } from '@/domains/catalog/offer-prices.server'
import { anOfferWithoutSale, waitFor } from '../support/change-feed'

// The change feed across processes (ADR 160): the test's own process writes, two more shop processes
// on the same database read through their caches.

/** A second shop process on the same PostgreSQL database (tests/support/shop-instance.ts). */
class Instance {
  private readonly answers: ((line: string) => void)[] = []
  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.answers.shift()?.(line))
  }

  static async start(url: string, follow: boolean): Promise<Instance> {
    const args = ['--conditions=react-server', '--import', 'tsx', 'tests/support/shop-instance.ts', ...(follow ? ['--follow'] : [])]
    const child = spawn(process.execPath, args, { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' } })
    const instance = new Instance(child)
    await instance.next()
    return instance
  }

  private next(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.answers.push(resolve)
      this.child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)))
    })
  }

  async price(productId: number, offerId: number): Promise<number | null> {
    const answer = this.next()
    this.child.stdin.write(`price ${productId} ${offerId}\n`)
    return (JSON.parse(await answer) as { price: number | null }).price
  }

  stop(): void {
    this.child.stdin.end()
  }
}

// PostgreSQL only (*.pg.int.test.ts): a PGlite directory belongs to one process by construction.
describe('two instances on one PostgreSQL', () => {
  const started: Instance[] = []
  afterAll(() => started.forEach((i) => i.stop()))

  it('a price changed on this instance is read on another within moments; one not following the feed keeps the old price', async () => {
    const url = dbHandle().url ?? ''
    const [following, notFollowing] = await Promise.all([Instance.start(url, true), Instance.start(url, false)])
    started.push(following, notFollowing)
    const offer = await anOfferWithoutSale()
    expect(await following.price(offer.productId, offer.offerId)).toBe(offer.price)
    expect(await notFollowing.price(offer.productId, offer.offerId)).toBe(offer.price)

    const newPrice = offer.price + 12_300
    const changedAt = performance.now()
    await changeOfferPrice({ offerId: offer.offerId, price: newPrice, oldPrice: null })
    await waitFor(async () => (await following.price(offer.productId, offer.offerId)) === newPrice)
    console.info(`change feed: the other instance read the new price after ${Math.round(performance.now() - changedAt)} ms`)
    // Negative control: without the feed the other cache serves the old price until its TTL.
    expect(await notFollowing.price(offer.productId, offer.offerId)).toBe(offer.price)
  })
})
