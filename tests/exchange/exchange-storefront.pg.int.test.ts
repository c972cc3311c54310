import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db, dbHandle } from '@/db/client'
import { exchangeOffers, offers } from '@/db/schema'
import { waitFor } from '../support/change-feed'
import { reloadEnv } from '../support/test-hooks'
import { importFile, importXml, offersXml, sendFile, signIn } from './kit'

/**
 * Issue 21: the storefront shows prices from 1С within a second of the import step that wrote them, on
 * every instance: this process runs the exchange, two other shop processes hold cached catalogue cards
 * (tests/support/shop-instance.ts); the one following the change feed reads 1С's new price, the one
 * that does not keeps the old (the negative control: the cards really are cached).
 */
const DEMO = { email: 'exchange@example.ru', password: 'exchange-demo-2026' }
const RETAIL = 'pt-retail-0001'
const GOOD = { id: 'good-storefront-0001', name: 'Витрина из 1С капсулы', article: 'SF-01' }

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

let cookie: string

beforeAll(async () => {
  vi.stubEnv('VAR_DIR', mkdtempSync(path.join(tmpdir(), 'exchange-storefront-')))
  reloadEnv()
  cookie = await signIn(DEMO.email, DEMO.password)
})

afterAll(() => {
  vi.unstubAllEnvs()
  reloadEnv()
})

/** One exchange session of 1С's (a new sign-in each time, as 1С does), sending the good's price. */
async function sendOffers(price: string, onlyChanges: boolean): Promise<void> {
  cookie = await signIn(DEMO.email, DEMO.password)
  await sendFile(cookie, 'offers.xml', offersXml({ offers: [{ id: GOOD.id, prices: [{ type: RETAIL, value: price }], quantity: '9' }], onlyChanges }))
  expect((await importFile(cookie, 'offers.xml')).at(-1)?.[0]).toBe('success')
}

// PostgreSQL only (*.pg.int.test.ts): a PGlite directory belongs to one process.
describe('prices from 1С on the storefront', () => {
  const started: ReturnType<typeof instance>[] = []
  afterAll(() => started.forEach((i) => i.stop()))

  it('a price 1С sends is on another instance within a second; one not following the feed keeps the old one', async () => {
    await sendFile(cookie, 'import.xml', importXml({ groups: [], properties: [], goods: [GOOD] }))
    expect((await importFile(cookie, 'import.xml')).at(-1)?.[0]).toBe('success')
    await sendOffers('1000', false)
    const [row] = await db().select({ offerId: offers.id, productId: offers.productId }).from(exchangeOffers).innerJoin(offers, eq(offers.id, exchangeOffers.offerId)).where(eq(exchangeOffers.externalId, GOOD.id))
    expect(row).toBeDefined()
    const { productId, offerId } = row!

    const url = dbHandle().url ?? ''
    const following = instance(url, true)
    const notFollowing = instance(url, false)
    started.push(following, notFollowing)
    await Promise.all([following.ready, notFollowing.ready])
    expect(await following.price(productId, offerId)).toBe(100_000)
    expect(await notFollowing.price(productId, offerId)).toBe(100_000)

    await sendOffers('1249.90', true)
    const importedAt = performance.now()
    await waitFor(async () => (await following.price(productId, offerId)) === 124_990, 1_000)
    console.info(`1С import: the other instance read the new price after ${Math.round(performance.now() - importedAt)} ms`)
    expect(await notFollowing.price(productId, offerId)).toBe(100_000)
  })
})
