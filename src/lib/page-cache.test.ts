import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { clearCache, invalidateTag } from './cache'
import { withPageCache, type PageCache, type PageCacheOptions } from './page-cache'
import { SESSID_COOKIE, SESSION_COOKIE, newSessionId, sessidFor } from './session'
import { setStaleRenderGuard } from '../../tests/support/test-hooks'

/** Stands in for Next: counts renders, answers per path, and can hold a render until told. */
class FakeNext {
  renders = 0
  private held: (() => void)[] = []
  hold = false
  status = 200
  contentType = 'text/html; charset=utf-8'

  readonly render = (req: IncomingMessage, res: ServerResponse) => {
    this.renders++
    const n = this.renders
    const finish = () => {
      res.statusCode = this.status
      res.setHeader('content-type', this.contentType)
      res.setHeader('content-security-policy', `script-src 'nonce-n${n}'`)
      // What the proxy adds on a first visit: never to be kept for the next visitor.
      res.setHeader('set-cookie', `${SESSION_COOKIE}=from-render; Path=/`)
      res.write(`<html><body>render ${n} of ${req.url}`)
      res.end(` accept-encoding=${req.headers['accept-encoding'] ?? 'none'}</body></html>`)
    }
    if (this.hold) this.held.push(finish)
    else finish()
  }

  release(): void {
    this.held.splice(0).forEach((f) => f())
  }
}

let server: Server | undefined
let cache: PageCache | undefined
afterEach(async () => {
  setStaleRenderGuard(true)
  cache?.close()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

async function serve(next: FakeNext, options: PageCacheOptions = {}): Promise<string> {
  cache = withPageCache(next.render, options)
  server = createServer(cache.listener)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } })

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000 && !(await check()); i++) await new Promise((r) => setImmediate(r))
}

