import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createInterface } from 'node:readline'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { changeOfferPrice } from '@/domains/catalog/offer-prices.server'
import { cached } from '@/lib/cache'
import { announceChanges, CHANGES_CHANNEL, followChanges } from './change-feed'
import { db, dbHandle } from './client'
import { offers, products } from './schema'

/** Resolves when `check` holds; fails after `ms` (a bound far above the expected wait, not a window). */
async function waitFor(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setImmediate(resolve))
  }
}

async function anOffer() {
  const [row] = await db()
    .select({ offerId: offers.id, productId: offers.productId, price: offers.price })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(and(eq(offers.active, true), eq(products.active, true), isNull(offers.oldPrice)))
    .limit(1)
  if (!row) throw new Error('no active offer in the seed')
  return row
}

describe('the change feed', () => {
  it('delivers a committed announcement, in commit order, and never a rolled-back one', async () => {
    const heard: string[] = []
    const stop = await dbHandle().listen(CHANGES_CHANNEL, { onMessage: (p) => heard.push(p), onGap: () => heard.push('gap') })
    try {
      await db()
        .transaction(async (tx) => {
          await announceChanges(tx, ['rolled-back'])
          throw new Error('roll back')
        })
        .catch(() => undefined)
      await db().transaction(async (tx) => {
        await announceChanges(tx, ['first'])
        // Not yet: the message leaves with the commit.
        expect(heard).toEqual([])
      })
      await announceChanges(db(), ['second', 'third'])
      await waitFor(() => heard.length >= 2)
      expect(heard).toEqual(['["first"]', '["second","third"]'])
    } finally {
      await stop()
    }
  })

  it('a follower drops the cached entries of the announced tags only', async () => {
    await followChanges()
    let loads = 0
    const read = (key: string, tag: string) => cached(key, { tags: [tag] }, async () => ++loads)
    await read('feed:a', 'feed-a')
    await read('feed:b', 'feed-b')
    // Sent on the channel as another instance would, so this process's own shortcut plays no part.
    await db().execute(`select pg_notify('${CHANGES_CHANNEL}', '["feed-a"]')`)
    await waitFor(async () => (await read('feed:a', 'feed-a')) !== 1)
    expect(await read('feed:b', 'feed-b')).toBe(2)
  })

  it('a price change refuses a bad price and an unknown offer, and stores a good one', async () => {
    const offer = await anOffer()
    await expect(changeOfferPrice({ offerId: offer.offerId, price: -1, oldPrice: null })).rejects.toMatchObject({ kind: 'invalid' })
    await expect(changeOfferPrice({ offerId: offer.offerId, price: 100, oldPrice: 50 })).rejects.toMatchObject({ kind: 'invalid' })
    await expect(changeOfferPrice({ offerId: 99_999_999, price: 100, oldPrice: null })).rejects.toMatchObject({ kind: 'not-found' })
    await changeOfferPrice({ offerId: offer.offerId, price: 123_400, oldPrice: 150_000 })
    const [row] = await db().select({ price: offers.price, oldPrice: offers.oldPrice }).from(offers).where(eq(offers.id, offer.offerId))
    expect(row).toEqual({ price: 123_400, oldPrice: 150_000 })
  })
})

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

// Two instances need a server both can reach: PGlite is one process's by construction.
if (process.env.TEST_DB === 'postgres') {
  describe('two instances on one PostgreSQL', () => {
    const started: Instance[] = []
    afterAll(() => started.forEach((i) => i.stop()))

    it('a price changed on this instance is read on another within moments; one not following the feed keeps the old price', async () => {
      const url = dbHandle().url ?? ''
      const [following, notFollowing] = await Promise.all([Instance.start(url, true), Instance.start(url, false)])
      started.push(following, notFollowing)
      const offer = await anOffer()
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
}
