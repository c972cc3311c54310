import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { changeOfferPrice } from '@/domains/catalog/offer-prices.server'
import { cached } from '@/lib/cache'
import { announceChanges, CHANGES_CHANNEL, followChanges } from './change-feed'
import { db, dbHandle } from './client'
import { offers } from './schema'
import { anOfferWithoutSale, waitFor } from '../../tests/support/change-feed'

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
    const offer = await anOfferWithoutSale()
    await expect(changeOfferPrice({ offerId: offer.offerId, price: -1, oldPrice: null })).rejects.toMatchObject({ kind: 'invalid' })
    await expect(changeOfferPrice({ offerId: offer.offerId, price: 100, oldPrice: 50 })).rejects.toMatchObject({ kind: 'invalid' })
    await expect(changeOfferPrice({ offerId: 99_999_999, price: 100, oldPrice: null })).rejects.toMatchObject({ kind: 'not-found' })
    await changeOfferPrice({ offerId: offer.offerId, price: 123_400, oldPrice: 150_000 })
    const [row] = await db().select({ price: offers.price, oldPrice: offers.oldPrice }).from(offers).where(eq(offers.id, offer.offerId))
    expect(row).toEqual({ price: 123_400, oldPrice: 150_000 })
  })
})