describe('the page cache', () => {
  it('renders a public page once and sends the same bytes and policy from memory', async () => {
    const next = new FakeNext()
    const base = await serve(next)
    const first = await get(`${base}/catalog/vitamins/?sort=price`)
    const firstBody = await first.text()
    const second = await get(`${base}/catalog/vitamins/?sort=price`)
    expect([first.headers.get('x-page-cache'), second.headers.get('x-page-cache')]).toEqual(['miss', 'hit'])
    expect(await second.text()).toBe(firstBody)
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
    expect(next.renders).toBe(1)
    // Another query is another page.
    await get(`${base}/catalog/vitamins/?sort=name`)
    expect(next.renders).toBe(2)
  })

  it('gives a first visitor fresh session cookies on a cached page, and none to a visitor who has them', async () => {
    const base = await serve(new FakeNext())
    await get(`${base}/`)
    const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('='))
    const a = cookiesOf(await get(`${base}/`))
    const b = cookiesOf(await get(`${base}/`))
    const sessionA = a.find(([name]) => name === SESSION_COOKIE)?.[1] ?? ''
    expect(a.find(([name]) => name === SESSID_COOKIE)?.[1]).toBe(sessidFor(sessionA))
    expect(b.find(([name]) => name === SESSION_COOKIE)?.[1]).not.toBe(sessionA)
    const returning = newSessionId()
    const again = await get(`${base}/`, { cookie: `${SESSION_COOKIE}=${returning}; ${SESSID_COOKIE}=${sessidFor(returning)}` })
    expect(again.headers.get('x-page-cache')).toBe('hit')
    expect(again.headers.getSetCookie()).toEqual([])
  })

  it('forgets every page when the data cache forgets a tag or everything', async () => {
    const next = new FakeNext()
    const base = await serve(next)
    await get(`${base}/brands/`)
    invalidateTag('catalog')
    expect((await get(`${base}/brands/`)).headers.get('x-page-cache')).toBe('miss')
    clearCache()
    expect((await get(`${base}/brands/`)).headers.get('x-page-cache')).toBe('miss')
    expect(next.renders).toBe(3)
  })

  /** A render of /news/ that an invalidation overtakes; answers what the next visitor gets. */
  async function straddleAnInvalidation(): Promise<{ straddled: string; after: Response; renders: number }> {
    const next = new FakeNext()
    const base = await serve(next)
    next.hold = true
    const straddling = get(`${base}/news/`)
    await waitFor(async () => next.renders === 1)
    invalidateTag('content')
    next.release()
    const straddled = await (await straddling).text()
    next.hold = false
    const after = await get(`${base}/news/`)
    return { straddled, after, renders: next.renders }
  }

  it('sends but does not keep a render that began before an invalidation', async () => {
    const { straddled, after, renders } = await straddleAnInvalidation()
    expect(straddled).toContain('render 1')
    expect([after.headers.get('x-page-cache'), renders]).toEqual(['miss', 2])
  })

  it('negative control: without the guard the straddling render is kept and the old page served', async () => {
    setStaleRenderGuard(false)
    const { after, renders } = await straddleAnInvalidation()
    expect([after.headers.get('x-page-cache'), renders]).toEqual(['hit', 1])
  })

  it('renders account, checkout, calls, router requests and posts every time', async () => {
    const next = new FakeNext()
    const base = await serve(next)
    const uncached = [
      () => get(`${base}/personal/cart/`),
      () => get(`${base}/personal/order/make/`),
      () => get(`${base}/ajax/basket/`),
      () => get(`${base}/catalog/`, { rsc: '1' }),
      () => get(`${base}/catalog/?_rsc=abc`),
      () => fetch(`${base}/catalog/`, { method: 'POST', body: 'x=1' }),
      () => get(`${base}/catalog`),
    ]
    for (const request of uncached) {
      await request()
      await request()
    }
    expect(next.renders).toBe(uncached.length * 2)
  })

  it('renders every request of an editor in draft mode and keeps none of them for buyers (ADR 201)', async () => {
    const next = new FakeNext()
    const base = await serve(next)
    const draft = { cookie: `${SESSION_COOKIE}=x; __prerender_bypass=build-id` }
    await get(`${base}/health/item/draft-article/`, draft)
    await get(`${base}/health/item/draft-article/`, draft)
    expect(next.renders).toBe(2)
    // Nothing of the editor's renders was kept: the buyer's first visit renders, the second is a hit.
    const buyer = await get(`${base}/health/item/draft-article/`)
    expect(buyer.headers.get('x-page-cache')).toBe('miss')
    expect(next.renders).toBe(3)
    expect((await get(`${base}/health/item/draft-article/`)).headers.get('x-page-cache')).not.toBe('miss')
    expect(next.renders).toBe(3)
  })

  it('keeps only complete HTML or JSON answers with status 200', async () => {
    const next = new FakeNext()
    const base = await serve(next)
    next.status = 404
    await get(`${base}/catalog/none/`)
    await get(`${base}/catalog/none/`)
    next.status = 200
    next.contentType = 'text/plain'
    await get(`${base}/about/x/`)
    await get(`${base}/about/x/`)
    expect(next.renders).toBe(4)
    next.contentType = 'application/json'
    await get(`${base}/catalog/?ajax=Y&PAGEN_1=2`)
    expect((await get(`${base}/catalog/?ajax=Y&PAGEN_1=2`)).headers.get('x-page-cache')).toBe('hit')
    // A home-page tab loaded when chosen (ADR 191) is kept like the page.
    await get(`${base}/showcase/mainpage-products/new/`)
    expect((await get(`${base}/showcase/mainpage-products/new/`)).headers.get('x-page-cache')).toBe('hit')
  })

  it('renders again after the TTL, on the injected clock', async () => {
    let clock = 1_000_000
    const next = new FakeNext()
    const base = await serve(next, { ttlMs: 60_000, now: () => clock })
    await get(`${base}/health/`)
    clock += 59_999
    expect((await get(`${base}/health/`)).headers.get('x-page-cache')).toBe('hit')
    clock += 1
    expect((await get(`${base}/health/`)).headers.get('x-page-cache')).toBe('miss')
  })

  it('lets ten first visitors of one page wait for a single render', async () => {
    const next = new FakeNext()
    const base = await serve(next)
    next.hold = true
    const all = Array.from({ length: 10 }, () => get(`${base}/eco/`))
    await waitFor(async () => next.renders === 1)
    next.release()
    const bodies = await Promise.all(all.map(async (r) => (await r).text()))
    expect(new Set(bodies).size).toBe(1)
    expect(next.renders).toBe(1)
  })

  it('asks Next for identity bytes and compresses once for browsers that accept gzip', async () => {
    const base = await serve(new FakeNext())
    const plain = await (await get(`${base}/turboslim/`, { 'accept-encoding': 'gzip, br' })).text()
    expect(plain).toContain('accept-encoding=none')
    let zipped: Response | undefined
    await waitFor(async () => {
      zipped = await fetch(`${base}/turboslim/`, { headers: { 'accept-encoding': 'gzip' } })
      return zipped.headers.get('content-encoding') === 'gzip'
    })
    // fetch decodes gzip itself; the raw bytes are checked through a Node request below.
    expect(await zipped!.text()).toBe(plain)
    const raw = await new Promise<Buffer>((resolve) => {
      void import('node:http').then(({ get: nodeGet }) =>
        nodeGet(`${base}/turboslim/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve(Buffer.concat(chunks)))
        }),
      )
    })
    expect(gunzipSync(raw).toString()).toBe(plain)
    expect((await get(`${base}/turboslim/`)).headers.get('content-encoding')).toBeNull()
  })

  it('holds at most maxEntries pages, dropping the least recently used', async () => {
    const next = new FakeNext()
    const base = await serve(next, { maxEntries: 2 })
    await get(`${base}/news/a/`)
    await get(`${base}/news/b/`)
    await get(`${base}/news/a/`)
    await get(`${base}/news/c/`)
    expect(cache!.size()).toBe(2)
    expect((await get(`${base}/news/a/`)).headers.get('x-page-cache')).toBe('hit')
    expect((await get(`${base}/news/b/`)).headers.get('x-page-cache')).toBe('miss')
  })

  it('answers HEAD from the cache with headers and no body, and never fills the cache from a HEAD', async () => {
    const next = new FakeNext()
    const base = await serve(next)
    await fetch(`${base}/b2b/`, { method: 'HEAD' })
    expect(cache!.size()).toBe(0)
    await get(`${base}/b2b/`)
    const head = await fetch(`${base}/b2b/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
    expect([head.status, head.headers.get('x-page-cache'), await head.text()]).toEqual([200, 'hit', ''])
  })
})
